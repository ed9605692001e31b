import { Type, type Static, type TUnsafe } from 'typebox';
import { Latitude, Longitude } from './common.ts';
import { Lang } from './language.ts';
import { AMOUNT_LIMIT, PRICE_LIMITS } from './prices.ts';
import { VisitorRoofCorrection } from './roof-correction.ts';

/** Largest snapshot of the 3D design a report takes: about 1.5 MB of JPEG or PNG, as a data URL. */
export const SNAPSHOT_MAX_CHARS = 2_000_000;
/** Largest request that carries a snapshot (the snapshot and the design's figures). */
export const REPORT_BODY_LIMIT_BYTES = SNAPSHOT_MAX_CHARS + 256 * 1024;

const amount = (description: string, maximum = 1e9) => Type.Number({ minimum: -maximum, maximum, description });
const positive = (description: string, maximum = 1e9) => Type.Number({ minimum: 0, maximum, description });

/** One roof face of the design: its orientation, panels and yearly yield. */
export const ReportFace = Type.Object(
  {
    azimuthDeg: Type.Number({ minimum: 0, maximum: 360, description: 'Direction the face looks, degrees clockwise from north' }),
    tiltDeg: Type.Number({ minimum: 0, maximum: 90, description: 'Panel tilt, degrees' }),
    panels: Type.Integer({ minimum: 0, maximum: 100_000 }),
    annualKwh: positive('Yearly yield of the face’s panels, kWh, shading included'),
    areaM2: Type.Optional(positive('Area of the roof face, m² (on the slope)', 1_000_000)),
    racks: Type.Optional(Type.Boolean({ description: 'Whether the face is flat or nearly so and its panels stand on racks (the tilt is then the racks’)' })),
  },
  { additionalProperties: false },
);

/** How the designed roof is known, as the Solar Wizard told the visitor. */
export const REPORT_ROOF_SOURCES = ['osm-tag', 'measured', 'inferred', 'default', 'corrected', 'model'] as const;
export type ReportRoofSource = (typeof REPORT_ROOF_SOURCES)[number];

/** The roof the design is on: which building, where, and how its roof is known. */
export const ReportRoof = Type.Object(
  {
    id: Type.String({ maxLength: 120, pattern: '^[!-~]+$', description: 'The building’s id: OpenStreetMap’s (`way/94400143`, a part of it `way/419479428#rest1`) or a measured building’s (`lod2/<dataset>/<id>`)' }),
    latitude: Latitude,
    longitude: Longitude,
    // The list is not a tuple, so TypeBox cannot infer the union; the cast names it.
    source: Type.Union(REPORT_ROOF_SOURCES.map((s) => Type.Literal(s)), {
      description: 'How the roof is known: `osm-tag` as mapped, `measured` from a 3D city model, `inferred` guessed from the building, `default` unknown and drawn flat, `corrected` by the visitor, `model` as the model has it',
    }) as unknown as TUnsafe<ReportRoofSource>,
    confidence: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'How sure an inferred roof is, 0–1' })),
    dataset: Type.Optional(Type.String({ maxLength: 100, description: 'The 3D city model a measured roof comes from' })),
    correction: Type.Optional(VisitorRoofCorrection),
  },
  { additionalProperties: false },
);
export type ReportRoof = Static<typeof ReportRoof>;

/** The money and climate assumptions the figures were made with. */
export const ReportAssumptions = Type.Object(
  {
    currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code of every amount of the design (absent: EUR)' })),
    costPerKwp: positive('Installed cost per kWp, in the currency', PRICE_LIMITS.costPerKwp),
    tariff: positive('Grid electricity price per kWh, in the currency', PRICE_LIMITS.tariff),
    exportTariff: positive('Export price per kWh, in the currency', PRICE_LIMITS.tariff),
    selfConsumption: Type.Number({ minimum: 0, maximum: 1, description: 'Share used at home, 0–1' }),
    degradation: Type.Number({ minimum: 0, maximum: 1, description: 'Yearly output loss, 0–1' }),
    discountRate: Type.Number({ minimum: 0, maximum: 1, description: 'Discount rate, 0–1' }),
    years: Type.Integer({ minimum: 1, maximum: 100, description: 'Lifetime, years' }),
    co2KgPerKwh: positive('Grid emission factor, kg CO₂ per kWh', 10),
  },
  { additionalProperties: false },
);

/** The Solar Wizard's design as the site report shows it (the figures the visitor saw). */
export const SiteReportDesign = Type.Object(
  {
    latitude: Latitude,
    longitude: Longitude,
    panels: Type.Integer({ minimum: 0, maximum: 100_000 }),
    panelPowerW: Type.Number({ minimum: 50, maximum: 1000, description: 'Rated power of one panel, W (what the wizard’s panel field allows)' }),
    panelSize: Type.Optional(
      Type.Object(
        { lengthM: Type.Number({ minimum: 0.1, maximum: 10, description: 'Long side, metres' }), widthM: Type.Number({ minimum: 0.1, maximum: 10, description: 'Short side, metres' }) },
        { additionalProperties: false, description: 'Size of one panel' },
      ),
    ),
    kwp: positive('Peak power, kWp', 100_000),
    annualKwh: positive('Yearly yield, kWh'),
    monthlyKwh: Type.Array(positive('kWh'), { minItems: 12, maxItems: 12, description: 'Yield of each month, January first' }),
    specificYield: positive('kWh per kWp', 10_000),
    shadingLoss: Type.Number({ minimum: 0, maximum: 1, description: 'Energy lost to shading, 0–1' }),
    cost: positive('Installed cost, in the assumptions’ currency', AMOUNT_LIMIT),
    firstYearValue: positive('Savings and export income in the first year, in the assumptions’ currency', AMOUNT_LIMIT),
    npv: amount('Net present value over the lifetime, in the assumptions’ currency', AMOUNT_LIMIT),
    paybackYears: Type.Optional(positive('Years until the system has paid for itself (absent: not within the lifetime)', 1000)),
    co2KgPerYear: positive('CO₂ avoided a year, kg'),
    faces: Type.Array(ReportFace, { maxItems: 64 }),
    assumptions: ReportAssumptions,
    source: Type.String({ maxLength: 200, description: 'Irradiance source the yields came from' }),
    fallback: Type.Boolean({ description: 'Whether the yields came from the local climate model because the irradiance service was unavailable' }),
    roof: Type.Optional(ReportRoof),
    attribution: Type.Optional(
      Type.String({ maxLength: 500, description: 'The credits of the model the design was made on, `; `-separated, as the viewer shows them (`© OpenStreetMap contributors (ODbL 1.0); © Geobasis NRW (dl-de/zero-2.0)`); the report credits OpenStreetMap in any case' }),
    ),
  },
  { additionalProperties: false },
);
export type SiteReportDesign = Static<typeof SiteReportDesign>;

/** A snapshot of the 3D view as the browser's canvas gives it: a JPEG or PNG data URL. */
export const Snapshot = Type.String({
  maxLength: SNAPSHOT_MAX_CHARS,
  pattern: '^data:image/(jpeg|png);base64,[A-Za-z0-9+/]+={0,2}$',
  description: `Snapshot of the 3D design: a data URL of a JPEG or PNG image (data:image/jpeg;base64,…), at most ${SNAPSHOT_MAX_CHARS} characters and 4096 × 4096 pixels`,
});

/** `POST /api/viewer/report`: the site report of the wizard's design as a PDF. */
export const ReportRequest = Type.Object(
  {
    key: Type.Optional(Type.String({ maxLength: 200, description: 'The embed URL’s key: the report then names the installer from the partner’s profile' })),
    language: Type.Optional(Lang),
    address: Type.Optional(Type.String({ maxLength: 300, description: 'Address of the house, when the visitor gave one' })),
    design: SiteReportDesign,
    snapshot: Type.Optional(Snapshot),
  },
  { additionalProperties: false },
);
export type ReportRequest = Static<typeof ReportRequest>;
