import { siteInfoSchema } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../../platform/access.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { ok, rSchema } from '../../../platform/envelope.js';
import { loadSiteInfo } from './site-info.js';

/**
 * Site info (no token): the tenant whose domain is the site's base address, its branding resources over the
 * platform defaults, and the web app's runtime configuration. The web app calls it before it mounts.
 */
export const siteModule = defineModule('system/site', (app: FastifyInstance, deps: AppDeps): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/cube-system/tenant/info',
    {
      config: { access: access.public, rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        querystring: z.object({ domain: z.string().max(500).optional().default('') }),
        response: { 200: rSchema(siteInfoSchema) },
      },
    },
    async (request) => ok(await loadSiteInfo(deps, request.query.domain)),
  );
});
