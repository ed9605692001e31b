import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IrradianceRejectedError, IrradianceUnavailableError } from '../../irradiance/index.ts';
import { HttpError } from '../http-error.ts';
import { ErrorBody } from '../../contract/common.ts';
import { IRRADIANCE_DOWN, SolarRequestBody, SolarResult } from '../../contract/solar.ts';
import type { Services } from '../../services/services.ts';

/** `POST /api/solar/calculate`: annual yield of a panel configuration (no authentication, no limit). */
export const solarRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.post(
    '/api/solar/calculate',
    {
      schema: {
        summary: 'Annual solar yield of a panel configuration',
        description:
          'peakPowerKw = panelAreaM2 × panelEfficiency; annualYieldKwh = peakPowerKw × annual in-plane irradiation × (1 − shadingLossFraction) × (1 − 0.14). specificYield = annualYieldKwh / peakPowerKw. The in-plane irradiation is PVGIS’s, asked on a grid of 15° of tilt and 30° of azimuth and interpolated for planes between (within 0.5 % of the exact plane on real roofs). When the irradiance service cannot be reached the answer is 503 with `useLocalFallback` = true; a location it cannot serve (e.g. over the sea) is 400 with its reason.',
        tags: ['Solar'],
        body: SolarRequestBody,
        response: { 200: SolarResult, 400: ErrorBody, 503: ErrorBody },
      },
    },
    async (request) => {
      try {
        return await services.solar.calculate(request.body);
      } catch (error) {
        if (error instanceof IrradianceRejectedError) throw new HttpError(400, `The irradiance service cannot serve this location: ${error.message}`);
        if (error instanceof IrradianceUnavailableError) {
          request.log.warn({ reason: error.message }, 'irradiance service unavailable');
          throw new HttpError(503, IRRADIANCE_DOWN, { useLocalFallback: true });
        }
        throw error;
      }
    },
  );
};
