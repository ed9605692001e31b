import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { runHousekeeping } from '../../src/jobs/housekeeping.ts';
import { createTestContext, type TestContext } from '../helpers/test-context.ts';

let ctx: TestContext;
before(async () => {
  ctx = await createTestContext();
});
after(async () => ctx.close());

test('housekeeping deletes rate-limit rows outside the window, agent sessions expired over a week ago, and expired sign-ins and tokens', async () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const hour = 3600_000;
  await ctx.database.db.insertInto('rate_limit_hits').values([
    { bucket: 'a', hit_at: new Date(now.getTime() - 2 * hour) },
    { bucket: 'a', hit_at: new Date(now.getTime() - hour / 2) },
  ]).execute();
  const session = (id: string, expiresAt: Date) => ({ id, status: 'created', latitude: 0, longitude: 0, radius_km: 0.3, quality: 'sd', agent_name: 'a', wizard_goal: null, wizard_kwh: null, roof_lat: null, roof_lng: null, client_ip: '::1', created_at: new Date(expiresAt.getTime() - 48 * hour), expires_at: expiresAt, opened_at: null });
  await ctx.database.db.insertInto('agent_sessions').values([session('old', new Date(now.getTime() - 8 * 24 * hour)), session('recent', new Date(now.getTime() - hour))]).execute();
  const account = await ctx.database.db.insertInto('accounts').values({ email: 'house@example.com', plan: 'free', created_at: now }).returning('id').executeTakeFirstOrThrow();
  const token = (hash: string, expiresAt: Date) => ({ token_hash: hash, account_id: account.id, purpose: 'known-browser', created_at: new Date(expiresAt.getTime() - hour), expires_at: expiresAt });
  await ctx.database.db.insertInto('account_tokens').values([token('old', new Date(now.getTime() - hour)), token('valid', new Date(now.getTime() + hour))]).execute();
  const signIn = (hash: string, expiresAt: Date) => ({ id_hash: hash, account_id: account.id, csrf_token: 'c', created_at: new Date(expiresAt.getTime() - hour), expires_at: expiresAt });
  await ctx.database.db.insertInto('browser_sessions').values([signIn('ended', new Date(now.getTime() - 1000)), signIn('open', new Date(now.getTime() + hour))]).execute();
  assert.deepEqual(await runHousekeeping(ctx.database.db, now), { rateLimitHits: 1, sessions: 1, irradiance: 0, signIns: 1, accountTokens: 1 });
  assert.deepEqual(await ctx.database.db.selectFrom('account_tokens').select('token_hash').execute(), [{ token_hash: 'valid' }]);
  assert.deepEqual(await ctx.database.db.selectFrom('browser_sessions').select('id_hash').execute(), [{ id_hash: 'open' }]);
  const sessions = await ctx.database.db.selectFrom('agent_sessions').select('id').execute();
  assert.deepEqual(sessions, [{ id: 'recent' }]);
});
