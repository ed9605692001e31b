import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AccountsRepository } from '../../src/db/accounts-repository.ts';
import { VIEWER_GENERATIONS_PER_HOUR } from '../../src/services/model-service.ts';
import { signedInPartner } from '../helpers/partner-session.ts';
import { useMailContext } from '../helpers/mail-context.ts';
import { missingSharedData, sharedDataFile } from '../helpers/shared-data.ts';
import { PhotonStandIn } from '../stand-ins/photon-stand-in.ts';

const EXTRACT = 'osm/liechtenstein-2024-03-04.osm.pbf';
const extract = sharedDataFile(EXTRACT);
// Kunstmuseum Liechtenstein: OSM way 28712148, addr:street "Städtle", addr:housenumber 32, Vaduz.
const MUSEUM = { typed: 'Städtle 32 Vaduz', osmId: 'way/28712148' };

type Places = { places: { label: string; latitude: number; longitude: number; countryCode?: string; osmId?: string }[] };

describe('address search for the viewer pages (Photon stand-in on the Liechtenstein extract)', { skip: extract ? false : missingSharedData(EXTRACT) }, () => {
  let photon: PhotonStandIn;
  const env: Record<string, string> = {};
  before(async () => {
    photon = await PhotonStandIn.start([{ file: extract!, country: { code: 'LI', name: 'Liechtenstein' } }]);
    env.GEOCODER_URL = photon.url;
  });
  after(() => photon?.close());
  const mail = useMailContext({ env });
  const search = (query: Record<string, string>) => mail.ctx.app.inject({ method: 'GET', url: `/api/viewer/places?${new URLSearchParams(query)}` });

  test('a real address is found, with its place, country and building; nearby places first', async () => {
    const response = await search({ q: MUSEUM.typed, lat: '47.14', lng: '9.52' });
    assert.equal(response.statusCode, 200);
    const [first] = (response.json() as Places).places;
    assert.equal(first.osmId, MUSEUM.osmId);
    assert.match(first.label, /^Kunstmuseum Liechtenstein, Städtle 32, 9490 Vaduz, Liechtenstein$/);
    assert.equal(first.countryCode, 'LI');
    assert.ok(Math.abs(first.latitude - 47.1395) < 0.001 && Math.abs(first.longitude - 9.5221) < 0.001, `${first.latitude}, ${first.longitude}`);
    const sent = photon.queries.at(-1)!;
    assert.equal(sent.get('q'), MUSEUM.typed);
    assert.equal(sent.get('lat'), '47.14000');
  });

  test('bad requests say what is wrong; an unknown key is refused; a geocoder failure is a 503 that says so', async () => {
    const short = await search({ q: 'a' });
    assert.equal(short.statusCode, 400);
    assert.match(short.json().error, /q/);
    assert.equal((await search({ q: 'Vaduz', key: 'spk_unknown' })).statusCode, 401);
    photon.failNext = [502];
    const down = await search({ q: 'Vaduz' });
    assert.equal(down.statusCode, 503);
    assert.match(down.json().error, /address search is unavailable/);
  });

  test('a partner limits the embed’s search to countries and a box in the portal; other searches stay unlimited', async () => {
    const email = 'installer@example.com';
    const { browser, csrf } = await signedInPartner(mail.ctx, mail.smtp, email);
    await new AccountsRepository(mail.ctx.database.db).setPlan(email, 'business');
    const created = await browser.follow(await browser.post('/partner/keys', { _csrf: csrf, name: 'website' }));
    const key = /id="new-key">(spk_[A-Za-z0-9_-]+)</.exec(created.body)![1];

    const wrong = await browser.post('/partner/search-area', { _csrf: csrf, countries: 'Liechtenstein', box: '' });
    assert.match(wrong.body, /name="countries" maxlength="200" value="Liechtenstein"/, 'the typed countries are kept to be corrected');
    assert.equal(wrong.statusCode, 400);
    assert.match(wrong.body, /is not a country code/);
    assert.equal((await browser.post('/partner/search-area', { _csrf: csrf, countries: 'ch, at', box: '' })).statusCode, 303);
    assert.deepEqual((await search({ q: 'Vaduz', key })).json(), { places: [] }, 'Vaduz is in LI, outside CH and AT');
    assert.ok((await search({ q: 'Vaduz' })).json().places.length > 0, 'without the key: anywhere');

    // Schaan only: a box around it (Vaduz is 3 km south, outside).
    await browser.post('/partner/search-area', { _csrf: csrf, countries: 'LI', box: '9.49, 47.155, 9.53, 47.18' });
    const schaan = (await search({ q: 'Schaan', key })).json() as Places;
    assert.ok(schaan.places.length > 0);
    assert.ok(schaan.places.every((p) => p.latitude >= 47.155 && p.latitude <= 47.18));
    assert.equal(photon.queries.at(-1)!.get('bbox'), '9.49,47.155,9.53,47.18', 'the box goes to the geocoder');
    assert.deepEqual((await search({ q: MUSEUM.typed, key })).json(), { places: [] }, 'the museum in Vaduz is outside the box');

    const portal = await browser.get('/partner');
    assert.match(portal.body, /value="LI"/);
    assert.match(portal.body, /\/embed\?lat=47\.1675&amp;lng=9\.51&amp;key=spk_[A-Za-z0-9_-]{8}…/, 'the snippet starts in the middle of the area, with the key’s prefix');
    assert.match(portal.body, /data-copy="embed-snippet"/);
    assert.match(portal.body, /<iframe class="live-viewer" src="\/viewer\?lat=47\.1675&amp;lng=9\.51"/);
    // The saved box in words, so that latitude and longitude typed the wrong way round are seen at once.
    assert.match(portal.body, /Saved area: from 47\.155° N to 47\.18° N and from 9\.49° E to 9\.53° E\./);

    // A place the partner chose for the snippet stays while the portal's forms are saved, and after a refused one.
    const chosen = await browser.get('/partner?lat=47.166&lng=9.509');
    assert.match(chosen.body, /name="lat" value="47\.166"/);
    const kept = await browser.post('/partner/search-area', { _csrf: csrf, countries: 'LI', box: '9.49, 47.155, 9.53, 47.18', lat: '47.166', lng: '9.509' });
    assert.equal(kept.headers.location, '/partner?done=search-area&lat=47.166&lng=9.509');
    assert.match((await browser.follow(kept)).body, /\/embed\?lat=47\.166&amp;lng=9\.509&amp;key=/);
    const refused = await browser.post('/partner/search-area', { _csrf: csrf, countries: 'Liechtenstein', box: '', lat: '47.166', lng: '9.509' });
    assert.match(refused.body, /\/embed\?lat=47\.166&amp;lng=9\.509&amp;key=/);
    const forged = await browser.post('/partner/search-area', { _csrf: csrf, countries: 'LI', box: '', lat: '0x10', lng: '9.509' });
    assert.equal(forged.headers.location, '/partner?done=search-area', 'a place that is not one is dropped');
  });

  test('new places asked for in an embed count against the visitor’s one limit with keyless pages, and are the key’s free usage', async () => {
    const key = await mail.ctx.createKey();
    const ask = (latitude: number, withKey: boolean) => mail.ctx.app.inject({
      method: 'POST', url: '/api/viewer/models', remoteAddress: '203.0.113.9',
      payload: { latitude, longitude: 9.52, ...(withKey ? { key } : {}) },
    });
    assert.equal((await ask(47.001, true)).statusCode, 200);
    assert.equal((await ask(47.001, true)).statusCode, 200, 'the same place again is no new place');
    for (let i = 1; i < VIEWER_GENERATIONS_PER_HOUR; i++) assert.equal((await ask(47.001 + i / 1000, false)).statusCode, 200);
    const refused = await ask(46.5, true);
    assert.equal(refused.statusCode, 429, 'the embed’s new place is past the address’s limit');
    assert.match(refused.json().error, /Maximum 30 new models per hour/);
    const usage = await mail.ctx.database.db.selectFrom('usage_events').select(['kind', 'billable']).execute();
    assert.deepEqual(usage.map((row) => [row.kind, row.billable]), [['visitor_place', false]]);
  });
});
