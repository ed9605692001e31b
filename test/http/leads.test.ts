import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AccountsRepository } from '../../src/db/accounts-repository.ts';
import { SEND_EMAIL_QUEUE } from '../../src/jobs/queue.ts';
import type { MailMessage } from '../../src/mail/mail-message.ts';
import { pageSettings } from '../helpers/page-settings.ts';
import { signedInPartner } from '../helpers/partner-session.ts';
import type { FormClient } from '../helpers/browser-form.ts';
import { createTestContext, DATABASES, json, waitFor, type TestContext } from '../helpers/test-context.ts';
import { SmtpStandIn } from '../stand-ins/smtp-stand-in.ts';

const lead = (key: string, extra: Record<string, unknown> = {}) => ({
  key,
  name: 'Ada Homeowner',
  email: 'ada@home.example',
  phone: '+49 30 1234567',
  address: 'Sonnenweg 1, 10115 Berlin',
  message: 'Please call in the morning.',
  consent: true,
  website: '',
  pageUrl: 'https://installer.example/solar',
  configuration: { latitude: 52.52, longitude: 13.405, panels: 14, kwp: 6.16, annualKwh: 5900.4, goal: 'cover_bill', monthlyUseKwh: 450, roof: 'way/123', roofLatitude: 52.5203125, roofLongitude: 13.4051234 },
  ...extra,
});

for (const kind of DATABASES) {
  describe(`lead capture (${kind})`, () => {
    let ctx: TestContext;
    let smtp: SmtpStandIn;
    let key: string;
    let partner: { browser: FormClient; csrf: string };
    const send = (body: object, remoteAddress = '198.51.100.20') => ctx.app.inject({ method: 'POST', url: '/api/viewer/leads', payload: body, remoteAddress });

    before(async () => {
      smtp = await SmtpStandIn.start();
      ctx = await createTestContext({ kind, smtpUrl: smtp.url });
      partner = await signedInPartner(ctx, smtp, 'installer@example.com');
      const accounts = new AccountsRepository(ctx.database.db);
      await accounts.setPlan('installer@example.com', 'business');
      const created = await partner.browser.follow(await partner.browser.post('/partner/keys', { _csrf: partner.csrf, name: 'website' }));
      key = /id="new-key">(spk_[A-Za-z0-9_-]+)</.exec(created.body)![1];
    });
    after(async () => {
      await ctx.close();
      await smtp.down();
    });

    test('lead capture off: no form in the embed, and requests are refused', async () => {
      const embed = await ctx.app.inject({ method: 'GET', url: `/embed?lat=52.52&lng=13.405&key=${key}` });
      assert.equal(pageSettings(embed.body).leadForm, undefined);
      const refused = await send(lead(key));
      assert.equal(refused.statusCode, 403);
      assert.match(json(refused).error as string, /does not take quote requests/);
    });

    test('lead capture on: the form shows; a request is saved and both e-mails go out', async () => {
      const saved = await partner.browser.post('/partner/profile', { _csrf: partner.csrf, companyName: 'Sunny Roofs', leadCapture: 'on', notificationEmail: 'leads@sunny.example', privacyUrl: 'https://sunny.example/privacy' });
      assert.equal(saved.statusCode, 303);
      const embed = await ctx.app.inject({ method: 'GET', url: `/embed?lat=52.52&lng=13.405&key=${key}` });
      assert.deepEqual(pageSettings(embed.body).leadForm, { company: 'Sunny Roofs', privacyUrl: 'https://sunny.example/privacy' });

      const response = await send(lead(key));
      assert.equal(response.statusCode, 200);
      assert.match(json(response).message as string, /Thank you/);
      const [notification] = await waitFor('the partner’s e-mail', async () => smtp.to('leads@sunny.example').length > 0 && smtp.to('leads@sunny.example'));
      assert.equal(notification.subject, 'New quote request: 6.16 kWp');
      for (const expected of ['Name: Ada Homeowner', 'E-mail: ada@home.example', 'Phone: +49 30 1234567', 'Address: Sonnenweg 1, 10115 Berlin', 'Please call in the morning.', '14 panels, 6.16 kWp, 5,900 kWh/year', 'Page: https://installer.example/solar',
        'Roof: way/123 at 52.520313, 13.405123 (https://www.openstreetmap.org/way/123)', 'Panels: 14', 'Peak power: 6.16 kWp', 'Yearly yield: about 5,900 kWh', 'Goal: Cover my electricity bill (450 kWh a month)']) {
        assert.ok(notification.text.includes(expected), `the notification has “${expected}”: ${notification.text}`);
      }
      assert.match(notification.raw, /^Reply-To: ada@home\.example/im);
      // Dated in the house's time zone (as its site report is), and in UTC.
      assert.match(notification.text, /^Received: \d{1,2} [A-Z][a-z]+ \d{4}(,| at) \d{2}:\d{2} Europe\/Berlin \(\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\)$/m);
      const [confirmation] = await waitFor('the visitor’s e-mail', async () => smtp.to('ada@home.example').length > 0 && smtp.to('ada@home.example'));
      assert.equal(confirmation.subject, 'Your quote request – Sunny Roofs');
      assert.ok(confirmation.text.includes('the roof at 52.520313, 13.405123 (https://www.openstreetmap.org/way/123)'), `the visitor’s e-mail names the roof: ${confirmation.text}`);
      assert.ok(confirmation.text.includes('14 panels'));
      const leads = await partner.browser.get('/partner/leads');
      assert.match(leads.body, /Ada Homeowner/);
      assert.match(leads.body, /Roof: <a href="https:\/\/www\.openstreetmap\.org\/way\/123"[^>]*>way\/123<\/a> at 52\.520313, 13\.405123/, 'the portal links the roof');
      assert.match(leads.body, /1 quote request from the viewer/);
    });

    test('the visitor’s language: the answer and the confirmation e-mail in German, numbers written the German way', async () => {
      const response = await send(lead(key, { email: 'de@home.example', name: 'Greta', language: 'de' }), '198.51.100.25');
      assert.equal(response.statusCode, 200);
      assert.match(json(response).message as string, /^Vielen Dank\./);
      const [confirmation] = await waitFor('the visitor’s e-mail', async () => smtp.to('de@home.example').length > 0 && smtp.to('de@home.example'));
      assert.equal(confirmation.subject, 'Ihre Angebotsanfrage – Sunny Roofs');
      assert.match(confirmation.text, /^Guten Tag Greta,/);
      assert.ok(confirmation.text.includes('14 Module, 6,16 kWp, 5.900 kWh/Jahr'), confirmation.text);
      const notification = await waitFor('the partner’s e-mail', async () => smtp.messages.find((m) => m.to.includes('leads@sunny.example') && m.text.includes('Name: Greta')));
      assert.ok(notification.text.includes('14 panels, 6.16 kWp, 5,900 kWh/year'), 'the partner’s e-mail stays in English');
      assert.equal((await send(lead(key, { language: 'pt' }), '198.51.100.26')).statusCode, 400);
    });

    test('an SMTP outage loses nothing: the visitor is answered at once and both e-mails arrive when SMTP is back', async () => {
      await smtp.down();
      const response = await send(lead(key, { email: 'outage@home.example', name: 'Grace' }), '198.51.100.21');
      assert.equal(response.statusCode, 200);
      // Both e-mails were queued with the answer; wait until one was tried against the closed port and refused
      // (state `retry`; not both: each refusal doubles the pause before the next try, which would only slow the test).
      await waitFor('an e-mail tried and refused', async () => {
        const jobs = (await ctx.queue.boss.findJobs<MailMessage>(SEND_EMAIL_QUEUE)).filter((job) => job.data.to === 'outage@home.example' || job.data.text.includes('Name: Grace'));
        return jobs.length === 2 && jobs.some((job) => job.state === 'retry' || job.retryCount >= 1);
      }, 30_000);
      assert.equal(smtp.to('outage@home.example').length, 0);
      await smtp.up();
      await waitFor('both e-mails after the outage', async () => smtp.to('outage@home.example').length === 1 && smtp.messages.some((m) => m.to.includes('leads@sunny.example') && m.text.includes('Name: Grace')), 30_000);
    });

    test('a roof the visitor corrected in the wizard goes with the lead; a correction out of range is refused, naming it', async () => {
      const configuration = { latitude: 47.141, longitude: 9.5209, panels: 20, roof: 'way/42', roofCorrection: { shape: 'gabled', pitch: 35, ridgeDirection: 90 } };
      const response = await send(lead(key, { name: 'Roof Fixer', email: 'roof@home.example', configuration }), '198.51.100.40');
      assert.equal(response.statusCode, 200);
      const [notification] = await waitFor('the partner’s e-mail', async () => {
        const found = smtp.messages.filter((m) => m.to.includes('leads@sunny.example') && m.text.includes('Name: Roof Fixer'));
        return found.length > 0 && found;
      });
      assert.ok(notification.text.includes('roof corrected by the visitor to gabled, 35°, ridge 90° from north'), notification.text);
      await waitFor('the visitor’s e-mail', async () => smtp.to('roof@home.example').length === 1);
      const bad = await send(lead(key, { configuration: { ...configuration, roofCorrection: { shape: 'gabled', pitch: 80 } } }), '198.51.100.41');
      assert.equal(bad.statusCode, 400);
      assert.match(json(bad).error as string, /pitch/);
    });

    test('a filled honeypot is answered like a success, but nothing is kept or sent', async () => {
      const before = smtp.messages.length;
      const response = await send(lead(key, { website: 'http://spam.example', email: 'bot@spam.example' }), '198.51.100.22');
      assert.equal(response.statusCode, 200);
      // A lead's e-mails are queued in the same transaction as the answer: none queued means none will be sent.
      const queued = await ctx.queue.boss.findJobs<MailMessage>(SEND_EMAIL_QUEUE);
      assert.ok(!queued.some((job) => JSON.stringify(job.data).includes('bot@spam.example')), 'no e-mail queued for the honeypot');
      assert.equal(smtp.messages.length, before);
      assert.doesNotMatch((await partner.browser.get('/partner/leads')).body, /bot@spam/);
    });

    test('bad requests name the field; a revoked or unknown key is 401; five requests an hour per address', async () => {
      assert.equal((await send(lead(key, { consent: false }), '198.51.100.30')).statusCode, 400);
      assert.match(json(await send(lead(key, { name: 'x'.repeat(121) }), '198.51.100.30')).error as string, /name/);
      assert.match(json(await send(lead(key, { email: 'not an address' }), '198.51.100.30')).error as string, /email/);
      assert.equal(json(await send(lead(key, { name: '   ' }), '198.51.100.30')).error, 'name is not in the expected form (one line of text, not only spaces)');
      assert.match(json(await send(lead(key, { address: 'Main St 1\r\nBcc: x@evil.example' }), '198.51.100.30')).error as string, /^address is not in the expected form/);
      // One address, and nothing riding after its domain: a comma would make two recipients, `?cc=` a CC in the portal's mail link.
      for (const email of ['a,b@evil.example', 'ada@home.example?cc=attacker%40evil.example&subject=Invoice']) {
        assert.equal(json(await send(lead(key, { email }), '198.51.100.30')).error, 'email is not in the expected form (an e-mail address such as name@example.com)', email);
      }
      assert.equal((await send(lead('spk_unknown'), '198.51.100.30')).statusCode, 401);
      for (let i = 0; i < 5; i++) assert.equal((await send(lead(key, { website: 'x' }), '198.51.100.31')).statusCode, 200);
      const limited = await send(lead(key), '198.51.100.31');
      assert.equal(limited.statusCode, 429);
    });

    test('what visitors type is escaped in the portal and cannot run as a formula in the CSV', async () => {
      // A local part may hold ? & = (RFC 5322): the portal's mail link encodes them, so they add no header.
      assert.equal((await send(lead(key, { email: 'q?cc=x&y=z@home.example' }), '198.51.100.40')).statusCode, 200);
      await send(lead(key, { name: '<img src=x onerror=alert(1)>', message: '=HYPERLINK("http://evil.example","click")', email: 'xss@home.example' }), '198.51.100.40');
      const page = await partner.browser.get('/partner/leads');
      assert.ok(page.body.includes('href="mailto:q%3Fcc%3Dx%26y%3Dz@home.example"'), 'the mail link is encoded');
      assert.ok(!page.body.includes('<img src=x'));
      assert.match(page.body, /&lt;img src=x onerror=alert\(1\)&gt;/);
      const csv = await partner.browser.get('/partner/leads.csv');
      assert.match(csv.headers['content-type'] as string, /text\/csv/);
      assert.match(csv.headers['content-disposition'] as string, /attachment; filename="leads-/);
      assert.ok(csv.body.includes(`"'=HYPERLINK(""http://evil.example"",""click"")"`), 'the formula is quoted as text');
      const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
      assert.equal(lines[0], 'received_utc,name,email,phone,address,message,system,latitude,longitude,panels,kwp,annual_kwh,page,roof,roof_latitude,roof_longitude,goal,monthly_use_kwh');
      assert.match(lines[1], /,cover_bill,450$/, 'the goal as sent and the monthly use, for a spreadsheet');
      assert.match(lines[1], /xss@home\.example/, 'newest first');
    });
  });
}
