import { after, before } from 'node:test';
import { SmtpStandIn } from '../stand-ins/smtp-stand-in.ts';
import { createTestContext, type ContextOptions, type TestContext } from './test-context.ts';

/** The app on a real database with its e-mail going to an in-process SMTP server. */
export interface MailTestContext {
  ctx: TestContext;
  smtp: SmtpStandIn;
}

/**
 * Registers `before`/`after` hooks in the current suite that start an SMTP server and the app sending
 * to it, and stop both. Read the fields inside tests (they are set by the `before` hook).
 */
export function useMailContext(options: ContextOptions = {}): MailTestContext {
  const holder = {} as MailTestContext;
  before(async () => {
    holder.smtp = await SmtpStandIn.start();
    holder.ctx = await createTestContext({ ...options, smtpUrl: holder.smtp.url });
  });
  after(async () => {
    await holder.ctx?.close();
    await holder.smtp?.down();
  });
  return holder;
}
