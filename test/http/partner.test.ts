import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AccountsRepository } from '../../src/db/accounts-repository.ts';
import { FormClient } from '../helpers/browser-form.ts';
import { pageSettings } from '../helpers/page-settings.ts';
import { signedInPartner } from '../helpers/partner-session.ts';
import { useMailContext } from '../helpers/mail-context.ts';
import { DATABASES } from '../helpers/test-context.ts';

for (const kind of DATABASES) {
  describe(`the Partner Portal (${kind})`, () => {
    const mail = useMailContext({ kind });

    test('signed-out browsers are sent to sign in; pages are never framed', async () => {
      const response = await mail.ctx.app.inject({ method: 'GET', url: '/partner' });
      assert.equal(response.statusCode, 303);
      assert.equal(response.headers.location, '/auth/login');
      const login = await mail.ctx.app.inject({ method: 'GET', url: '/auth/login' });
      assert.match(login.headers['content-security-policy'] as string, /frame-ancestors 'none'/);
      assert.match(login.headers['content-security-policy'] as string, /script-src 'self';/);
    });

    test('a free account sees how to get the Business plan and cannot create keys', async () => {
      const { browser, csrf } = await signedInPartner(mail.ctx, mail.smtp, 'free@example.com');
      const portal = await browser.get('/partner');
      assert.match(portal.body, /API keys need the Business plan/);
      const refused = await browser.follow(await browser.post('/partner/keys', { _csrf: csrf, name: 'website' }));
      assert.equal(refused.statusCode, 403);
    });

    test('Business: a key is shown once, works on the API, is listed by prefix, and fails at once when revoked after a confirmation', async () => {
      const { browser, csrf } = await signedInPartner(mail.ctx, mail.smtp, 'business@example.com');
      await new AccountsRepository(mail.ctx.database.db).setPlan('business@example.com', 'business');
      const created = await browser.follow(await browser.post('/partner/keys', { _csrf: csrf, name: 'website <b>' }));
      assert.equal(created.statusCode, 200);
      assert.match(created.body, /cannot be shown again/);
      assert.match(created.body, /website &lt;b&gt;/, 'the name is escaped');
      const secret = /id="new-key">(spk_[A-Za-z0-9_-]+)</.exec(created.body)![1];
      const api = () => mail.ctx.app.inject({ method: 'GET', url: '/api/v1/models/hd_1_2_0.3', headers: { authorization: `Bearer ${secret}` } });
      assert.equal((await api()).statusCode, 404, 'the key works');
      // The page is reached by a redirect: reloading it shows the key no more and makes no other key.
      const reloaded = await browser.get('/partner/keys/new');
      assert.doesNotMatch(reloaded.body, /spk_/);
      assert.match(reloaded.body, /shown only once/);
      assert.equal((await browser.get('/partner')).body.match(/\/revoke"/g)?.length, 1, 'one key');
      // The page that shows the key once also gives the embed code with the whole key (the portal shows only its start).
      const snippet = /id="new-embed-snippet">([^<]+)</.exec(created.body)![1].replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"');
      const embedUrl = new URL(/src="([^"]+)"/.exec(snippet)![1]);
      assert.equal(embedUrl.searchParams.get('key'), secret);
      assert.equal((await mail.ctx.app.inject({ method: 'GET', url: `${embedUrl.pathname}${embedUrl.search}` })).statusCode, 200, 'the embed code works as copied');

      const portal = await browser.get('/partner');
      assert.ok(!portal.body.includes(secret), 'the portal never shows the key again');
      assert.match(portal.body, new RegExp(`<code>${secret.slice(0, 12)}…</code>`));
      const revokeLink = /href="(\/partner\/keys\/\d+\/revoke)"/.exec(portal.body)![1];
      const confirm = await browser.get(revokeLink);
      assert.match(confirm.body, /Revoke “website &lt;b&gt;”\?/);
      assert.equal((await browser.post(revokeLink, { _csrf: 'forged'.padEnd(43, 'x') })).statusCode, 403, 'a forged form changes nothing');
      assert.equal((await api()).statusCode, 404);
      const revoked = await browser.post(revokeLink, { _csrf: csrf });
      assert.equal(revoked.statusCode, 303);
      assert.equal((await api()).statusCode, 401, 'revoked: the key fails at once');
      assert.match((await browser.get('/partner?done=revoked')).body, /The key is revoked/);
      const beyond = await browser.post('/partner/keys/2147483648/revoke', { _csrf: csrf });
      assert.equal(beyond.statusCode, 400, 'a key id past the database\'s integers is refused, not a server error');
    });

    test('allowed sites per key: checked, saved, and used by the embed', async () => {
      const { browser, csrf } = await signedInPartner(mail.ctx, mail.smtp, 'sites@example.com');
      await new AccountsRepository(mail.ctx.database.db).setPlan('sites@example.com', 'business');
      const created = await browser.follow(await browser.post('/partner/keys', { _csrf: csrf, name: 'site' }));
      const secret = /id="new-key">(spk_[A-Za-z0-9_-]+)</.exec(created.body)![1];
      const portal = await browser.get('/partner');
      const action = /action="(\/partner\/keys\/\d+\/origins)"/.exec(portal.body)![1];
      const bad = await browser.post(action, { _csrf: csrf, origins: 'https://ok.example\njavascript:alert(1)' });
      assert.equal(bad.statusCode, 400);
      assert.match(bad.body, /“javascript:alert\(1\)” is not a site address/);
      assert.equal((await browser.post(action, { _csrf: csrf, origins: 'https://www.installer.example/page\nhttps://installer.example' })).statusCode, 303);
      const embed = await mail.ctx.app.inject({ method: 'GET', url: `/embed?lat=1&lng=2&key=${secret}` });
      assert.match(embed.headers['content-security-policy'] as string, /frame-ancestors https:\/\/www\.installer\.example https:\/\/installer\.example;/);
    });

    test('prices: checked, saved, shown back, and the embed’s wizard starts from them', async () => {
      const { browser, csrf } = await signedInPartner(mail.ctx, mail.smtp, 'prices@example.com');
      await new AccountsRepository(mail.ctx.database.db).setPlan('prices@example.com', 'business');
      const created = await browser.follow(await browser.post('/partner/keys', { _csrf: csrf, name: 'site' }));
      const secret = /id="new-key">(spk_[A-Za-z0-9_-]+)</.exec(created.body)![1];
      const embedPrices = async () => pageSettings((await mail.ctx.app.inject({ method: 'GET', url: `/embed?lat=47.14&lng=9.52&key=${secret}` })).body).prices;
      assert.deepEqual(await embedPrices(), { currency: 'EUR', costPerKwp: 1400, tariff: 0.3, exportTariff: 0.08 }, 'the service’s defaults until the partner sets theirs');
      const form = { _csrf: csrf, currency: 'chf', costPerKwp: '1650', tariff: '0,27', exportTariff: '0.10' };
      const noCurrency = await browser.post('/partner/prices', { ...form, currency: 'XYZ' });
      assert.equal(noCurrency.statusCode, 400);
      assert.match(noCurrency.body, /“?&quot;XYZ&quot; is not a currency: write its three-letter ISO 4217 code, such as EUR, CHF or GBP\./);
      const tooDear = await browser.post('/partner/prices', { ...form, costPerKwp: '2000000000' });
      assert.equal(tooDear.statusCode, 400);
      assert.match(tooDear.body, /The installed cost per kWp must be an amount from 0 to 1,000,000,000 CHF\./);
      // "1,650" may be 1650 or 1.65: asked, not guessed; what was typed stays in the fields.
      const ambiguous = await browser.post('/partner/prices', { ...form, currency: 'GBP', costPerKwp: '1,650' });
      assert.equal(ambiguous.statusCode, 400);
      assert.match(ambiguous.body, /The installed cost per kWp &quot;1,650&quot; could be 1650 or 1.650: write it without a thousands separator \(1650\), or with a decimal point \(1.650\)\./);
      assert.match(ambiguous.body, /name="currency"[^>]*value="GBP"/);
      assert.match(ambiguous.body, /name="costPerKwp"[^>]*value="1,650"/);
      for (const typed of ["1'650", '1 650', '1,650.00', '0x672', '1e5', '-0', 'Infinity', 'cheap']) {
        const refused = await browser.post('/partner/prices', { ...form, costPerKwp: typed });
        assert.equal(refused.statusCode, 400, typed);
        assert.match(refused.body, /The installed cost per kWp must be a plain number such as 1650, without thousands separators, signs or letters/, typed);
      }
      for (const code of ['XDR', 'HRK', 'XXX']) assert.equal((await browser.post('/partner/prices', { ...form, currency: code })).statusCode, 400, code);
      // A tiny price is shown back as the form reads it (not "1e-7"), so the form saves unchanged.
      assert.equal((await browser.post('/partner/prices', { ...form, tariff: '0.0000001' })).statusCode, 303);
      assert.match((await browser.get('/partner')).body, /name="tariff"[^>]*value="0.0000001"/);
      assert.equal((await browser.post('/partner/prices', form)).statusCode, 303);
      const portal = await browser.get('/partner?done=prices');
      assert.match(portal.body, /The prices are saved/);
      assert.match(portal.body, /name="currency"[^>]*value="CHF"/);
      assert.match(portal.body, /name="tariff"[^>]*value="0.27"/);
      assert.deepEqual(await embedPrices(), { currency: 'CHF', costPerKwp: 1650, tariff: 0.27, exportTariff: 0.1 });
      // The portal's live preview (/viewer, signed in) shows the partner's own prices; other visitors the defaults.
      assert.equal(pageSettings((await browser.get('/viewer?lat=47.14&lng=9.52')).body).prices.currency, 'CHF');
      assert.equal(pageSettings((await mail.ctx.app.inject({ method: 'GET', url: '/viewer?lat=47.14&lng=9.52' })).body).prices.currency, 'EUR');
      // A value edited by hand in the database is read amount by amount: the account still works.
      const account = (await new AccountsRepository(mail.ctx.database.db).findByEmail('prices@example.com'))!;
      await mail.ctx.database.db.updateTable('accounts').set({ prices: '{"currency":"chf","costPerKwp":"1650","tariff":0.3' }).where('id', '=', account.id).execute();
      assert.deepEqual(await embedPrices(), { currency: 'EUR', costPerKwp: 1400, tariff: 0.3, exportTariff: 0.08 });
      await mail.ctx.database.db.updateTable('accounts').set({ prices: '{"currency":"chf","costPerKwp":"1650","tariff":0.31}' }).where('id', '=', account.id).execute();
      assert.deepEqual(await embedPrices(), { currency: 'EUR', costPerKwp: 1400, tariff: 0.31, exportTariff: 0.08 });
    });

    test('prices need the Business plan, as the embed does', async () => {
      const { browser, csrf } = await signedInPartner(mail.ctx, mail.smtp, 'free-prices@example.com');
      const refused = await browser.post('/partner/prices', { _csrf: csrf, currency: 'GBP', costPerKwp: '1250', tariff: '0.25', exportTariff: '0.15' });
      assert.equal(refused.statusCode, 403);
      assert.match(refused.body, /Prices for the embed need the Business plan\./);
    });

    test('profile: lead capture needs an address; what is typed is shown escaped', async () => {
      const { browser, csrf } = await signedInPartner(mail.ctx, mail.smtp, 'profile@example.com');
      const twoLines = await browser.post('/partner/profile', { _csrf: csrf, companyName: 'Bob\r\nBcc: x@evil.example', notificationEmail: '', privacyUrl: '' });
      assert.equal(twoLines.statusCode, 400, 'a company name is one line: it heads reports and e-mails');
      const missing = await browser.post('/partner/profile', { _csrf: csrf, companyName: 'Sunny', leadCapture: 'on', notificationEmail: '', privacyUrl: '' });
      assert.equal(missing.statusCode, 400);
      assert.match(missing.body, /Lead capture needs an address/);
      // The form keeps what was typed, to be corrected rather than typed again.
      assert.match(missing.body, /name="companyName" maxlength="120" value="Sunny"/);
      assert.match(missing.body, /name="leadCapture" value="on" checked/);
      const saved = await browser.post('/partner/profile', { _csrf: csrf, companyName: 'Sunny <script>alert(1)</script>', leadCapture: 'on', notificationEmail: 'leads@sunny.example', privacyUrl: 'https://sunny.example/privacy' });
      assert.equal(saved.statusCode, 303);
      const portal = await browser.get('/partner?done=profile');
      assert.match(portal.body, /Your profile is saved/);
      assert.ok(!portal.body.includes('<script>alert(1)'));
      assert.match(portal.body, /Sunny &lt;script&gt;/);
      assert.match(portal.body, /name="leadCapture" value="on" checked/);
      const account = await new AccountsRepository(mail.ctx.database.db).findByEmail('profile@example.com');
      assert.deepEqual([account!.leadCapture, account!.notificationEmail, account!.privacyUrl], [true, 'leads@sunny.example', 'https://sunny.example/privacy']);
    });

    test('usage per month and key: generations billable, cache hits free', async () => {
      const { browser, csrf } = await signedInPartner(mail.ctx, mail.smtp, 'usage@example.com');
      await new AccountsRepository(mail.ctx.database.db).setPlan('usage@example.com', 'business');
      const secret = /id="new-key">(spk_[A-Za-z0-9_-]+)</.exec((await browser.follow(await browser.post('/partner/keys', { _csrf: csrf, name: 'crm' }))).body)![1];
      const request = () => mail.ctx.app.inject({ method: 'POST', url: '/api/v1/models', headers: { authorization: `Bearer ${secret}` }, payload: { latitude: 12.5, longitude: 7.25 } });
      await request();
      await request();
      const portal = await browser.get('/partner');
      const month = new Date().toISOString().slice(0, 7);
      assert.match(portal.body, new RegExp(`<td data-label="Month">${month}</td><td data-label="Key">crm \\(<code>${secret.slice(0, 12)}…</code>\\)</td><td data-label="Billable">1</td><td data-label="From cache">1</td>`));
    });
  });
}
