import { SocialMessage } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/access.js';
import { ok } from '../../platform/envelope.js';
import type { IdentityServices } from '../identity/services.js';
import { callbackUri, loginPage, PROFILE_PAGE, setBindingCookie } from './browser.js';

const S = SocialMessage;

/**
 * Third-party sign-in in the browser: the login page's provider buttons, the redirect to the provider and its
 * way back. The token grant itself (`grant_type=social`) lives with the other grants in modules/auth.
 */
export function registerSocialRoutes(app: FastifyInstance, identity: IdentityServices): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { social } = identity;

  // The login page's provider buttons: names only, enabled providers of the tenant.
  api.get(
    '/api/cube-auth/oauth/providers',
    {
      config: { access: access.public, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { querystring: z.object({ tenantId: z.string().max(12).optional().default('') }).loose() },
    },
    async (request) => {
      const tenantId = request.query.tenantId;
      if (!tenantId) return ok([]);
      return ok(await social.providers(tenantId));
    },
  );

  // The visitor's browser starts here (the login page's provider buttons): a fresh state, PKCE verifier and
  // browser binding cookie, then off to the provider.
  api.get(
    '/api/cube-auth/oauth/render/:source',
    {
      config: { access: access.public, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        params: z.object({ source: z.string().max(32) }),
        querystring: z.object({ tenantId: z.string().max(12).optional() }).loose(),
      },
    },
    async (request, reply) => {
      const tenantId = request.query.tenantId || request.headers['tenant-id']?.toString() || '';
      const { source } = request.params;
      try {
        const { url, binding } = await social.start(tenantId, source, callbackUri(request, source));
        setBindingCookie(request, reply, binding);
        return reply.redirect(url, 302);
      } catch (error) {
        request.log.warn({ err: error, tenantId, source }, 'third-party login could not start');
        return loginPage(reply, { socialError: S.PROVIDER_UNKNOWN });
      }
    },
  );

  // The provider sends the browser back here; the login page then asks for the token (grant_type=social),
  // which is where the state, the binding and the code are checked and used.
  api.get(
    '/api/cube-auth/oauth/callback/:source',
    {
      config: { access: access.public, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        params: z.object({ source: z.string().max(32) }),
        querystring: z
          .object({
            code: z.string().max(2000).optional(),
            // DingTalk's 2.0 login names the code `authCode`.
            authCode: z.string().max(2000).optional(),
            state: z.string().max(500).optional(),
            error: z.string().max(200).optional(),
          })
          .loose(),
      },
    },
    async (request, reply) => {
      const { state, error } = request.query;
      const code = request.query.code || request.query.authCode;
      const pending = state ? await social.pending(state) : undefined;
      if (pending?.mode === 'link') {
        // Back to the profile page, which finishes the link with the signed-in user's token.
        const query: Record<string, string> =
          error || !code || !state
            ? { linkError: S.PROVIDER_FAILED }
            : { source: request.params.source, code, state };
        return reply.redirect(`${PROFILE_PAGE}?${new URLSearchParams({ tab: 'identity', ...query })}`, 302);
      }
      if (error || !code || !state) return loginPage(reply, { socialError: S.PROVIDER_FAILED });
      return loginPage(reply, {
        tenantId: pending?.tenantId ?? '',
        source: request.params.source,
        code,
        state,
      });
    },
  );
}
