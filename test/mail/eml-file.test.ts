import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { createMailer } from '../../src/mail/mailer.ts';

test('without SMTP, an e-mail is an .eml file whose links can be copied whole', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-mail-'));
  try {
    const link = `https://solar.example.com/auth/verify?token=${'Ab_-9'.repeat(9)}x=y&z=1`;
    const mailer = createMailer({ smtpUrl: undefined, mailDir: dir, from: 'Solar Partner <no-reply@solar.example.com>' });
    await mailer.send({ to: 'ana@example.com', subject: 'Bestätigen Sie Ihre Adresse', text: `Welcome.\n\nConfirm your address with this link (valid for 48 hours), ünïcode and all:\n${link}\n` });
    const [file] = fs.readdirSync(dir);
    assert.match(file, /ana@example\.com\.eml$/);
    const eml = fs.readFileSync(path.join(dir, file), 'utf8');
    const head = eml.slice(0, eml.indexOf('\n\n'));
    const body = eml.slice(eml.indexOf('\n\n') + 2);
    assert.ok(body.split('\n').includes(link), 'the link is one line of the file, exactly as sent');
    assert.match(head, /^Content-Transfer-Encoding: 8bit$/m);
    assert.match(head, /^Content-Type: text\/plain; charset=utf-8$/m);
    assert.match(head, /^To: ana@example\.com$/m);
    const subject = /^Subject: =\?UTF-8\?B\?([A-Za-z0-9+/=]+)\?=$/m.exec(head);
    assert.ok(subject, 'a subject beyond ASCII is an encoded word');
    assert.equal(Buffer.from(subject[1], 'base64').toString('utf8'), 'Bestätigen Sie Ihre Adresse');
    assert.ok(body.includes('ünïcode'), 'the text is UTF-8 as written');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a header value cannot start a new header', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-partner-mail-'));
  try {
    await createMailer({ smtpUrl: undefined, mailDir: dir, from: 'x@solar.example.com' }).send({ to: 'a@example.com', subject: 'Hello\r\nBcc: victim@example.com', text: 'hi' });
    const eml = fs.readFileSync(path.join(dir, fs.readdirSync(dir)[0]), 'utf8');
    assert.doesNotMatch(eml, /^Bcc:/m);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
