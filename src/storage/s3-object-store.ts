import { GetObjectCommand, HeadBucketCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config.ts';
import { assertSafeKey, type ObjectStore } from './object-store.ts';

/** Objects in an S3-compatible bucket, downloaded from `S3_PUBLIC_URL` (a CDN or the bucket's public address). */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3';
  readonly #client: S3Client;
  readonly #settings: S3Settings;

  constructor(settings: S3Settings) {
    this.#settings = settings;
    this.#client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    });
  }

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.#settings.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        // Keys carry a content hash, so an object never changes under its name.
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    assertSafeKey(key);
    try {
      const answer = await this.#client.send(new GetObjectCommand({ Bucket: this.#settings.bucket, Key: key }));
      return answer.Body ? await answer.Body.transformToByteArray() : undefined;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  publicUrl(key: string): string {
    return `${this.#settings.publicUrl}/${key}`;
  }

  async check(): Promise<void> {
    await this.#client.send(new HeadBucketCommand({ Bucket: this.#settings.bucket }));
  }

  destroy(): void {
    this.#client.destroy();
  }
}
