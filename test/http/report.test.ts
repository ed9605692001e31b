import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { AccountsRepository } from '../../src/db/accounts-repository.ts';
import { SNAPSHOT_MAX_CHARS } from '../../src/contract/report.ts';
import { translator } from '../../src/i18n/index.ts';
import { firstPagePng, pdfFonts, pdfImages, pdfPages, pdfText, pdfToolsSkipReason } from '../helpers/pdf-tools.ts';
import { FALLBACK_FONT_FILES } from '../../src/report/report-fonts.ts';
import { SAMPLE_DESIGN, sampleDesign, sampleSnapshot, SNAPSHOT_ROOF_RGB } from '../helpers/sample-report.ts';
import { SCREENSHOT_DIR } from '../helpers/screenshot-dir.ts';
import { readPng } from '../helpers/screenshot-pixels.ts';
import { createTestContext, json, waitFor, type TestContext } from '../helpers/test-context.ts';
import { SmtpStandIn } from '../stand-ins/smtp-stand-in.ts';

const pdfSkip = pdfToolsSkipReason() ?? false;
const fallbackFontSkip = FALLBACK_FONT_FILES.every((file) => fs.existsSync(file))
  ? false
  : 'the fallback fonts are not installed: install the Debian packages fonts-droid-fallback, fonts-noto-cjk and fonts-symbola (.ci/run does)';

/** Share of the page's pixels within 40 of the snapshot's roof colour (the image is drawn, not just embedded). */
function roofShare(png: Buffer): number {
  const page = readPng(png);
  let hits = 0;
  for (let i = 0; i < page.width * page.height; i++) {
    const o = i * page.channels;
    if (SNAPSHOT_ROOF_RGB.every((value, k) => Math.abs(page.data[o + k] - value) < 40)) hits++;
  }
  return hits / (page.width * page.height);
}

describe('the site report (PDF)', () => {
  let ctx: TestContext;
  let smtp: SmtpStandIn;
  let key: string;
  let snapshot: string;
  const report = (body: object, remoteAddress = '198.51.100.60') => ctx.app.inject({ method: 'POST', url: '/api/viewer/report', payload: body, remoteAddress });

  before(async () => {
    smtp = await SmtpStandIn.start();
    ctx = await createTestContext({ smtpUrl: smtp.url });
    key = await ctx.createKey('business', 'reports@example.com');
    const accounts = new AccountsRepository(ctx.database.db);
    const account = (await accounts.findByEmail('reports@example.com'))!;
    await accounts.updateProfile(account.id, { companyName: 'Sonnendach GmbH', leadCapture: true, notificationEmail: 'leads@sonnendach.example', privacyUrl: null });
    snapshot = await sampleSnapshot();
  });
  after(async () => {
    await ctx.close();
    await smtp.down();
  });

  test('a German report: the installer from the profile, site, snapshot, figures, faces, assumptions and source', { skip: pdfSkip }, async () => {
    const response = await report({ key, language: 'de', address: 'Städtle 1, 9490 Vaduz', design: SAMPLE_DESIGN, snapshot });
    assert.equal(response.statusCode, 200, response.body.slice(0, 300));
    assert.equal(response.headers['content-type'], 'application/pdf');
    assert.match(response.headers['content-disposition'] as string, /attachment; filename="site-report\.pdf"/);
    const pdf = response.rawPayload;
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    assert.equal(pdfPages(pdf), 1, 'one page');
    const text = pdfText(pdf);
    for (const expected of [
      'Solar-Standortbericht', 'Erstellt von Sonnendach GmbH', `Erstellt am ${translator('de').date(ctx.clock.now(), 'Europe/Vaduz')}`, 'Städtle 1, 9490 Vaduz', '47,141, 9,5209',
      'Die Planung im 3D-Modell', '14 × 440 W', '6,16 kWp', '5.900 kWh', '958 kWh/kWp', '4,3 %', '1.475 kg/Jahr', '8.624 €', '9,5 Jahre', '3.463 €',
      'Monatlicher Ertrag (kWh)', '720', 'S (180°)', 'O (90°)', '4.600', 'Anlagenkosten 1.400 € je kWp', '0,25 kg je kWh', 'Einstrahlung: PVGIS-SARAH3', 'CO₂-Einsparung',
      'Kartendaten: © OpenStreetMap contributors (ODbL 1.0)',
    ]) assert.ok(text.includes(expected), `the report says “${expected}”:\n${text}`);
    assert.deepEqual(pdfImages(pdf).map(({ page, width, height }) => [page, width, height]), [[1, 800, 450]], 'the snapshot, once, at its own size');
    const page = firstPagePng(pdf);
    assert.ok(roofShare(page) > 0.005, `the snapshot's roof is drawn on the page (${(roofShare(page) * 100).toFixed(2)} % of it)`);
    fs.writeFileSync(path.join(SCREENSHOT_DIR, 'site-report-de.png'), page);
  });

  test('a long report (an address, six roof faces) keeps to one page: the picture of the view gives way', { skip: pdfSkip }, async () => {
    const faces = [0, 45, 90, 135, 180, 225].map((azimuthDeg) => ({ azimuthDeg, tiltDeg: 35, panels: 4, annualKwh: 1000 + azimuthDeg }));
    const response = await report({ key, language: 'de', address: 'Städtle 1, 9490 Vaduz, Fürstentum Liechtenstein', design: sampleDesign(faces), snapshot });
    assert.equal(response.statusCode, 200);
    assert.equal(pdfPages(response.rawPayload), 1, 'one page');
    const text = pdfText(response.rawPayload);
    assert.ok(text.includes('Städtle 1') && text.includes('(225°)') && text.includes('CO₂-Einsparung'), text);
    assert.equal(pdfImages(response.rawPayload).length, 1, 'the picture is still there');
  });

  test('a report that runs over even with the smallest picture keeps to one page without it (a very long name and address)', { skip: pdfSkip }, async () => {
    const longKey = await ctx.createKey('business', 'long-name@example.com');
    const accounts = new AccountsRepository(ctx.database.db);
    const companyName = 'Photovoltaik- und Solarthermie-Installationsgesellschaft Süd-Liechtenstein & Vorarlberg GmbH & Co. KG';
    await accounts.updateProfile((await accounts.findByEmail('long-name@example.com'))!.id, { companyName, leadCapture: false, notificationEmail: null, privacyUrl: null });
    const address = 'Fürst-Franz-Josef-Straße 112, Wohnung 4, Hinterhaus, 9490 Vaduz, Fürstentum Liechtenstein, c/o Familie Müller-Lüdenscheidt, Zustellung über den Seiteneingang neben der Garage, bitte bei der Hausverwaltung klingeln, Immobilien-Treuhand-Gesellschaft AG, Postfach 1234, 9490 Vaduz, Liechtenstein'.slice(0, 300);
    const faces = Array.from({ length: 12 }, (_, i) => ({ azimuthDeg: (i * 30) % 360, tiltDeg: 35, panels: 4, annualKwh: 1400 + i, areaM2: 40 + i }));
    const roof = { id: 'way/490904777', latitude: 47.1395, longitude: 9.5245, source: 'corrected', correction: { shape: 'half-hipped', pitch: 35, ridgeDirection: 123 } } as const;
    const response = await report({ key: longKey, language: 'de', address, design: { ...sampleDesign(faces), panelSize: { lengthM: 1.762, widthM: 1.134 }, fallback: true, roof }, snapshot });
    assert.equal(response.statusCode, 200);
    assert.equal(pdfPages(response.rawPayload), 1, 'one page');
    assert.equal(pdfImages(response.rawPayload).length, 0, 'the picture gave way');
    const text = pdfText(response.rawPayload).replace(/\s+/g, ' ');
    assert.ok(text.includes('(330°)') && text.includes('Kartendaten: © OpenStreetMap contributors'), text);
  });

  test('the roof: its building and where it is, how it is known, the racks on a flat roof, a correction in the report’s words', { skip: pdfSkip }, async () => {
    const roof = { id: 'way/94400143', latitude: 43.7387317, longitude: 7.4275012, source: 'inferred', confidence: 0.52 } as const;
    const guessed = pdfText((await report({ key, design: { ...sampleDesign([{ azimuthDeg: 180, tiltDeg: 15, panels: 14, annualKwh: 5900.4, areaM2: 334.8, racks: true }]), panelSize: { lengthM: 1.762, widthM: 1.134 }, roof }, snapshot })).rawPayload);
    // pdftotext breaks long lines where the page does.
    const flowing = (text: string) => text.replace(/\s+/g, ' ');
    for (const expected of ['way/94400143 (OpenStreetMap)', '43.738732, 7.427501', 'Guessed from the building’s type and outline (52% sure): check on site', '15° *', '* On faces flat or nearly flat, the panels stand on racks at the tilt and facing shown.', 'Area', '335 m²', 'Panel size 1.76 × 1.13 m']) {
      assert.ok(flowing(guessed).includes(expected), `the report says “${expected}”:\n${guessed}`);
    }
    assert.ok(!guessed.includes('47.141, 9.5209'), 'the coordinates are the roof’s, not the page’s');
    const corrected = { ...roof, source: 'corrected', correction: { shape: 'gabled', pitch: 35, ridgeDirection: 90 } } as const;
    const french = pdfText((await report({ key, language: 'fr', design: { ...SAMPLE_DESIGN, roof: corrected }, snapshot })).rawPayload);
    assert.ok(flowing(french).includes('Corrigé à la main : deux pans, 35°, faîtage à 90° du nord ; à vérifier sur place'), french);
    assert.ok(!french.includes('supports'), 'no racks on a pitched roof');
    // The model's credits as the viewer sends them; without a picture the credit closes the page.
    const attribution = '© OpenStreetMap contributors (ODbL 1.0); © Geobasis NRW (dl-de/zero-2.0)';
    const measuredRoof = { id: 'lod2/nrw/DENW36AL1000abc', latitude: 51.66, longitude: 6.62, source: 'measured', dataset: 'Geobasis NRW' } as const;
    const measured = pdfText((await report({ key, language: 'de', design: { ...SAMPLE_DESIGN, roof: measuredRoof, attribution } })).rawPayload);
    assert.ok(flowing(measured).includes('Vermessen: 3D-Stadtmodell Geobasis NRW (LoD2)') && measured.includes('lod2/nrw/DENW36AL1000abc') && !measured.includes('(OpenStreetMap)'), measured);
    assert.ok(flowing(measured).trim().endsWith('Kartendaten: © OpenStreetMap contributors (ODbL 1.0) · © Geobasis NRW (dl-de/zero-2.0)'), `OpenStreetMap and the 3D city model credited, each once, last:\n${measured}`);
  });

  test('a report keeps to one page up to a dozen roof faces, in the longest languages, with everything a design can carry', { skip: pdfSkip }, async () => {
    // The most a wizard's design puts on the page: a guessed roof (two lines), racks, areas, the panel's size, the fallback's notice.
    const roof = { id: 'way/490904777', latitude: 47.1395, longitude: 9.5245, source: 'inferred', confidence: 0.52 } as const;
    const spilled: string[] = [];
    for (const language of ['it', 'fr', 'es']) {
      for (let count = 1; count <= 12; count++) {
        const faces = Array.from({ length: count }, (_, i) => ({ azimuthDeg: (i * 30) % 360, tiltDeg: 15, panels: 3, annualKwh: 900 + i, areaM2: 40 + i, racks: true }));
        // A measured dataset's credit beside OpenStreetMap's, under the picture.
        const attribution = '© OpenStreetMap contributors (ODbL 1.0); © Freie und Hansestadt Hamburg, LGV (dl-de/by-2.0)';
        const response = await report({ key, language, address: 'Städtle 1, 9490 Vaduz, Fürstentum Liechtenstein', design: { ...sampleDesign(faces), panelSize: { lengthM: 1.762, widthM: 1.134 }, fallback: true, roof, attribution }, snapshot });
        if (pdfPages(response.rawPayload) !== 1) spilled.push(`${language} ${count}`);
        else if (pdfImages(response.rawPayload).length !== 1) spilled.push(`${language} ${count} without its picture`);
      }
    }
    assert.deepEqual(spilled, [], 'reports that ran onto a second page or lost their picture (language, faces)');
  });

  test('a name and an address in Japanese and Korean, with emoji, are drawn from the machine’s fallback fonts, not as empty boxes', { skip: pdfSkip || fallbackFontSkip }, async () => {
    const japaneseKey = await ctx.createKey('business', 'tokyo@example.com');
    const accounts = new AccountsRepository(ctx.database.db);
    await accounts.updateProfile((await accounts.findByEmail('tokyo@example.com'))!.id, { companyName: '東京ソーラー ☀️', leadCapture: false, notificationEmail: null, privacyUrl: null });
    const response = await report({ key: japaneseKey, address: '東京都港区芝公園4-2-8 🏠, 서울 세종대로 110, Москва', design: SAMPLE_DESIGN, snapshot });
    assert.equal(response.statusCode, 200);
    const text = pdfText(response.rawPayload);
    assert.ok(text.includes('Prepared by 東京ソーラー ☀️') && text.includes('東京都港区芝公園4-2-8 🏠, 서울 세종대로 110, Москва'), text);
    const fonts = pdfFonts(response.rawPayload);
    // Kana and kanji from Droid Sans Fallback, Hangul (which it lacks) from Noto Sans CJK, the emoji from Symbola.
    assert.ok(fonts.includes('DroidSansFallback') && fonts.some((name) => name.startsWith('NotoSansCJK')) && fonts.includes('Symbola'), `the letters and the emoji come from fonts that have them: ${fonts.join(', ')}`);
    assert.equal(pdfPages(response.rawPayload), 1);
  });

  test('without a key: no installer named; English by default; a PNG snapshot works too', { skip: pdfSkip }, async () => {
    // At 5,000 a kWp the system does not pay for itself within its 20 years.
    const response = await report({ design: sampleDesign(SAMPLE_DESIGN.faces, { ...SAMPLE_DESIGN.assumptions, costPerKwp: 5000 }), snapshot: await sampleSnapshot('png') });
    assert.equal(response.statusCode, 200);
    const text = pdfText(response.rawPayload);
    assert.ok(text.includes('Solar site report'));
    assert.ok(!text.includes('Prepared by'), 'no installer');
    assert.ok(text.includes('not within 20 years'), text);
    assert.ok(text.includes('5,900 kWh'));
    assert.equal(pdfImages(response.rawPayload).length, 1);
  });

  test('a design in Swiss francs: every amount of the report in CHF, none in euros', { skip: pdfSkip }, async () => {
    const design = sampleDesign(SAMPLE_DESIGN.faces, { ...SAMPLE_DESIGN.assumptions, currency: 'CHF', costPerKwp: 1650, tariff: 0.27, exportTariff: 0.085 });
    const response = await report({ design, key, language: 'de' });
    assert.equal(response.statusCode, 200);
    const text = pdfText(response.rawPayload);
    for (const expected of ['10.164 CHF', '1.365 CHF', 'Anlagenkosten 1.650 CHF je kWp', 'Strom 0,27 CHF je kWh', 'Einspeisung 0,085 CHF je kWh']) assert.ok(text.includes(expected), `the report says “${expected}”:\n${text}`);
    assert.ok(!text.includes('€'), 'no amount in euros');
  });

  test('the snapshot is checked at the edge: type, bytes, size; a bad key is 401', async () => {
    const jpegBytes = snapshot.slice('data:image/jpeg;base64,'.length);
    const wide = await sharp({ create: { width: 5000, height: 4000, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const cases: [object, number, RegExp][] = [
      [{ design: SAMPLE_DESIGN, snapshot: `data:image/gif;base64,${jpegBytes}` }, 400, /snapshot/],
      [{ design: SAMPLE_DESIGN, snapshot: `data:image/png;base64,${jpegBytes}` }, 400, /snapshot says image\/png but its bytes are not a PNG image/],
      [{ design: SAMPLE_DESIGN, snapshot: `data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2, 3]).toString('base64')}` }, 400, /^snapshot could not be read as a JPEG image: it is truncated or damaged$/],
      [{ design: SAMPLE_DESIGN, snapshot: 'javascript:alert(1)' }, 400, /snapshot/],
      [{ design: SAMPLE_DESIGN, snapshot: `data:image/png;base64,${wide.toString('base64')}` }, 400, /^snapshot is 5000 × 4000 pixels; at most 4096 a side is allowed$/],
      [{ design: { ...SAMPLE_DESIGN, monthlyKwh: [1, 2] } }, 400, /monthlyKwh/],
      [{ design: { ...SAMPLE_DESIGN, shadingLoss: 2 } }, 400, /shadingLoss/],
      [{ design: SAMPLE_DESIGN, language: 'pt' }, 400, /language/],
      [{ design: { ...SAMPLE_DESIGN, assumptions: { ...SAMPLE_DESIGN.assumptions, currency: 'XYZ' } } }, 400, /^design\.assumptions\.currency "XYZ" is not a currency: send an ISO 4217 code such as EUR, CHF or GBP\.$/],
      [{ design: { ...SAMPLE_DESIGN, assumptions: { ...SAMPLE_DESIGN.assumptions, currency: 'chf' } } }, 400, /currency/],
      [{ design: SAMPLE_DESIGN, key: 'spk_unknown' }, 401, /key/i],
    ];
    for (const [body, status, message] of cases) {
      const response = await report(body, '198.51.100.61');
      assert.equal(response.statusCode, status, JSON.stringify(body).slice(0, 120));
      assert.match(json(response).error as string, message);
    }
    const huge = await report({ design: SAMPLE_DESIGN, snapshot: `data:image/jpeg;base64,${'A'.repeat(SNAPSHOT_MAX_CHARS)}` }, '198.51.100.61');
    assert.ok([400, 413].includes(huge.statusCode), `an oversized snapshot is refused (${huge.statusCode})`);
  });

  test('keyless pages may have 30 reports an hour per address; a partner’s embed is not limited', async () => {
    // Refused snapshots count too (they cost the check), and keep the test quick.
    const broken = `data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2, 3]).toString('base64')}`;
    for (let i = 0; i < 30; i++) assert.equal((await report({ design: SAMPLE_DESIGN, snapshot: broken }, '198.51.100.70')).statusCode, 400, `report ${i + 1}`);
    const limited = await report({ design: SAMPLE_DESIGN }, '198.51.100.70');
    assert.equal(limited.statusCode, 429);
    assert.match(json(limited).error as string, /Too many reports/);
    assert.equal((await report({ design: sampleDesign([]), key }, '198.51.100.70')).statusCode, 200, 'with the embed key');
  });

  test('figures that do not add up are refused, each named: a report “prepared by” the installer says only what the design gives', async () => {
    // Ten panels of 440 W making 50 kWp that cost 1,000 and pay for themselves in a month.
    const forged = { ...sampleDesign([{ azimuthDeg: 180, tiltDeg: 35, panels: 10, annualKwh: 4000 }]), kwp: 50, cost: 1000, paybackYears: 0.1 };
    const refused = await report({ key, design: forged, snapshot }, '198.51.100.63');
    assert.equal(refused.statusCode, 400);
    const message = json(refused).error as string;
    for (const named of ['design.kwp 50 is not 10 panels × 440 W = 4.4 kWp', 'design.cost 1000', 'design.paybackYears 0.1', 'design.specificYield']) assert.ok(message.includes(named), `the answer names “${named}”: ${message}`);
    const sunnier = sampleDesign([{ azimuthDeg: 180, tiltDeg: 35, panels: 10, annualKwh: 40_000 }]);
    assert.match(json(await report({ key, design: sunnier }, '198.51.100.63')).error as string, /9090\.91 kWh per kWp a year is more than panels make at 47\.14, 9\.52 \(at most about 1\d{3}\)/);
    // Figures that add up but no roof in Vaduz gives: 2,999 kWh per kWp.
    const vaduzSun = sampleDesign([{ azimuthDeg: 0, tiltDeg: 90, panels: 10, annualKwh: 2999 * 4.4 }]);
    assert.match(json(await report({ key, design: vaduzSun }, '198.51.100.63')).error as string, /^The design's figures do not add up, so no report is made of them: 2999 kWh per kWp a year is more than panels make at 47\.14, 9\.52/);
    // Ten 5,000 W panels: no such panel is sold (the wizard's panel field stops at 1,000 W).
    assert.match(json(await report({ key, design: { ...sampleDesign([{ azimuthDeg: 180, tiltDeg: 35, panels: 10, annualKwh: 4000 }]), panelPowerW: 5000 } }, '198.51.100.63')).error as string, /panelPowerW/);
    const lead = await ctx.app.inject({
      method: 'POST',
      url: '/api/viewer/leads',
      remoteAddress: '198.51.100.64',
      payload: {
        key, name: 'Mallory', email: 'm@home.example', address: 'Städtle 1, 9490 Vaduz', message: '', consent: true, website: '',
        configuration: { latitude: SAMPLE_DESIGN.latitude, longitude: SAMPLE_DESIGN.longitude, panels: 72, kwp: 31.68, annualKwh: 30_000 },
        report: SAMPLE_DESIGN,
      },
    });
    assert.equal(lead.statusCode, 400);
    assert.match(json(lead).error as string, /^The report sent with the quote request is of another system: configuration\.panels 72 is not the report's 14; configuration\.kwp 31\.68 is not the report's 6\.16; configuration\.annualKwh 30000 is not the report's 5900\.4\.$/);
    assert.equal(smtp.messages.filter((m) => m.text.includes('Mallory')).length, 0, 'nothing sent');
  });

  test('a quote request with the design: the installer’s e-mail carries the report as a PDF attachment', { skip: pdfSkip }, async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/viewer/leads',
      remoteAddress: '198.51.100.62',
      payload: {
        key, name: 'Greta', email: 'greta@home.example', address: 'Städtle 1, 9490 Vaduz', message: '', consent: true, website: '', language: 'de',
        configuration: { latitude: SAMPLE_DESIGN.latitude, longitude: SAMPLE_DESIGN.longitude, roof: 'way/94400143', panels: 14, kwp: 6.16, annualKwh: 5900.4 },
        report: SAMPLE_DESIGN,
        snapshot,
      },
    });
    assert.equal(response.statusCode, 200, response.body);
    const notification = await waitFor('the installer’s e-mail', async () => smtp.messages.find((m) => m.to.includes('leads@sonnendach.example') && m.text.includes('Name: Greta')));
    assert.equal(notification.attachments.length, 1);
    const [attachment] = notification.attachments;
    assert.equal(attachment.filename, 'site-report-way-94400143.pdf', 'named after the roof');
    assert.equal(notification.subject, 'New quote request: 6.16 kWp', 'the size, not the visitor’s name (subjects are logged)');
    assert.ok(notification.text.includes('Site report: attached (site-report-way-94400143.pdf)'), notification.text);
    assert.equal(attachment.contentType, 'application/pdf');
    const text = pdfText(attachment.content);
    for (const expected of ['Solar-Standortbericht', 'Erstellt von Sonnendach GmbH', 'Städtle 1, 9490 Vaduz', '6,16 kWp']) assert.ok(text.includes(expected), `the attached report says “${expected}”`);
    assert.equal(pdfImages(attachment.content).length, 1, 'with the snapshot');
    const confirmation = await waitFor('the visitor’s e-mail', async () => smtp.to('greta@home.example')[0]);
    assert.equal(confirmation.attachments.length, 0, 'the visitor’s confirmation has no attachment');
  });
});
