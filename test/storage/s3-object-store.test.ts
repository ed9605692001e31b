import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import S3rver from 's3rver';
import { loadConfig } from '../../src/config.ts';
import { createObjectStore } from '../../src/storage/create-object-store.ts';
import { S3ObjectStore } from '../../src/storage/s3-object-store.ts';

describe('S3 object store against an S3-protocol server', () => {
  let server: S3rver;
  let endpoint: string;
  let folder: string;
  before(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-s3-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: folder, configureBuckets: [{ name: 'models', configs: [] }] });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
  });
  after(async () => {
    await server.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const settings = () =>
    loadConfig({ S3_BUCKET: 'models', S3_ENDPOINT: endpoint, S3_PUBLIC_URL: `${endpoint}/models`, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', DATA_DIR: folder });

  test('the settings choose S3 when S3_BUCKET is set', () => {
    assert.equal(createObjectStore(settings()).kind, 's3');
  });

  test('puts a GLB that is then downloadable at its public URL with its type and immutable caching', async () => {
    const store = createObjectStore(settings()) as S3ObjectStore;
    await store.check();
    const body = new Uint8Array(Buffer.from('glTF\u0002\u0000\u0000\u0000 model bytes'));
    await store.put('models/hd_1_2_0.3/0123abcd.glb', body, 'model/gltf-binary');
    const url = store.publicUrl('models/hd_1_2_0.3/0123abcd.glb');
    assert.equal(url, `${endpoint}/models/models/hd_1_2_0.3/0123abcd.glb`);
    const response = await fetch(url);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'model/gltf-binary');
    assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.deepEqual(new Uint8Array(await response.arrayBuffer()), body);
    store.destroy();
  });

  test('reads back what it stored; a key with nothing stored reads as undefined', async () => {
    const store = createObjectStore(settings()) as S3ObjectStore;
    const body = new TextEncoder().encode('{"buildings":[]}');
    await store.put('models/hd_1_2_0.3/0123abcd.insights-v1.json', body, 'application/json');
    assert.deepEqual(await store.get('models/hd_1_2_0.3/0123abcd.insights-v1.json'), body);
    assert.equal(await store.get('models/hd_1_2_0.3/none.json'), undefined);
    store.destroy();
  });

  test('check fails for a bucket that does not exist', async () => {
    const store = new S3ObjectStore({ ...settings().s3!, bucket: 'missing-bucket' });
    await assert.rejects(store.check());
    store.destroy();
  });

  test('keys that could escape are refused', async () => {
    const store = createObjectStore(settings()) as S3ObjectStore;
    await assert.rejects(store.put('../etc/passwd', new Uint8Array(1), 'text/plain'), /Invalid object key/);
    store.destroy();
  });
});
