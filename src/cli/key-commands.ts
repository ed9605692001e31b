import { accountServices } from '../compose.ts';
import { InvalidOriginError } from '../services/api-key-service.ts';
import { InvalidRequestError } from '../domain/invalid-request-error.ts';
import { planAllowsApi } from '../domain/plans.ts';
import { requireOption, UsageError, withDatabase, type CommandContext } from './command.ts';

/** `keys create|list|revoke|origins`: the same key rules as the Partner Portal, for the operator. */
export async function keyCommands(context: CommandContext): Promise<void> {
  const { values, positionals } = context.parse({ email: { type: 'string' }, name: { type: 'string' }, origin: { type: 'string', multiple: true } });
  const [action, target] = positionals;
  await withDatabase(context.config, async ({ db }) => {
    const { apiKeys, profiles } = accountServices(db);
    const accountOf = async () => {
      const email = requireOption(values, 'email');
      const account = await profiles.findByEmail(email);
      if (!account) throw new Error(`No account with the e-mail ${email}`);
      return account;
    };
    switch (action) {
      case 'create': {
        const account = await accountOf();
        const { secret, summary } = await apiKeys.create(account, typeof values.name === 'string' ? values.name : 'default', 'operator');
        if (!planAllowsApi(account.plan)) context.out(`Note: ${account.email} is on the ${account.plan} plan; the key works once the account is on the business plan.`);
        context.out(`Created key "${summary.name}" (${summary.prefix}…). It is shown once; store it now:`);
        context.out(secret);
        return;
      }
      case 'list': {
        const list = await apiKeys.list((await accountOf()).id);
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
        const count = await asUsage(() => apiKeys.revokeMatching(target));
        if (count === 0) throw new Error('No active key matches');
        context.out(`Revoked ${count} key${count === 1 ? '' : 's'}.`);
        return;
      }
      case 'origins': {
        if (!target) throw new UsageError('keys origins needs the key prefix');
        const sites = (values.origin as string[] | undefined) ?? [];
        const origins = await apiKeys.setAllowedOriginsByPrefix(target, sites).catch((error: unknown) => {
          if (error instanceof InvalidOriginError) throw new UsageError(`--origin must be a site address starting with https:// or http://, such as https://example.com (got "${error.value}")`);
          throw error;
        });
        if (!origins) throw new Error(`No key with the prefix ${target}`);
        context.out(origins.length ? `Key ${target} may be embedded on: ${origins.join(' ')}` : `Key ${target} may be embedded on any site.`);
        return;
      }
      default:
        throw new UsageError('Use "keys create", "keys list", "keys revoke" or "keys origins"');
    }
  });
}

/** Runs a step whose invalid input is a wrong call of the command (exit code 2). */
async function asUsage<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof InvalidRequestError) throw new UsageError(error.message);
    throw error;
  }
}
