import {
  AuthMessage,
  CAPTCHA_CODE_HEADER,
  CAPTCHA_KEY_HEADER,
  DEPT_HEADER,
  type LoginResult,
  PLATFORM_TENANT_ID,
  ROLE_HEADER,
  TENANT_HEADER,
} from '@cube/contract';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import type { identityOf } from '../identity/services.js';
import { OAuthError } from '../identity/sessions.js';
import { BINDING_COOKIE, readCookie } from '../identity/social.js';
import type { AuthService } from './service.js';

export const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};

/** Token parameters may come in the query string (Saber) or a form body (refresh, Sword); the body wins. */
export function tokenParams(request: FastifyRequest): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const source of [request.query, request.body]) {
    if (source && typeof source === 'object') {
      for (const [k, v] of Object.entries(source as Record<string, unknown>))
        if (typeof v === 'string') merged[k] = v;
    }
  }
  return merged;
}

/** The grant type a token request names (`grant_type` in the OAuth form, `grantType` in SpringBlade's). */
export const grantTypeOf = (params: Record<string, string>): string =>
  params.grant_type ?? params.grantType ?? 'password';

/**
 * Every grant of both token dialects, on one issuer: the client's credentials and grant types, then the grant,
 * then the login record. `password` is the md5 hex of what the user typed (each dialect's route derives it from
 * what its clients send). Refusals are `OAuthError`s, which each route answers in its own shape.
 */
export function tokenGrants(deps: AppDeps, service: AuthService, identity: ReturnType<typeof identityOf>) {
  const audited = (request: FastifyRequest, result: LoginResult, data: Record<string, string>) => {
    if (!result.access_token) return;
    deps.audit.usual(request, {
      event: 'auth.login',
      title: '登录成功',
      tenantId: result.tenant_id,
      userId: result.user_id,
      account: result.account,
      data,
    });
  };

  const issue = async (
    request: FastifyRequest,
    params: Record<string, string>,
    password: string,
  ): Promise<LoginResult> => {
    const grantType = grantTypeOf(params);
    const client = await service.authenticateClient(request.headers.authorization);
    service.assertGrantAllowed(client, grantType);
    const deptHeader = header(request, DEPT_HEADER);
    const roleHeader = header(request, ROLE_HEADER);
    const named = params.tenantId ?? params.tenant_id ?? header(request, TENANT_HEADER);
    const from = { ip: request.ip, userAgent: header(request, 'user-agent') ?? '' };
    if (grantType === 'refresh_token') {
      return identity.sessions.refresh({
        client,
        refreshToken: params.refresh_token ?? params.refreshToken ?? '',
        tenantId: named,
        deptHeader,
        roleHeader,
      });
    }
    if (grantType === 'social') {
      const result = await identity.social
        .grant(identity.sessions, {
          client,
          tenantId: named ?? '',
          source: params.source ?? '',
          code: params.code ?? '',
          state: params.state ?? '',
          binding: readCookie(request.headers.cookie, BINDING_COOKIE),
          deptHeader,
          roleHeader,
          ...from,
        })
        .catch((error: unknown) => {
          // The provider's own answer (a used code, a bad client secret) is for the log, not the visitor.
          if (error instanceof OAuthError && error.cause) {
            request.log.warn({ err: error.cause, source: params.source }, 'third-party login failed');
          }
          throw error;
        });
      audited(request, result, { grantType, source: params.source ?? '' });
      return result;
    }
    if (grantType === 'sms_code') {
      const result = await identity.sms.grant(identity.sessions, {
        client,
        tenantId: named ?? '',
        phone: (params.phone ?? '').trim(),
        code: (params.code ?? '').trim(),
        deptHeader,
        roleHeader,
        ...from,
      });
      audited(request, result, { grantType });
      return result;
    }
    if (grantType !== 'password' && grantType !== 'captcha') {
      throw new OAuthError(400, 'unsupported_grant_type', AuthMessage.GRANT_TYPE_UNSUPPORTED);
    }
    const result = await service.login({
      client,
      grantType,
      tenantId: named ?? PLATFORM_TENANT_ID,
      username: params.username ?? params.account ?? '',
      password,
      captchaKey: header(request, CAPTCHA_KEY_HEADER),
      captchaCode: header(request, CAPTCHA_CODE_HEADER),
      deptHeader,
      roleHeader,
      ...from,
    });
    audited(request, result, { grantType });
    return result;
  };

  return { issue };
}
