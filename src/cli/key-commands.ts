import { siteOrigin } from '../domain/site-origin.ts';
import { AccountsRepository } from '../db/accounts-repository.ts';
import { ApiKeysRepository } from '../db/api-keys-repository.ts';
import { API_KEY_PREFIX, hashApiKey } from '../domain/api-key.ts';
import { planAllowsApi } from '../domain/plans.ts';
import { requireOption, UsageError, withDatabase, type CommandContext } from './command.ts';

/** `keys create|list|revoke|origins`. */
export async function keyCommands(context: CommandContext): Promise<void> {
  const { values, positionals } = context.parse({ email: { type: 'string' }, name: { type: 'string' }, origin: { type: 'string', multiple: true } });
  const [action, target] = positionals;
  await withDatabase(context.config, async ({ db }) => {
    const keys = new ApiKeysRepository(db);
    const accounts = new AccountsRepository(db);
    switch (action) {
      case 'create': {
        const email = requireOption(values, 'email');
        const account = await accounts.findByEmail(email);
        if (!account) throw new Error(`No account with the e-mail ${email}`);
        const { secret, summary } = await keys.create(account.id, typeof values.name === 'string' ? values.name : 'default');
        if (!planAllowsApi(account.plan)) context.out(`Note: ${email} is on the ${account.plan} plan; the key works once the account is on the business plan.`);
        context.out(`Created key "${summary.name}" (${summary.prefix}…). It is shown once; store it now:`);
        context.out(secret);
        return;
      }
      case 'list': {
        const email = requireOption(values, 'email');
        const account = await accounts.findByEmail(email);
        if (!account) throw new Error(`No account with the e-mail ${email}`);
        const list = await keys.list(account.id);
        if (list.length === 0) context.out('No keys.');
        for (const key of list) {
          const state = key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : 'active';
          const used = key.lastUsedAt ? key.lastUsedAt.toISOString() : 'never';
          context.out(`${key.prefix}…  ${key.name}  created ${key.createdAt.toISOString()}  last used ${used}  ${state}`);
        }
        return;
      }
      case 'revoke': {
        if (!target) throw new UsageError('keys revoke needs the key or its prefix');
        const prefix = target.replace(/…$/, '');
        const match = prefix.length > API_KEY_PREFIX.length + 8 ? { hash: hashApiKey(prefix) } : { prefix };
        if (!prefix.startsWith(API_KEY_PREFIX) || prefix.length < API_KEY_PREFIX.length + 8) throw new UsageError(`Give the whole key or its prefix as "keys list" shows it (${API_KEY_PREFIX} and 8 characters)`);
        const count = await keys.revoke(match);
        if (count === 0) throw new Error('No active key matches');
        context.out(`Revoked ${count} key${count === 1 ? '' : 's'}.`);
        return;
      }
      case 'origins': {
        if (!target) throw new UsageError('keys origins needs the key prefix');
        const origins = ((values.origin as string[] | undefined) ?? []).map(normaliseOrigin);
        if (!(await keys.setAllowedOrigins(target.replace(/…$/, ''), origins))) throw new Error(`No key with the prefix ${target}`);
        context.out(origins.length ? `Key ${target} may be embedded on: ${origins.join(' ')}` : `Key ${target} may be embedded on any site.`);
        return;
      }
      default:
        throw new UsageError('Use "keys create", "keys list", "keys revoke" or "keys origins"');
    }
  });
}

/** A site origin as browsers send it (`https://example.com`), or a usage error. */
export function normaliseOrigin(value: string): string {
  const origin = siteOrigin(value);
  if (!origin) throw new UsageError(`--origin must be a site address starting with https:// or http://, such as https://example.com (got "${value}")`);
  return origin;
}
