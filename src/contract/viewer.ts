import { Type, type Static } from 'typebox';
import { Latitude, Longitude } from './common.ts';
import { WIZARD_GOALS } from './sessions.ts';
import { Lang } from './language.ts';

/** `GET /embed`: the partner's iframe. */
export const EmbedQuery = Type.Object({
  lat: Latitude,
  lng: Longitude,
  key: Type.Optional(Type.String({ maxLength: 200, description: 'API key (Business plan); a missing key is a 401 page' })),
  lang: Type.Optional(Lang),
  autostart: Type.Optional(Type.Boolean({
    description: 'Open the 3D view at once on touch screens too. By default a phone or tablet first shows a light start card (address search, "Show in 3D"): the 3D view, about 1 MB and heavy work for a phone, starts on the visitor\'s tap or chosen address. Desktops always open it at once.',
  })),
});
export type EmbedQuery = Static<typeof EmbedQuery>;

/** `GET /viewer`: SPEC.md "Viewer page parameters". */
export const ViewerQuery = Type.Object({
  lat: Latitude,
  lng: Longitude,
  session: Type.Optional(Type.String({ maxLength: 100, pattern: '^ses_[A-Za-z0-9_-]+$', description: 'Agent session id (set in viewerUrl)' })),
  wizard: Type.Optional(Type.Enum([...WIZARD_GOALS], { description: 'Preselected Solar Wizard goal' })),
  wizardKwh: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000, description: 'Monthly kWh target for cover_bill' })),
  roofLat: Type.Optional(Latitude),
  roofLng: Type.Optional(Longitude),
  lang: Type.Optional(Lang),
});
export type ViewerQuery = Static<typeof ViewerQuery>;
