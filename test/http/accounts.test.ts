import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { FormClient } from '../helpers/browser-form.ts';
import { useMailContext } from '../helpers/mail-context.ts';
import type { SmtpStandIn } from '../stand-ins/smtp-stand-in.ts';
import { DATABASES, waitFor } from '../helpers/test-context.ts';

const PASSWORD = 'correct horse battery';

/** The link in the newest message to an address. */
async function mailedLink(smtp: SmtpStandIn, address: string, path: string, count = 1): Promise<string> {
  const messages = await waitFor(`message ${count} to ${address}`, async () => smtp.to(address).length >= count && smtp.to(address), 15_000);
  const match = new RegExp(`https://solar\\.example\\.com(${path}\\?token=[A-Za-z0-9_-]+)`).exec(messages[count - 1].text);
  if (!match) throw new Error(`no ${path} link in: ${messages[count - 1].text}`);
  return match[1];
}

for (const kind of DATABASES) {
  describe(`accounts and sign-in (${kind})`, () => {
    const mail = useMailContext({ kind });

    async function signUp(email: string, password = PASSWORD): Promise<{ browser: FormClient; response: Awaited<ReturnType<FormClient['post']>> }> {
      const browser = new FormClient(mail.ctx.app);
      const form = await browser.get('/auth/signup');
      const response = await browser.post('/auth/signup', { _csrf: FormClient.csrf(form), email, password });
      return { browser, response };
    }

    test('sign-up mails a verification link that confirms the address once', async () => {
      const { browser, response } = await signUp('Installer@Example.com');
      assert.equal(response.statusCode, 200);
      assert.match(response.body, /Check your e-mail/);
      const link = await mailedLink(mail.smtp, 'installer@example.com', '/auth/verify');
      assert.match((await browser.get(link)).body, /Your address is confirmed/);
      const again = await browser.get(link);
      assert.equal(again.statusCode, 400, 'a link works once');
      assert.match(again.body, /not valid/);
    });

    test('forms refuse forgery: no anti-forgery value, a wrong one, or a foreign Origin', async () => {
      const browser = new FormClient(mail.ctx.app);
      const form = await browser.get('/auth/signup');
      assert.match(form.headers['set-cookie'] as string, /sp_form=.*HttpOnly/);
      assert.equal((await browser.post('/auth/signup', { _csrf: '', email: 'a@example.com', password: PASSWORD })).statusCode, 403);
      assert.equal((await browser.post('/auth/signup', { _csrf: 'x'.repeat(43), email: 'a@example.com', password: PASSWORD })).statusCode, 403);
      const foreign = await browser.post('/auth/signup', { _csrf: FormClient.csrf(form), email: 'a@example.com', password: PASSWORD }, { origin: 'https://evil.example' });
      assert.equal(foreign.statusCode, 403);
      const key = await mail.ctx.createKey();
      const formToApi = await mail.ctx.app.inject({ method: 'POST', url: '/api/v1/models', payload: 'latitude=1&longitude=2', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${key}` } });
      assert.equal(formToApi.statusCode, 415, 'the API still takes JSON only');
    });

    test('weak passwords and unreadable addresses are refused with what is allowed; the address is kept in the form', async () => {
      const short = (await signUp('short@example.com', 'short')).response;
      assert.equal(short.statusCode, 400);
      assert.match(short.body, /at least 10 characters/);
      assert.match(short.body, /value="short@example.com"/);
      assert.match((await signUp('not-an-address', PASSWORD)).response.body, /Enter an e-mail address such as name@example.com/);
      // Both fields wrong: both named at once.
      assert.match((await signUp('not-an-address', 'short')).response.body, /Enter an e-mail address such as name@example.com\. The password must have at least 10 characters\./);
      // Forms sent other than by the page (the page's own checks come first in a browser) are told which field is wrong.
      const form = (payload: string) => mail.ctx.app.inject({ method: 'POST', url: '/auth/signup', payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      const missing = await form('email=a%40example.com&_csrf=x');
      assert.equal(missing.statusCode, 400);
      assert.match(missing.headers['content-type'] as string, /text\/html/);
      assert.match(missing.body, /password is required\. Go back and try again\./);
      assert.match((await form(`email=a%40example.com&_csrf=x&password=${'p'.repeat(2000)}`)).body, /password must be at most \d+ characters/);
      assert.match((await form('email=a%40example.com&password=x')).body, /The page’s security token is missing or damaged; reload the page and send the form again/);
      // A form in another encoding is refused as such, never stored with replacement characters.
      const latin1 = await mail.ctx.app.inject({ method: 'POST', url: '/auth/signup', payload: Buffer.concat([Buffer.from('_csrf=x&email=z'), Buffer.from([0xfc]), Buffer.from('rich%40example.com')]), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      assert.equal(latin1.statusCode, 400);
      assert.match(latin1.body, /Form body is not valid UTF-8; send the form as the page does/);
      const escaped = await form('_csrf=x&email=z%FCrich%40example.com&password=xxxxxxxxxxxx');
      assert.equal(escaped.statusCode, 400);
      assert.match(escaped.body, /Form field &quot;email&quot; is not valid UTF-8 once its %-escapes are decoded; send the form as the page does/);
      assert.match((await form('_csrf=x&email=50%&password=x')).body, /Form field &quot;email&quot; has a % not followed by two hex digits/);
      // A field given twice is a list, which the schema refuses by name.
      assert.match((await form('_csrf=x&email=a%40example.com&email=b%40example.com&password=x')).body, /email must be a string/);
    });

    test('signing up with a taken address answers the same and tells the owner instead', async () => {
      await signUp('owner@example.com');
      await mailedLink(mail.smtp, 'owner@example.com', '/auth/verify');
      const second = await signUp('owner@example.com', 'another password 123');
      assert.equal(second.response.statusCode, 200);
      assert.match(second.response.body, /Check your e-mail/);
      const messages = await waitFor('the notice to the owner', async () => mail.smtp.to('owner@example.com').length >= 2 && mail.smtp.to('owner@example.com'));
      assert.equal(messages[1].subject, 'Someone tried to sign up with your address');
    });

    test('sign-in: a wrong password and an unknown address get the same answer; the right one a secure session cookie', async () => {
      await signUp('signin@example.com');
      const browser = new FormClient(mail.ctx.app);
      const form = await browser.get('/auth/login');
      const wrong = await browser.post('/auth/login', { _csrf: FormClient.csrf(form), email: 'signin@example.com', password: 'wrong password!' });
      const unknown = await browser.post('/auth/login', { _csrf: FormClient.csrf(form), email: 'nobody@example.com', password: 'wrong password!' });
      assert.equal(wrong.statusCode, 401);
      assert.equal(unknown.statusCode, 401);
      const message = (body: string) => /class="message error"[^>]*>([^<]+)/.exec(body)?.[1];
      assert.equal(message(wrong.body), message(unknown.body));
      // The address stays typed; the password field takes the focus and is described by the message.
      assert.match(wrong.body, /name="email" autocomplete="email" required value="signin@example.com"/);
      assert.match(wrong.body, /name="password" autocomplete="current-password" required autofocus aria-describedby="sign-in-error"/);
      assert.match(wrong.body, /id="sign-in-error"/);
      const right = await browser.post('/auth/login', { _csrf: FormClient.csrf(form), email: 'SignIn@example.com ', password: PASSWORD });
      assert.equal(right.statusCode, 303);
      assert.equal(right.headers.location, '/partner');
      const cookie = ([right.headers['set-cookie']].flat() as string[]).find((c) => c.startsWith('sp_session='))!;
      assert.match(cookie, /HttpOnly/);
      assert.match(cookie, /SameSite=Lax/);
      assert.match(cookie, /Secure/, 'the public address is https');
      assert.equal((await browser.get('/auth/login')).statusCode, 303, 'signed in: the sign-in page sends to the portal');
    });

    test('sign-in attempts are limited per account, whoever makes them', async () => {
      await signUp('limited@example.com');
      const browser = new FormClient(mail.ctx.app);
      const form = await browser.get('/auth/login');
      let last;
      for (let i = 0; i < 11; i++) {
        last = await mail.ctx.app.inject({ method: 'POST', url: '/auth/login', remoteAddress: `203.0.113.${i + 1}`, payload: new URLSearchParams({ _csrf: FormClient.csrf(form), email: 'limited@example.com', password: 'wrong password!' }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, cookies: Object.fromEntries(browser.cookies) });
      }
      assert.equal(last!.statusCode, 429);
      assert.match(last!.body, /Too many sign-in attempts/);
      assert.ok(Number(last!.headers['retry-after']) > 0);

      // As the message says, a reset lets the owner in again at once: the failed attempts are forgotten.
      const owner = new FormClient(mail.ctx.app);
      await owner.post('/auth/forgot', { _csrf: FormClient.csrf(await owner.get('/auth/forgot')), email: 'limited@example.com' });
      const link = await mailedLink(mail.smtp, 'limited@example.com', '/auth/reset', 2);
      const token = new URL(link, 'https://x').searchParams.get('token')!;
      assert.match((await owner.post('/auth/reset', { _csrf: FormClient.csrf(await owner.get(link)), token, password: 'the owner\'s new password' })).body, /new password is saved/);
      const relogin = await owner.get('/auth/login');
      assert.equal((await owner.post('/auth/login', { _csrf: FormClient.csrf(relogin), email: 'limited@example.com', password: 'the owner\'s new password' })).statusCode, 303);
    });

    test('a browser that signed in before is not locked out by strangers, and has a limit of its own', async () => {
      await signUp('known@example.com');
      const owner = new FormClient(mail.ctx.app);
      const first = await owner.post('/auth/login', { _csrf: FormClient.csrf(await owner.get('/auth/login')), email: 'known@example.com', password: PASSWORD });
      assert.equal(first.statusCode, 303);
      const known = ([first.headers['set-cookie']].flat() as string[]).find((c) => c.startsWith('sp_known='))!;
      assert.match(known, /HttpOnly/);
      assert.match(known, /Path=\/auth/);
      assert.match(known, /Max-Age=15552000/, 'kept 180 days');
      const signedOut = await owner.follow(await owner.post('/auth/logout', { _csrf: FormClient.csrf(await owner.get('/partner')) }));
      assert.match(signedOut.body, /You are signed out\./, 'signing out says so');

      const stranger = new FormClient(mail.ctx.app);
      const strangerForm = await stranger.get('/auth/login');
      const attempt = (browser: FormClient, csrf: string, address: string, password: string) =>
        mail.ctx.app.inject({ method: 'POST', url: '/auth/login', remoteAddress: address, payload: new URLSearchParams({ _csrf: csrf, email: 'known@example.com', password }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, cookies: Object.fromEntries(browser.cookies) });
      // The owner's first sign-in, from a browser not yet known, was one of the account's ten.
      for (let i = 0; i < 9; i++) assert.equal((await attempt(stranger, FormClient.csrf(strangerForm), `198.51.100.${i + 1}`, 'wrong password!')).statusCode, 401);
      assert.equal((await attempt(stranger, FormClient.csrf(strangerForm), '198.51.100.99', PASSWORD)).statusCode, 429, 'the account is locked to unknown browsers, right password or not');

      const ownerForm = FormClient.csrf(await owner.get('/auth/login'));
      assert.equal((await attempt(owner, ownerForm, '192.0.2.50', PASSWORD)).statusCode, 303, 'the owner’s browser still signs in');
      const again = FormClient.csrf(await owner.get('/auth/login'));
      let last;
      // Ten attempts of its own, the sign-in just made among them.
      for (let i = 0; i < 9; i++) last = await attempt(owner, again, '192.0.2.51', 'wrong password!');
      assert.equal(last!.statusCode, 401, 'ten attempts of its own');
      assert.equal((await attempt(owner, again, '192.0.2.51', PASSWORD)).statusCode, 429, 'then the known browser is limited too');
    });

    test('an account knows its five newest browsers, and a password reset forgets them all', async () => {
      await signUp('many@example.com');
      const knownBrowsers = async () => (await mail.ctx.database.db.selectFrom('account_tokens').innerJoin('accounts', 'accounts.id', 'account_tokens.account_id').select('token_hash').where('accounts.email', '=', 'many@example.com').where('purpose', '=', 'known-browser').execute()).length;
      const browsers: FormClient[] = [];
      for (let i = 0; i < 7; i++) {
        const browser = new FormClient(mail.ctx.app);
        const login = await mail.ctx.app.inject({ method: 'POST', url: '/auth/login', remoteAddress: `192.0.2.${100 + i}`, payload: new URLSearchParams({ _csrf: FormClient.csrf(await browser.get('/auth/login')), email: 'many@example.com', password: PASSWORD }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, cookies: Object.fromEntries(browser.cookies) });
        assert.equal(login.statusCode, 303);
        browsers.push(browser);
      }
      assert.equal(await knownBrowsers(), 5, 'the five newest kept');
      const owner = new FormClient(mail.ctx.app);
      await owner.post('/auth/forgot', { _csrf: FormClient.csrf(await owner.get('/auth/forgot')), email: 'many@example.com' });
      const link = await mailedLink(mail.smtp, 'many@example.com', '/auth/reset', 2);
      const token = new URL(link, 'https://x').searchParams.get('token')!;
      assert.match((await owner.post('/auth/reset', { _csrf: FormClient.csrf(await owner.get(link)), token, password: 'the owner\'s new password' })).body, /new password is saved/);
      assert.equal(await knownBrowsers(), 0, 'no browser keeps attempts of its own after a reset');
    });

    test('password reset: the same answer for any address, a one-hour link, sessions ended', async () => {
      await signUp('reset@example.com');
      const signedIn = new FormClient(mail.ctx.app);
      const login = await signedIn.get('/auth/login');
      assert.equal((await signedIn.post('/auth/login', { _csrf: FormClient.csrf(login), email: 'reset@example.com', password: PASSWORD })).statusCode, 303);

      const browser = new FormClient(mail.ctx.app);
      const form = await browser.get('/auth/forgot');
      const known = await browser.post('/auth/forgot', { _csrf: FormClient.csrf(form), email: 'reset@example.com' });
      const unknown = await browser.post('/auth/forgot', { _csrf: FormClient.csrf(form), email: 'nobody@example.com' });
      assert.equal(known.body.replace('reset@example.com', 'X'), unknown.body.replace('nobody@example.com', 'X'));
      const link = await mailedLink(mail.smtp, 'reset@example.com', '/auth/reset', 2);
      const resetForm = await browser.get(link);
      const token = new URL(link, 'https://x').searchParams.get('token')!;
      const weak = await browser.post('/auth/reset', { _csrf: FormClient.csrf(resetForm), token, password: 'short' });
      assert.match(weak.body, /at least 10 characters/);
      const done = await browser.post('/auth/reset', { _csrf: FormClient.csrf(resetForm), token, password: 'a new long password' });
      assert.match(done.body, /new password is saved/);
      assert.equal((await signedIn.get('/auth/login')).statusCode, 200, 'the old session no longer signs in');
      assert.equal((await browser.post('/auth/reset', { _csrf: FormClient.csrf(resetForm), token, password: 'yet another password' })).statusCode, 400, 'the link works once');
      // Opened again, the used link says so at once, without a form to type a password into.
      const again = await browser.get(link);
      assert.doesNotMatch(again.body, /name="password"/);
      assert.match(again.body, /not valid/);
      mail.ctx.clock.advance(2 * 60 * 60 * 1000);
      const relogin = await browser.get('/auth/login');
      assert.equal((await browser.post('/auth/login', { _csrf: FormClient.csrf(relogin), email: 'reset@example.com', password: 'a new long password' })).statusCode, 303);
    });
  });
}
