import path from 'node:path';
import type { Config } from '../config.ts';
import { LocalObjectStore } from './local-object-store.ts';
import type { ObjectStore } from './object-store.ts';
import { S3ObjectStore } from './s3-object-store.ts';

/** The store the settings choose: S3 when `S3_BUCKET` is set, otherwise `DATA_DIR/objects`. */
export function createObjectStore(config: Config): ObjectStore {
  return config.s3 ? new S3ObjectStore(config.s3) : new LocalObjectStore(path.join(config.dataDir, 'objects'), config.publicBaseUrl);
}
