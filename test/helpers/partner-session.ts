import type { TestContext } from './test-context.ts';
import { waitFor } from './test-context.ts';
import { FormClient } from './browser-form.ts';
import type { SmtpStandIn } from '../stand-ins/smtp-stand-in.ts';

/**
 * Signs a new partner up the way a person does (form, e-mailed link, sign-in) and returns the signed-in
 * browser and the portal's anti-forgery value.
 */
export async function signedInPartner(ctx: TestContext, smtp: SmtpStandIn, email: string, password = 'a long enough password'): Promise<{ browser: FormClient; csrf: string }> {
  const browser = new FormClient(ctx.app);
  const signUp = await browser.get('/auth/signup');
  await browser.post('/auth/signup', { _csrf: FormClient.csrf(signUp), email, password });
  const message = await waitFor(`the verification e-mail to ${email}`, async () => smtp.to(email)[0], 15_000);
  const link = /https:\/\/solar\.example\.com(\/auth\/verify\?token=[A-Za-z0-9_-]+)/.exec(message.text)![1];
  await browser.get(link);
  const login = await browser.get('/auth/login');
  await browser.post('/auth/login', { _csrf: FormClient.csrf(login), email, password });
  const portal = await browser.get('/partner');
  return { browser, csrf: FormClient.csrf(portal) };
}
