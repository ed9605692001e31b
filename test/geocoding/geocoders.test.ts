import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { GeocoderUnavailableError } from '../../src/geocoding/geocoder.ts';
import { NominatimGeocoder } from '../../src/geocoding/nominatim-geocoder.ts';
import { PhotonGeocoder } from '../../src/geocoding/photon-geocoder.ts';
import { missingSharedData, sharedDataFile } from '../helpers/shared-data.ts';
import { PhotonStandIn } from '../stand-ins/photon-stand-in.ts';

const EXTRACT = 'osm/monaco-latest.osm.pbf';
const extract = sharedDataFile(EXTRACT);
// A real address of the Monaco extract: OSM way 49209622, "Avenue des Pins" 1, 98000 Monaco.
const PINS = { typed: 'Avenue des Pins 1', osmId: 'way/49209622', label: 'Avenue des Pins 1, 98000 Monaco, Monaco' };

describe('geocoder clients against the stand-in (places of the Monaco extract)', { skip: extract ? false : missingSharedData(EXTRACT) }, () => {
  let standIn: PhotonStandIn;
  before(async () => {
    standIn = await PhotonStandIn.start([{ file: extract!, country: { code: 'MC', name: 'Monaco' } }]);
  });
  after(() => standIn?.close());

  for (const [name, make] of [['Photon', (url: string) => new PhotonGeocoder(url)], ['Nominatim', (url: string) => new NominatimGeocoder(url)]] as const) {
    test(`${name}: an address, its building and country; countries and a box sent as the protocol has them`, async () => {
      const geocoder = make(standIn.url);
      const [place] = await geocoder.search({ text: PINS.typed, limit: 3 });
      assert.equal(place.osmId, PINS.osmId);
      assert.equal(place.label, PINS.label);
      assert.equal(place.countryCode, 'MC');
      assert.equal(place.kind, 'house');
      assert.ok(Math.abs(place.latitude - 43.7322) < 0.001 && Math.abs(place.longitude - 7.4267) < 0.001);
      await geocoder.search({ text: PINS.typed, limit: 3, countries: ['MC'], box: [7.40, 43.72, 7.44, 43.75] });
      const sent = standIn.queries.at(-1)!;
      if (name === 'Photon') {
        assert.equal(sent.get('bbox'), '7.4,43.72,7.44,43.75');
        assert.equal(sent.get('limit'), '9', 'Photon cannot filter countries: three times the places are asked for');
      } else {
        assert.equal(sent.get('countrycodes'), 'mc');
        assert.equal(sent.get('viewbox'), '7.4,43.75,7.44,43.72');
        assert.equal(sent.get('bounded'), '1');
        assert.equal(sent.get('format'), 'geocodejson');
      }
      assert.deepEqual(await geocoder.search({ text: PINS.typed, limit: 3, countries: ['FR'] }).then((places) => name === 'Nominatim' ? places : []), [], 'Nominatim filters countries itself');
    });
  }

  test('a geocoder that fails or is not there is unavailable, with the reason', async () => {
    standIn.failNext = [503];
    await assert.rejects(new PhotonGeocoder(standIn.url).search({ text: 'Monaco', limit: 1 }), (error) => error instanceof GeocoderUnavailableError && /answered 503/.test(error.message));
    await assert.rejects(new NominatimGeocoder('http://127.0.0.1:9').search({ text: 'Monaco', limit: 1 }), (error) => error instanceof GeocoderUnavailableError && /did not answer/.test(error.message));
  });
});
