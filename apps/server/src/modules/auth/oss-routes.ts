import type { LoginResult } from '@cube/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/access.js';
import type { AppDeps } from '../../platform/deps.js';
import { fail, ok, rSchema } from '../../platform/envelope.js';
import { errorReply } from '../../platform/error-reply.js';
import { md5Hex } from '../../platform/passwords.js';
import { OAuthError } from '../identity/sessions.js';
import { grantTypeOf, type tokenGrants, tokenParams } from './grants.js';
import { decryptSm2, looksLikeSm2, sm2KeysIn } from './sm2.js';

/** SpringBlade's auth service: its token endpoint answers in the `R` envelope. */
export const OSS_PREFIX = '/api/cube-auth';

/** SpringBlade's `AuthInfo`, the `data` of a successful `POST /api/cube-auth/token`. */
export const authInfoSchema = z.object({
  accessToken: z.string(),
  tokenType: z.literal('bearer'),
  refreshToken: z.string(),
  userId: z.string(),
  tenantId: z.string(),
  oauthId: z.string(),
  avatar: z.string(),
  /** The role aliases, comma-joined. */
  authority: z.string(),
  /** The user's real name (SpringBlade's `userName` is the person, `account` the login). */
  userName: z.string(),
  account: z.string(),
  expiresIn: z.number().int(),
  license: z.string(),
  /** True when the account still carries an initial password that must be changed before anything else. */
  passwordMustChange: z.boolean(),
});
export type AuthInfo = z.infer<typeof authInfoSchema>;

export function toAuthInfo(result: LoginResult): AuthInfo {
  return {
    accessToken: result.access_token,
    tokenType: result.token_type,
    refreshToken: result.refresh_token,
    userId: result.user_id,
    tenantId: result.tenant_id,
    oauthId: result.oauth_id,
    avatar: result.avatar,
    authority: result.role_name,
    userName: result.real_name,
    account: result.account,
    expiresIn: result.expires_in,
    license: result.license,
    passwordMustChange: result.password_must_change,
  };
}

const failure = z.object({
  code: z.number().int(),
  success: z.boolean(),
  msg: z.string(),
  data: z.object({}),
});

interface LoginDeps {
  deps: AppDeps;
  grants: ReturnType<typeof tokenGrants>;
  /** The token endpoints' shared budget per client address. */
  tokenRateLimit: onRequestHookHandler;
}

/**
 * SpringBlade's sign-in (`POST /api/cube-auth/token`, Saber and Sword): parameters in the query string or a form
 * body (`grantType`, `tenantId`, `account`, `password`, `refreshToken`), the same grants, lockout, rate limit and
 * sessions as the OAuth endpoint, answered as `R<AuthInfo>`; refusals as `R` with the message at the same status.
 * The password comes as typed (up to Saber 4.0) or SM2-encrypted with the instance's public key (from 4.1);
 * either way it is reduced to the md5 hex the stored hash was made from, and only for the grants that carry one.
 */
export function registerSpringBladeLogin(
  app: FastifyInstance,
  { deps, grants, tokenRateLimit }: LoginDeps,
): void {
  const keys = sm2KeysIn(deps.config.dataDir);
  const api = app.withTypeProvider<ZodTypeProvider>();

  const md5OfTyped = (sent: string): string => {
    if (!sent) return '';
    const typed = looksLikeSm2(sent) ? decryptSm2(sent, keys().privateKey) : sent;
    // Ciphertext that does not decrypt proves nothing: it is an empty password (refused as a bad credential).
    return typed ? md5Hex(typed) : '';
  };

  api.post(
    `${OSS_PREFIX}/token`,
    {
      config: { access: access.public },
      onRequest: tokenRateLimit,
      errorHandler: (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
        const { status, body } = errorReply(error, request);
        return reply.code(status).send(body);
      },
      schema: {
        querystring: z.record(z.string(), z.unknown()),
        response: { 200: rSchema(authInfoSchema), 400: failure, 401: failure },
      },
    },
    async (request, reply) => {
      try {
        const params = tokenParams(request);
        const grantType = grantTypeOf(params);
        const withPassword = grantType === 'password' || grantType === 'captcha';
        const password = withPassword ? md5OfTyped(params.password ?? '') : '';
        return ok(toAuthInfo(await grants.issue(request, params, password)));
      } catch (error) {
        if (error instanceof OAuthError)
          return reply.code(error.status as 400 | 401).send(fail(error.status, error.message));
        throw error;
      }
    },
  );

  // The key the consoles encrypt the password with (`website.publicKey` in Saber, `sm2PublicKey` in Sword).
  api.get(
    `${OSS_PREFIX}/public-key`,
    {
      config: { access: access.public },
      schema: { response: { 200: rSchema(z.object({ publicKey: z.string() })) } },
    },
    async () => ok({ publicKey: keys().publicKey }),
  );
}
