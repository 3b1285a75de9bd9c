import {
  CAPTCHA_CODE_HEADER,
  CAPTCHA_KEY_HEADER,
  type Captcha,
  DEPT_HEADER,
  GrantType,
  type LoginResult,
  type R,
  ROLE_HEADER,
  TENANT_HEADER,
} from '@cube/contract';
import { i18n } from '../lib/i18n';
import { md5Hex } from '../lib/md5';
import { RequestError, request } from './request';

export const TOKEN_URL = '/api/cube-auth/oauth/token';
export const CAPTCHA_URL = '/api/cube-auth/oauth/captcha';
export const LOGOUT_URL = '/api/cube-auth/oauth/logout';
export const USER_INFO_URL = '/api/cube-auth/oauth/user-info';

const SCOPE = 'all';
const LOGIN_TYPE = 'account';

export interface PasswordLogin {
  tenantId: string;
  username: string;
  /** As typed; only its md5 hex is sent. */
  password: string;
  /** Present when captcha mode is on: the login then uses the captcha grant. */
  captcha?: { key: string; code: string } | undefined;
  deptId?: string | undefined;
  roleId?: string | undefined;
}

export interface TokenRefresh {
  tenantId: string;
  refreshToken: string;
  deptId?: string | undefined;
  roleId?: string | undefined;
}

/** `GET /oauth/user-info`: the signed-in user's details plus the role aliases. */
export interface OAuthUserInfo {
  roles: string[];
  [field: string]: unknown;
}

/** A rejected login or refresh; `message` is the server's `error_description`. */
export class LoginError extends Error {
  override readonly name = 'LoginError';
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

function optionalHeaders(entries: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(entries).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

function toLoginError(error: unknown): Error {
  if (error instanceof RequestError) {
    const description = field(error.body, 'error_description');
    return new LoginError(typeof description === 'string' && description ? description : error.message, {
      cause: error,
    });
  }
  return error instanceof Error ? error : new LoginError(String(error));
}

/** A flat token answer: failure when it carries `error_description`, else it must hold the tokens. */
function acceptTokenAnswer(body: unknown): LoginResult {
  const description = field(body, 'error_description');
  if (typeof description === 'string' && description) throw new LoginError(description);
  if (typeof field(body, 'access_token') !== 'string' || typeof field(body, 'refresh_token') !== 'string') {
    throw new LoginError(i18n.t('request.invalidAnswer'));
  }
  return body as LoginResult;
}

/** `POST /oauth/token` with the password (or captcha) grant. Handles its own failure: rejects with {@link LoginError}. */
export async function loginByUsername(login: PasswordLogin): Promise<LoginResult> {
  let body: unknown;
  try {
    ({ data: body } = await request.post(TOKEN_URL, null, {
      params: {
        tenantId: login.tenantId,
        username: login.username,
        password: await md5Hex(login.password),
        grant_type: login.captcha ? GrantType.captcha : GrantType.password,
        scope: SCOPE,
        type: LOGIN_TYPE,
      },
      headers: optionalHeaders({
        [TENANT_HEADER]: login.tenantId,
        [CAPTCHA_KEY_HEADER]: login.captcha?.key,
        [CAPTCHA_CODE_HEADER]: login.captcha?.code,
        [DEPT_HEADER]: login.deptId,
        [ROLE_HEADER]: login.roleId,
      }),
      skipToken: true,
      handlesErrors: true,
    }));
  } catch (error) {
    throw toLoginError(error);
  }
  return acceptTokenAnswer(body);
}

/** `POST /oauth/token` with the refresh grant, form-encoded. Rejects with {@link LoginError}. */
export async function refreshToken(refresh: TokenRefresh): Promise<LoginResult> {
  const form = new URLSearchParams({
    tenantId: refresh.tenantId,
    refresh_token: refresh.refreshToken,
    grant_type: GrantType.refreshToken,
    scope: SCOPE,
  });
  let body: unknown;
  try {
    ({ data: body } = await request.post(TOKEN_URL, form, {
      headers: optionalHeaders({
        [TENANT_HEADER]: refresh.tenantId,
        [DEPT_HEADER]: refresh.deptId,
        [ROLE_HEADER]: refresh.roleId,
      }),
      skipToken: true,
      handlesErrors: true,
    }));
  } catch (error) {
    throw toLoginError(error);
  }
  return acceptTokenAnswer(body);
}

/** `GET /oauth/captcha`: the key and the data-URL image, read from the top level or from `data`. */
export async function fetchCaptcha(): Promise<Captcha> {
  const { data: body } = await request.get<unknown>(CAPTCHA_URL, { skipToken: true });
  const source = typeof field(body, 'key') === 'string' ? body : field(body, 'data');
  const key = field(source, 'key');
  const image = field(source, 'image');
  if (typeof key !== 'string' || typeof image !== 'string') throw new Error(i18n.t('request.invalidAnswer'));
  return { key, image };
}

/** `GET /oauth/logout`: ends the session on the server. Failures are the caller's to ignore or report. */
export async function logoutSession(): Promise<void> {
  await request.get(LOGOUT_URL, { handlesErrors: true });
}

export async function fetchUserInfo(): Promise<OAuthUserInfo> {
  const { data } = await request.get<R<OAuthUserInfo>>(USER_INFO_URL);
  return data.data;
}
