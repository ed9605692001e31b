import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, generatorSources, loadConfig } from '../src/config.ts';
import { redactUrl } from '../src/logging.ts';
import { stripeHostOptions } from '../src/billing/stripe-billing.ts';

test('defaults of every setting', () => {
  const config = loadConfig({}, '/srv/solar');
  assert.equal(config.port, 3000);
  assert.equal(config.host, '0.0.0.0');
  assert.equal(config.publicBaseUrl, 'http://localhost:3000');
  assert.equal(config.dataDir, '/srv/solar/data');
  assert.equal(config.databaseUrl, undefined);
  assert.equal(config.s3, undefined);
  assert.equal(config.workers, 1);
  assert.equal(config.pvgisUrl, 'https://re.jrc.ec.europa.eu/api/v5_3');
  assert.equal(config.trustProxy, false);
});

test('TRUST_PROXY: no proxy, the nearest hops, or the proxies\' addresses', () => {
  const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
  assert.equal(trust('false'), false);
  assert.equal(trust('true'), 1, 'true is the one proxy in front, never every hop');
  assert.equal(trust('2'), 2);
  assert.equal(trust('10.0.0.0/8, loopback'), '10.0.0.0/8,loopback');
  assert.throws(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8,example.com' }), ConfigError);
});

test('every wrong setting is reported at once, one line each', () => {
  try {
    loadConfig({ PORT: '70000', PUBLIC_BASE_URL: 'ftp://x', WORKERS: '-1', S3_BUCKET: 'b', TRUST_PROXY: 'maybe', DATABASE_URL: 'mysql://x' });
    assert.fail('expected ConfigError');
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    assert.deepEqual(error.problems, [
      'PORT must be a whole number from 0 to 65535 (got "70000")',
      'PUBLIC_BASE_URL must be an http:// or https:// URL (got "ftp://x")',
      'DATABASE_URL must be a postgres:// or postgresql:// URL, or unset for the embedded database',
      'S3_PUBLIC_URL is required when S3_BUCKET is set (the address partners download models from)',
      'WORKERS must be a whole number from 0 to 64 (got "-1")',
      'TRUST_PROXY must be false, true (one proxy in front), the number of proxies in front (1 to 10), or their addresses or ranges, comma-separated, such as 10.0.0.0/8,loopback (got "maybe")',
    ]);
  }
});

test('S3: path-style addresses by default with an endpoint, as S3_FORCE_PATH_STYLE says when it is set', () => {
  const s3 = (env: Record<string, string>) => loadConfig({ S3_BUCKET: 'models', S3_PUBLIC_URL: 'https://cdn.example/models', ...env }).s3!;
  assert.equal(s3({}).forcePathStyle, false, 'AWS itself: virtual-hosted addresses');
  assert.equal(s3({ S3_ENDPOINT: 'http://minio.internal:9000' }).forcePathStyle, true);
  assert.equal(s3({ S3_ENDPOINT: 'https://s3.example', S3_FORCE_PATH_STYLE: 'false' }).forcePathStyle, false);
  assert.equal(s3({ S3_FORCE_PATH_STYLE: 'true' }).forcePathStyle, true);
  assert.equal(s3({ AWS_ACCESS_KEY_ID: 'AKIA1', AWS_SECRET_ACCESS_KEY: 's' }).accessKeyId, 'AKIA1', 'the AWS variables when the S3_ ones are unset');
  assert.throws(
    () => loadConfig({ S3_BUCKET: 'models', S3_PUBLIC_URL: 'https://cdn.example/models', S3_ENDPOINT: 'http://minio.internal:9000', S3_FORCE_PATH_STYLE: 'sometimes' }),
    (error: ConfigError) => error.problems[0] === 'S3_FORCE_PATH_STYLE must be true or false (got "sometimes")',
  );
});

test('STRIPE_API_BASE: an http(s) URL, its port or its scheme\'s', () => {
  const stripe = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_PRICE_PRO: 'price_pro', STRIPE_PRICE_BUSINESS: 'price_business' };
  assert.equal(loadConfig(stripe).stripe!.apiBase, undefined);
  assert.deepEqual(stripeHostOptions(loadConfig({ ...stripe, STRIPE_API_BASE: 'https://stripe-proxy.internal' }).stripe!.apiBase), { host: 'stripe-proxy.internal', port: 443, protocol: 'https' });
  assert.deepEqual(stripeHostOptions('http://127.0.0.1:12111'), { host: '127.0.0.1', port: 12111, protocol: 'http' });
  assert.deepEqual(stripeHostOptions(undefined), {});
  assert.throws(() => loadConfig({ ...stripe, STRIPE_API_BASE: 'stripe.internal' }), (error: ConfigError) => error.problems[0] === 'STRIPE_API_BASE must be an http:// or https:// URL (got "stripe.internal")');
});

test('map data: an OpenStreetMap database or an extract, not both', () => {
  const database = loadConfig({ OSM_DATABASE_URL: 'postgresql://osm@db.internal/osm', DATA_DIR: '/var/solar' }, '/srv/solar');
  assert.deepEqual(generatorSources(database), {
    overpassUrl: 'https://overpass-api.de/api/interpreter',
    osmExtract: undefined,
    osmDatabaseUrl: 'postgresql://osm@db.internal/osm',
    terrainTilesUrl: 'https://s3.amazonaws.com/elevation-tiles-prod/terrarium/{z}/{x}/{y}.png',
    terrainDir: undefined,
    lod2Sources: [],
    cacheDir: '/var/solar/cache',
  });
  assert.equal(loadConfig({ SUPPORT_EMAIL: 'plans@operator.example' }).supportEmail, 'plans@operator.example');
  assert.throws(() => loadConfig({ SUPPORT_EMAIL: 'plans at operator' }), (error: ConfigError) => error.problems[0] === 'SUPPORT_EMAIL must be an e-mail address such as support@example.com (got "plans at operator")');
  assert.throws(() => loadConfig({ OSM_DATABASE_URL: 'osm.internal:5432' }), (error: ConfigError) => error.problems[0] === 'OSM_DATABASE_URL must be a postgres:// or postgresql:// URL of the database osm2pgsql filled, or unset');
  assert.throws(
    () => loadConfig({ OSM_DATABASE_URL: 'postgres://db/osm', OSM_EXTRACT: 'germany.osm.pbf' }),
    (error: ConfigError) => error.problems[0] === 'OSM_DATABASE_URL and OSM_EXTRACT are both set: set one (the database for a country, the extract for a small area)',
  );
});

test('embed keys never reach the logs', () => {
  assert.equal(redactUrl('/embed?lat=1&key=spk_secret&lng=2'), '/embed?lat=1&key=[redacted]&lng=2');
  assert.equal(redactUrl('/embed?key=spk_secret'), '/embed?key=[redacted]');
  assert.equal(redactUrl('/api/health'), '/api/health');
  assert.equal(redactUrl('/embed?lat=1&%6Bey=spk_secret'), '/embed?lat=1&%6Bey=[redacted]', 'a name written encoded is still the key');
  assert.equal(redactUrl('/embed?KEY=spk_secret#x'), '/embed?KEY=[redacted]#x');
  assert.equal(redactUrl('/embed?monkey=1&key'), '/embed?monkey=1&key');
});
