import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../services/services.ts';
import { ErrorBody } from '../../contract/common.ts';
import { REPORT_BODY_LIMIT_BYTES, ReportRequest } from '../../contract/report.ts';
import { INVALID_KEY } from '../api-key-auth.ts';
import { HttpError } from '../http-error.ts';

/** `POST /api/viewer/report`: the Solar Wizard's site report as a PDF download. */
export const reportRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.post(
    '/api/viewer/report',
    {
      bodyLimit: REPORT_BODY_LIMIT_BYTES,
      schema: {
        summary: 'Site report (PDF) of a Solar Wizard design',
        description: 'Used by the viewer pages: the design’s figures and a snapshot of the 3D view (JPEG or PNG data URL, at most 4096 px a side) in, an A4 PDF out, in the visitor’s language. With the embed key, the report names the installer from the partner’s profile. Without a key (the `/viewer` page), at most 30 reports an hour per address.',
        tags: ['Viewer'],
        body: ReportRequest,
        produces: ['application/pdf'],
        response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'The PDF' }), 400: ErrorBody, 401: ErrorBody, 413: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const pdf = await services.reports.download(request.body, request.ip, services.now());
      if (!pdf) throw new HttpError(401, INVALID_KEY);
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="site-report.pdf"')
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
};
