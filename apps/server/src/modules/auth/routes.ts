import {
  AuthMessage,
  CAPTCHA_CODE_HEADER,
  CAPTCHA_KEY_HEADER,
  captchaSchema,
  DEPT_HEADER,
  loginFailureSchema,
  loginResultSchema,
  PLATFORM_TENANT_ID,
  ROLE_HEADER,
  TENANT_HEADER,
} from '@cube/contract';
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
import { BINDING_COOKIE, readCookie } from '../identity/social.js';
import { storeLogoutLogData } from '../log/error/routes.js';
import { createCaptcha } from './captcha.js';
import { AuthService } from './service.js';

/** Token requests (sign-in and refresh together) one client address may make per minute. */
export const TOKEN_REQUESTS_PER_MINUTE = 30;

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};

/** Token parameters may come in the query string (Saber) or a form body (refresh, Sword); the body wins. */
function tokenParams(request: FastifyRequest): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const source of [request.query, request.body]) {
    if (source && typeof source === 'object') {
      for (const [k, v] of Object.entries(source as Record<string, unknown>))
        if (typeof v === 'string') merged[k] = v;
    }
  }
  return merged;
}

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
  const issueToken = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const params = tokenParams(request);
      const grantType = params.grant_type ?? params.grantType ?? 'password';
      const client = await service.authenticateClient(request.headers.authorization);
      service.assertGrantAllowed(client, grantType);
      const deptHeader = header(request, DEPT_HEADER);
      const roleHeader = header(request, ROLE_HEADER);
      if (grantType === 'refresh_token') {
        return await identity.sessions.refresh({
          client,
          refreshToken: params.refresh_token ?? params.refreshToken ?? '',
          tenantId: params.tenantId ?? params.tenant_id ?? header(request, TENANT_HEADER),
          deptHeader,
          roleHeader,
        });
      }
      if (grantType === 'social') {
        const tenantId = params.tenantId ?? params.tenant_id ?? header(request, TENANT_HEADER) ?? '';
        const result = await identity.social
          .grant(identity.sessions, {
            client,
            tenantId,
            source: params.source ?? '',
            code: params.code ?? '',
            state: params.state ?? '',
            binding: readCookie(request.headers.cookie, BINDING_COOKIE),
            deptHeader,
            roleHeader,
            ip: request.ip,
            userAgent: header(request, 'user-agent') ?? '',
          })
          .catch((error: unknown) => {
            // The provider's own answer (a used code, a bad client secret) is for the log, not the visitor.
            if (error instanceof OAuthError && error.cause) {
              request.log.warn({ err: error.cause, source: params.source }, 'third-party login failed');
            }
            throw error;
          });
        if (result.access_token) {
          deps.audit.usual(request, {
            event: 'auth.login',
            title: '登录成功',
            tenantId: result.tenant_id,
            userId: result.user_id,
            account: result.account,
            data: { grantType, source: params.source ?? '' },
          });
        }
        return result;
      }
      if (grantType === 'sms_code') {
        const result = await identity.sms.grant(identity.sessions, {
          client,
          tenantId: params.tenantId ?? params.tenant_id ?? header(request, TENANT_HEADER) ?? '',
          phone: (params.phone ?? '').trim(),
          code: (params.code ?? '').trim(),
          deptHeader,
          roleHeader,
          ip: request.ip,
          userAgent: header(request, 'user-agent') ?? '',
        });
        deps.audit.usual(request, {
          event: 'auth.login',
          title: '登录成功',
          tenantId: result.tenant_id,
          userId: result.user_id,
          account: result.account,
          data: { grantType },
        });
        return result;
      }
      if (grantType !== 'password' && grantType !== 'captcha') {
        throw new OAuthError(400, 'unsupported_grant_type', AuthMessage.GRANT_TYPE_UNSUPPORTED);
      }
      const result = await service.login({
        client,
        grantType,
        tenantId: params.tenantId ?? params.tenant_id ?? header(request, TENANT_HEADER) ?? PLATFORM_TENANT_ID,
        username: params.username ?? params.account ?? '',
        password: params.password ?? '',
        captchaKey: header(request, CAPTCHA_KEY_HEADER),
        captchaCode: header(request, CAPTCHA_CODE_HEADER),
        deptHeader,
        roleHeader,
        ip: request.ip,
        userAgent: header(request, 'user-agent') ?? '',
      });
      deps.audit.usual(request, {
        event: 'auth.login',
        title: '登录成功',
        tenantId: result.tenant_id,
        userId: result.user_id,
        account: result.account,
        data: { grantType },
      });
      return result;
    } catch (error) {
      if (error instanceof OAuthError) return oauthFailure(reply, error);
      throw error;
    }
  };
  api.post(`${prefix}/token`, tokenRoute, issueToken);
  // The refresh path some clients use (POST /oauth/token/refresh) is the same endpoint.
  api.post(`${prefix}/token/refresh`, tokenRoute, issueToken);

  api.get(
    `${prefix}/captcha`,
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

  const logout = async (request: FastifyRequest) => {
    const ctx = contextOf(request);
    // BladeX clients post their local error log with the logout: stored first.
    if (request.method === 'POST') await storeLogoutLogData(deps, request);
    await deps.sessions.revokeSession(ctx.sessionId, 'logout');
    deps.audit.usual(request, { event: 'auth.logout', title: '退出登录' });
    request.log.info({ event: 'logout', tenantId: ctx.tenantId, userId: ctx.userId }, 'logout');
    return done();
  };
  api.get(
    `${prefix}/logout`,
    { config: { access: access.session }, schema: { response: { 200: rEmpty } } },
    logout,
  );
  api.post(
    `${prefix}/logout`,
    { config: { access: access.session }, schema: { response: { 200: rEmpty } } },
    logout,
  );

  api.get(`${prefix}/user-info`, { config: { access: access.session } }, async (request) => {
    const ctx = contextOf(request);
    const profile = await loadOwnProfile(deps.db, ctx);
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
