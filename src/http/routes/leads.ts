import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../services/services.ts';
import { LEAD_LIMITS } from '../../domain/lead.ts';
import { CORRECTABLE_SHAPES, CORRECTION_PITCH } from '../../modelgen/browser.ts';
import { INVALID_KEY } from '../api-key-auth.ts';
import { HttpError } from '../http-error.ts';
import { ErrorBody, Latitude, Longitude } from '../schemas.ts';

const text = (maxLength: number, description: string) => Type.String({ minLength: 1, maxLength, description });
/** The roof as the visitor corrected it in the Solar Wizard. */
const RoofCorrection = Type.Object(
  {
    shape: Type.Union(CORRECTABLE_SHAPES.map((shape) => Type.Literal(shape)), { description: 'Roof shape' }),
    pitch: Type.Optional(Type.Number({ minimum: CORRECTION_PITCH.min, maximum: CORRECTION_PITCH.max, description: 'Pitch, degrees' })),
    ridgeDirection: Type.Optional(Type.Number({ minimum: 0, maximum: 360, description: 'Ridge bearing, degrees from north' })),
  },
  { additionalProperties: false },
);

const LeadRequest = Type.Object(
  {
    key: Type.String({ maxLength: 200, description: 'The embed URL’s key' }),
    name: text(LEAD_LIMITS.name, 'Visitor’s name'),
    email: Type.String({ maxLength: LEAD_LIMITS.email, pattern: '^[^\\s@<>]+@[^\\s@<>]+\\.[^\\s@<>]{2,}$', description: 'Visitor’s e-mail address' }),
    phone: Type.Optional(Type.String({ maxLength: LEAD_LIMITS.phone, pattern: '^[0-9+()./ -]*$', description: 'Phone number (optional)' })),
    address: text(LEAD_LIMITS.address, 'Address of the house'),
    message: Type.String({ maxLength: LEAD_LIMITS.message, description: 'Message to the installer' }),
    consent: Type.Literal(true, { description: 'The visitor agreed to be contacted (the box starts unticked)' }),
    pageUrl: Type.Optional(Type.String({ maxLength: LEAD_LIMITS.pageUrl, description: 'The page the viewer was embedded in' })),
    website: Type.Optional(Type.String({ maxLength: 200, description: 'Left empty by people (a field hidden from them)' })),
    configuration: Type.Object(
      {
        latitude: Latitude,
        longitude: Longitude,
        roof: Type.Optional(Type.String({ maxLength: 40 })),
        panels: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
        kwp: Type.Optional(Type.Number({ minimum: 0, maximum: 100_000 })),
        annualKwh: Type.Optional(Type.Number({ minimum: 0, maximum: 100_000_000 })),
        goal: Type.Optional(Type.String({ maxLength: 40 })),
        roofCorrection: Type.Optional(RoofCorrection),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

/** `POST /api/viewer/leads`: the embedded viewer's quote form (only for partners with lead capture on). */
export const leadRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.post(
    '/api/viewer/leads',
    {
      schema: {
        summary: 'Quote request from an embedded viewer',
        description: 'Saves the lead for the partner and e-mails the partner and the visitor. 403 when the partner has lead capture off; at most 5 requests an hour per address.',
        tags: ['Viewer'],
        body: LeadRequest,
        response: { 200: Type.Object({ message: Type.String() }), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const { key, website, consent: _consent, ...lead } = request.body;
      const outcome = await services.leads.submit(key, { ...lead, name: lead.name.trim(), email: lead.email.trim(), address: lead.address.trim(), message: lead.message.trim() }, website ?? '', request.ip, services.now());
      if (outcome === 'invalid-key') throw new HttpError(401, INVALID_KEY);
      if (outcome === 'closed') throw new HttpError(403, 'This site does not take quote requests through the viewer.');
      return { message: 'Thank you. Your request is sent; you will get a confirmation by e-mail.' };
    },
  );
};
