import { Type, type Static } from 'typebox';
import { Latitude, Longitude } from './common.ts';

/** Most places one search answers. */
export const MAX_PLACES = 8;

/** `GET /api/viewer/places`: the address search of the viewer pages. */
export const PlaceSearchQuery = Type.Object(
  {
    q: Type.String({ minLength: 2, maxLength: 200, description: 'What the visitor typed: an address, a street, a town' }),
    key: Type.Optional(Type.String({ maxLength: 200, description: 'The embed URL’s API key: the partner’s search area applies' })),
    lat: Type.Optional(Latitude),
    lng: Type.Optional(Longitude),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PLACES, default: 5, description: `Most places to answer (1 to ${MAX_PLACES})` })),
  },
  { additionalProperties: false, description: '`lat` and `lng` (both or neither) rank places near the page’s location first' },
);
export type PlaceSearchQuery = Static<typeof PlaceSearchQuery>;

/** One place found. */
export const Place = Type.Object({
  label: Type.String({ description: 'What to show: name, street and number, postcode and town, country' }),
  latitude: Latitude,
  longitude: Longitude,
  kind: Type.String({ description: 'house, street, city, … as the geocoder classes it' }),
  countryCode: Type.Optional(Type.String({ description: 'ISO 3166-1 alpha-2, upper case' })),
  osmId: Type.Optional(Type.String({ description: 'The OpenStreetMap object, e.g. way/123' })),
});
export type Place = Static<typeof Place>;

export const PlaceSearchAnswer = Type.Object({ places: Type.Array(Place) }, { $id: 'PlaceSearchAnswer' });
export type PlaceSearchAnswer = Static<typeof PlaceSearchAnswer>;
