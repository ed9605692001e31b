import { Type, type Static } from 'typebox';
import { Latitude, Longitude, OneLine } from './common.ts';
import { Lang } from './language.ts';
import { SiteReportDesign, Snapshot } from './report.ts';
import { EMAIL_PATTERN } from './email.ts';
import { VisitorRoofCorrection } from './roof-correction.ts';

/** Longest values of the quote form (a lead is contact details, not a document). */
export const LEAD_LIMITS = { name: 120, email: 254, phone: 40, address: 300, message: 2000, pageUrl: 500 } as const;

/** The system the visitor was looking at when they asked for a quote (the Solar Wizard's design, when made). */
export const LeadConfiguration = Type.Object(
  {
    latitude: Latitude,
    longitude: Longitude,
    roof: Type.Optional(Type.String({ maxLength: 120, description: 'Id of the chosen roof’s building: OpenStreetMap’s (`way/94400143`) or a measured building’s (`lod2/<dataset>/<id>`)' })),
    roofLatitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90, description: 'Latitude of the chosen roof (centre of its faces)' })),
    roofLongitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180, description: 'Longitude of the chosen roof (centre of its faces)' })),
    panels: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
    kwp: Type.Optional(Type.Number({ minimum: 0, maximum: 100_000 })),
    annualKwh: Type.Optional(Type.Number({ minimum: 0, maximum: 100_000_000 })),
    goal: Type.Optional(Type.String({ maxLength: 40 })),
    monthlyUseKwh: Type.Optional(Type.Number({ minimum: 0, maximum: 10_000_000, description: 'The monthly electricity use the visitor gave the goal `cover_bill`, kWh' })),
    roofCorrection: Type.Optional(VisitorRoofCorrection),
  },
  { additionalProperties: false },
);
export type LeadConfiguration = Static<typeof LeadConfiguration>;

/** `POST /api/viewer/leads`: the embedded viewer's quote form. */
export const LeadRequest = Type.Object(
  {
    key: Type.String({ maxLength: 200, description: 'The embed URL’s key' }),
    name: OneLine(LEAD_LIMITS.name, 'Visitor’s name'),
    email: Type.String({ maxLength: LEAD_LIMITS.email, pattern: EMAIL_PATTERN, description: 'Visitor’s e-mail address' }),
    phone: Type.Optional(Type.String({ maxLength: LEAD_LIMITS.phone, pattern: '^[0-9+()./ -]*$', description: 'Phone number (optional)' })),
    address: OneLine(LEAD_LIMITS.address, 'Address of the house'),
    message: Type.String({ maxLength: LEAD_LIMITS.message, description: 'Message to the installer' }),
    consent: Type.Literal(true, { description: 'The visitor agreed to be contacted (the box starts unticked)' }),
    pageUrl: Type.Optional(Type.String({ maxLength: LEAD_LIMITS.pageUrl, description: 'The page the viewer was embedded in' })),
    website: Type.Optional(Type.String({ maxLength: 200, description: 'Left empty by people (a field hidden from them)' })),
    configuration: LeadConfiguration,
    language: Type.Optional(Lang),
    /** The Solar Wizard's design: the installer gets it as the site report (PDF) with the lead e-mail. */
    report: Type.Optional(SiteReportDesign),
    snapshot: Type.Optional(Snapshot),
  },
  { additionalProperties: false },
);
export type LeadRequest = Static<typeof LeadRequest>;

/** What the service keeps of a quote request: the visitor's details and configuration. */
export type LeadInput = Omit<LeadRequest, 'key' | 'consent' | 'website'>;

export const LeadAccepted = Type.Object({ message: Type.String() });
