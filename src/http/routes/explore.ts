import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../services/services.ts';
import { signedIn } from '../browser-auth.ts';
import { messagePage } from '../pages/layout.ts';
import { explorePage } from '../pages/explore-page.ts';
import { sendPage } from '../pages/send-page.ts';

const ExploreQuery = Type.Object({ town: Type.Optional(Type.String({ pattern: '^node/[0-9]{1,19}$', maxLength: 30 })) });

/** `GET /explore`: the directory of pre-generated places, open to everyone; `?town=node/<id>` shows one town. */
export const exploreRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.get('/explore', { schema: { hide: true, querystring: ExploreQuery } }, async (request, reply) => {
    const { town } = request.query;
    const directory = await services.pregeneration.directory(town);
    const session = await signedIn(request, services);
    const viewer = session && { email: session.account.email, csrfToken: session.csrfToken };
    if (town !== undefined && directory.places === 0) return sendPage(reply, messagePage('No such town', 'This town has no pre-generated places. See all places on /explore.'), 404);
    return sendPage(reply, explorePage(directory, viewer, town));
  });
};
