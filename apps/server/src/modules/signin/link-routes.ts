import { SocialMessage } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../platform/access.js';
import { idSchema } from '../../platform/crud/params.js';
import type { AppDeps } from '../../platform/deps.js';
import { done, ok } from '../../platform/envelope.js';
import { BizError } from '../../platform/errors.js';
import type { IdentityServices } from '../identity/services.js';
import { BINDING_COOKIE, readCookie } from '../identity/social.js';
import { callbackUri, queryAndBody, setBindingCookie } from './browser.js';

const S = SocialMessage;

/**
 * 第三方账号 on the profile page: the signed-in user's identities, linking (the provider's flow in link mode,
 * bound to this user and browser) and unlinking.
 */
export function registerLinkRoutes(app: FastifyInstance, deps: AppDeps, identity: IdentityServices): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { social, links: linker } = identity;

  api.get('/api/cube-auth/oauth/links', { config: { access: access.authenticated } }, async (request) => {
    const ctx = contextOf(request);
    return ok(await linker.list(ctx.tenantId, ctx.userId));
  });

  api.post(
    '/api/cube-auth/oauth/link/:source',
    {
      config: { access: access.authenticated, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { params: z.object({ source: z.string().max(32) }) },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      const { source } = request.params;
      const { url, binding } = await social
        .start(ctx.tenantId, source, callbackUri(request, source), { userId: ctx.userId })
        .catch((error: unknown) => {
          request.log.warn({ err: error, source }, 'identity link could not start');
          throw new BizError(S.PROVIDER_UNKNOWN);
        });
      setBindingCookie(request, reply, binding);
      return ok({ url });
    },
  );

  const linkBody = z.object({
    source: z.string().trim().min(1, S.STATE_INVALID).max(32),
    code: z.string().trim().min(1, S.STATE_INVALID).max(2000),
    state: z.string().trim().min(1, S.STATE_INVALID).max(500),
  });
  api.post(
    '/api/cube-auth/oauth/link-finish',
    {
      config: { access: access.authenticated, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { querystring: z.record(z.string(), z.unknown()) },
    },
    async (request) => {
      const ctx = contextOf(request);
      const parsed = linkBody.safeParse(queryAndBody(request));
      if (!parsed.success) throw new BizError(parsed.error.issues[0]?.message ?? S.STATE_INVALID);
      const { source, code, state } = parsed.data;
      const identity = await social
        .finish({
          tenantId: ctx.tenantId,
          source,
          code,
          state,
          binding: readCookie(request.headers.cookie, BINDING_COOKIE),
          mode: 'link',
          userId: ctx.userId,
        })
        .catch((error: unknown) => {
          const cause = (error as { cause?: unknown }).cause;
          if (cause) request.log.warn({ err: cause, source }, 'identity link failed at the provider');
          throw new BizError(error instanceof Error ? error.message : S.PROVIDER_FAILED);
        });
      await linker.link(ctx.tenantId, ctx.userId, source, identity);
      deps.audit.usual(request, { event: 'user.oauth_link', title: '绑定第三方账号', data: { source } });
      return done(S.LINKED);
    },
  );

  api.post(
    '/api/cube-auth/oauth/unlink',
    {
      config: { access: access.authenticated },
      schema: { querystring: z.object({ id: idSchema }).loose() },
    },
    async (request) => {
      const ctx = contextOf(request);
      await linker.unlink(ctx.tenantId, ctx.userId, request.query.id);
      deps.audit.usual(request, {
        event: 'user.oauth_unlink',
        title: '解绑第三方账号',
        data: { id: request.query.id },
      });
      return done(S.UNLINKED_DONE);
    },
  );
}
