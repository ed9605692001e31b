import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import pg from 'pg';
import { openDatabase, quoteIdent } from '../../src/db/database.ts';
import { TEST_DATABASE_URL } from '../helpers/test-context.ts';

const MIGRATIONS = 6;

/**
 * Several services (or test files) share one PostgreSQL server, each in its own schema. Migrating one
 * schema must not depend on what happens in the others: here other schemas are created and dropped
 * without pause (as test files do when they start and end) while fresh schemas are migrated.
 */
describe('migrations beside other schemas on one PostgreSQL server', { skip: TEST_DATABASE_URL ? false : 'needs TEST_DATABASE_URL (a PostgreSQL server)' }, () => {
  test(`${MIGRATIONS} fresh schemas are migrated while other schemas come and go`, async () => {
    const prefix = `churn_${randomBytes(4).toString('hex')}`;
    const churn = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await churn.connect();
    let stop = false;
    let dropped = 0;
    const churning = (async () => {
      for (let i = 0; !stop; i++) {
        const schema = quoteIdent(`${prefix}_${i % 4}`);
        await churn.query(`create schema if not exists ${schema}; create table if not exists ${schema}.jobs (id text, quality text, status text); create table if not exists ${schema}.keys (id text, name text)`);
        await churn.query(`drop schema ${schema} cascade`);
        dropped++;
      }
    })();
    const fresh: string[] = [];
    try {
      for (let i = 0; i < MIGRATIONS; i++) {
        fresh.push(`fresh_${randomBytes(5).toString('hex')}`);
        const handle = await openDatabase({ databaseUrl: TEST_DATABASE_URL, schema: fresh.at(-1) });
        try {
          assert.deepEqual(await handle.db.selectFrom('model_jobs').select('quality').execute(), [], 'the schema has the latest tables');
        } finally {
          await handle.close();
        }
      }
    } finally {
      stop = true;
      await churning;
      await churn.query(fresh.map((schema) => `drop schema if exists ${quoteIdent(schema)} cascade`).join(';'));
      await churn.end();
    }
    assert.ok(dropped >= MIGRATIONS, `other schemas were dropped meanwhile (${dropped})`);
  });
});
