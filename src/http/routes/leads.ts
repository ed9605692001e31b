import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../services/services.ts';
import { ErrorBody } from '../../contract/common.ts';
import { LeadAccepted, LeadRequest } from '../../contract/leads.ts';
import { REPORT_BODY_LIMIT_BYTES } from '../../contract/report.ts';
import { INVALID_KEY } from '../api-key-auth.ts';
import { HttpError } from '../http-error.ts';
import { DEFAULT_LANGUAGE, translator } from '../../i18n/index.ts';

/** `POST /api/viewer/leads`: the embedded viewer's quote form (only for partners with lead capture on). */
export const leadRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.post(
    '/api/viewer/leads',
    {
      // The site report's snapshot makes this body larger than the API's usual limit.
      bodyLimit: REPORT_BODY_LIMIT_BYTES,
      schema: {
        summary: 'Quote request from an embedded viewer',
        description: 'Saves the lead for the partner and e-mails the partner (with the site report as a PDF when the design is sent) and the visitor (in their language). 403 when the partner has lead capture off; at most 5 requests an hour per address.',
        tags: ['Viewer'],
        body: LeadRequest,
        response: { 200: LeadAccepted, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const outcome = await services.leads.submit(request.body, request.ip, services.now());
      if (outcome === 'invalid-key') throw new HttpError(401, INVALID_KEY);
      if (outcome === 'closed') throw new HttpError(403, 'This site does not take quote requests through the viewer.');
      return { message: translator(request.body.language ?? DEFAULT_LANGUAGE).t('quote.thanks') };
    },
  );
};
