import { captchaSchema, loginFailureSchema, loginResultSchema } from '@cube/contract';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../platform/access.js';
import { type AppDeps, defineModule } from '../../platform/deps.js';
import { done, ok, rEmpty, rSchema } from '../../platform/envelope.js';
import { errorReply } from '../../platform/error-reply.js';
import { loadOwnProfile } from '../identity/profile.js';
import { identityOf } from '../identity/services.js';
import { OAuthError } from '../identity/sessions.js';
import { storeLogoutLogData } from '../log/error/upload.js';
import { createCaptcha } from './captcha.js';
import { tokenGrants, tokenParams } from './grants.js';
import { OSS_PREFIX, registerSpringBladeLogin } from './oss-routes.js';
import { AuthService } from './service.js';

/** Token requests (sign-in and refresh together) one client address may make per minute. */
export const TOKEN_REQUESTS_PER_MINUTE = 30;

function oauthFailure(reply: FastifyReply, error: OAuthError) {
  return reply.code(error.status).send({
    code: error.status,
    success: false,
    msg: error.message,
    error: error.error,
    error_code: error.status,
    error_description: error.message,
  });
}

export const authModule = defineModule('auth', (app: FastifyInstance, deps: AppDeps): void => {
  const identity = identityOf(deps, app.log);
  const service = new AuthService({ ...deps, log: app.log }, identity.sessions);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const prefix = '/api/cube-auth/oauth';
  // One budget per client address for both token paths (30 a minute). A per-route `rateLimit`
  // config would give each path its own bucket (the plugin keys stores by route), doubling the budget.
  const tokenRateLimit = app.rateLimit({
    max: TOKEN_REQUESTS_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request) => `oauth-token:${normalizeIP(request.ip)}`,
  });

  const tokenRoute = {
    config: { access: access.public },
    onRequest: tokenRateLimit,
    // Refusals before the handler (bad input, rate limit) answer in the endpoint's own shape too: the login
    // form reads `error_description`, and the 400/401 response schemas require it.
    errorHandler: (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
      const { status, body } = errorReply(error, request);
      return reply.code(status).send({
        ...body,
        error: status === 401 ? 'invalid_client' : 'invalid_request',
        error_code: status,
        error_description: body.msg,
      });
    },
    schema: {
      querystring: z.record(z.string(), z.unknown()),
      response: { 200: loginResultSchema, 400: loginFailureSchema, 401: loginFailureSchema },
    },
  };
  const grants = tokenGrants(deps, service, identity);
  const issueToken = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const params = tokenParams(request);
      // This dialect's password is the md5 hex of what the user typed, as it is stored.
      return await grants.issue(request, params, params.password ?? '');
    } catch (error) {
      if (error instanceof OAuthError) return oauthFailure(reply, error);
      throw error;
    }
  };
  api.post(`${prefix}/token`, tokenRoute, issueToken);
  // The refresh path some clients use (POST /oauth/token/refresh) is the same endpoint.
  api.post(`${prefix}/token/refresh`, tokenRoute, issueToken);

  // SpringBlade's token endpoint (`/api/cube-auth/token`) beside the OAuth one, on the same budget and grants.
  registerSpringBladeLogin(app, { deps, grants, tokenRateLimit });

  // The captcha and the logout are served at both dialects' paths (`/oauth/captcha`, and SpringBlade's `/captcha`).
  for (const base of [prefix, OSS_PREFIX]) {
    api.get(
      `${base}/captcha`,
      {
        config: { access: access.public, rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { response: { 200: rSchema(captchaSchema).extend(captchaSchema.shape) } },
      },
      async () => {
        const captcha = await createCaptcha(deps.store);
        // Both readers are served: R-style (`data.key`) and BladeX's flat `key`/`image`.
        return { ...ok(captcha), ...captcha };
      },
    );
  }

  const logout = async (request: FastifyRequest) => {
    const ctx = contextOf(request);
    // BladeX clients post their local error log with the logout: stored first as error-log rows, and the data as
    // posted is the sign-out event's log data (what BladeX's usual log keeps as `logData`), secrets redacted.
    const logData = request.method === 'POST' ? postedLogData(request.body) : undefined;
    if (logData) await storeLogoutLogData(deps, request);
    await deps.sessions.revokeSession(ctx.sessionId, 'logout');
    deps.audit.usual(request, {
      event: 'auth.logout',
      title: '退出登录',
      ...(logData ? { data: logData } : {}),
    });
    request.log.info({ event: 'logout', tenantId: ctx.tenantId, userId: ctx.userId }, 'logout');
    return done();
  };
  for (const base of [prefix, OSS_PREFIX]) {
    for (const method of ['GET', 'POST'] as const) {
      api.route({
        method,
        url: `${base}/logout`,
        config: { access: access.session },
        schema: { response: { 200: rEmpty } },
        handler: logout,
      });
    }
  }

  api.get(`${prefix}/user-info`, { config: { access: access.session } }, async (request) => {
    const ctx = contextOf(request);
    // The user's own row, kept with the session's cached state: any write to cube_user drops both
    // (platform/sessions.ts), so an edited profile shows on the very next call.
    const profile = await deps.sessions.sessionValue(ctx, 'own-profile', () => loadOwnProfile(deps.db, ctx));
    return ok({
      ...profile,
      userId: profile.id,
      roles: ctx.roleAliases,
      roleIds: ctx.roleIds,
      deptIds: ctx.deptIds,
    });
  });

  api.get(
    `${prefix}/clear-cache`,
    // Server caches are shared by every user of the instance: emptying them is an administrator's call.
    { config: { access: access.administrator }, schema: { response: { 200: rEmpty } } },
    async () => {
      await deps.caches.clear();
      return done();
    },
  );
});

/** The log data a sign-out carries: a non-empty list or object body, else nothing. */
function postedLogData(body: unknown): Record<string, unknown> | unknown[] | undefined {
  if (Array.isArray(body)) return body.length > 0 ? body : undefined;
  if (body && typeof body === 'object' && Object.keys(body).length > 0)
    return body as Record<string, unknown>;
  return undefined;
}
