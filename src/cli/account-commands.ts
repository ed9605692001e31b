import { accountServices } from '../compose.ts';
import { isPlan, PLANS, type Plan } from '../domain/plans.ts';
import { requireOption, UsageError, withDatabase, type CommandContext } from './command.ts';

/** `accounts create --email E --plan P` and `accounts set-plan --email E --plan P`. */
export async function accountCommands(context: CommandContext): Promise<void> {
  const { values, positionals } = context.parse({ email: { type: 'string' }, plan: { type: 'string' } });
  const action = positionals[0];
  if (action !== 'create' && action !== 'set-plan') throw new UsageError('Use "accounts create" or "accounts set-plan"');
  const email = requireOption(values, 'email');
  if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new UsageError(`--email must be an e-mail address (got "${email}")`);
  const plan = requireOption(values, 'plan');
  if (!isPlan(plan)) throw new UsageError(`--plan must be one of ${PLANS.join(', ')} (got "${plan}")`);
  await withDatabase(context.config, async ({ db }) => {
    const { profiles } = accountServices(db);
    if (action === 'create') {
      const account = await profiles.createAccount(email, plan as Plan);
      if (!account) throw new Error(`An account with the e-mail ${email} exists already`);
      context.out(`Created account ${account.email} on the ${account.plan} plan.`);
    } else {
      if (!(await profiles.setPlan(email, plan as Plan))) throw new Error(`No account with the e-mail ${email}`);
      context.out(`Account ${email} is now on the ${plan} plan.`);
    }
  });
}
