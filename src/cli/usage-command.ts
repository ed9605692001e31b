import { accountServices } from '../compose.ts';
import { requireOption, withDatabase, type CommandContext } from './command.ts';

/** `usage --email E`: model requests per month and key, billable (new generations) and not (cache hits). */
export async function usageCommand(context: CommandContext): Promise<void> {
  const { values } = context.parse({ email: { type: 'string' } });
  const email = requireOption(values, 'email');
  await withDatabase(context.config, async ({ db }) => {
    const { profiles } = accountServices(db);
    const account = await profiles.findByEmail(email);
    if (!account) throw new Error(`No account with the e-mail ${email}`);
    const rows = await profiles.usage(account.id);
    context.out(`Usage of ${account.email} (${account.plan} plan)`);
    context.out(['month  ', 'key            ', 'name', 'billable', 'not billable'].join('\t'));
    for (const row of rows) context.out([row.month, `${row.keyPrefix}…`, row.keyName, row.billable, row.notBillable].join('\t'));
    const billable = rows.reduce((sum, row) => sum + row.billable, 0);
    const notBillable = rows.reduce((sum, row) => sum + row.notBillable, 0);
    context.out(`total\t\t\t${billable}\t${notBillable}`);
  });
}
