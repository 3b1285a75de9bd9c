import {
  type IdentityLinks,
  type LoginResult,
  type OauthProvider,
  oauthProviderEntity,
  type R,
  type SmsProvider,
  smsProviderEntity,
  TENANT_HEADER,
} from '@cube/contract';
import { LoginError, TOKEN_URL } from './auth';
import { createEntityApi } from './crud';
import { RequestError, request } from './request';

export type { IdentityLinks, OauthProvider, SmsProvider };

/** 第三方登录 providers screen: the contract's CRUD prefix. */
export const oauthProviderApi = createEntityApi(oauthProviderEntity);

/** 短信服务 screen: the contract's CRUD prefix. */
export const smsProviderApi = createEntityApi(smsProviderEntity);

/** Where the browser goes to start a third-party login: the server's render address, which redirects to the provider. */
export const socialRenderUrl = (source: string, tenantId: string) =>
  `/api/cube-auth/oauth/render/${encodeURIComponent(source)}?tenantId=${encodeURIComponent(tenantId)}`;

export interface SocialProvider {
  source: string;
  name: string;
}

/** The tenant's enabled providers, for the login page's buttons. */
export async function fetchSocialProviders(tenantId: string): Promise<SocialProvider[]> {
  if (!tenantId) return [];
  const { data } = await request.get<R<SocialProvider[]>>('/api/cube-auth/oauth/providers', {
    params: { tenantId },
    skipToken: true,
  });
  return data.data ?? [];
}

/** `grant_type=social`: the binding cookie set by the render step goes along (same site). */
export async function loginBySocial(login: {
  tenantId: string;
  source: string;
  code: string;
  state: string;
}): Promise<LoginResult> {
  try {
    const { data } = await request.post<LoginResult>(TOKEN_URL, null, {
      params: { ...login, grant_type: 'social', scope: 'all' },
      headers: { [TENANT_HEADER]: login.tenantId },
      skipToken: true,
      handlesErrors: true,
    });
    const failure = (data as { error_description?: string }).error_description;
    if (failure) throw new LoginError(failure);
    return data;
  } catch (error) {
    if (error instanceof RequestError) {
      const body = error.body as { error_description?: string } | undefined;
      throw new LoginError(body?.error_description || error.message, { cause: error });
    }
    throw error;
  }
}

/** The guest check: a third-party login without a user of its own. */
export const isGuest = (result: LoginResult) => !result.user_id || Number(result.user_id) < 0;

/** `POST /api/cube-user/register-guest`. Rejects with the server's msg. */
export async function registerGuest(body: {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  oauthId: string;
}): Promise<void> {
  // In the body, never the address (the ticket and the password stay out of access logs); the password as typed,
  // so the server applies the user screen's password rule to it.
  await request.post('/api/cube-user/register-guest', body, {
    skipToken: true,
    handlesErrors: true,
  });
}

export interface PendingRegistration {
  id: string;
  account: string;
  name: string;
  email: string;
  createTime: string;
  source: string;
  oauthUsername: string;
}

export async function fetchPendingRegistrations(): Promise<PendingRegistration[]> {
  const { data } = await request.get<R<{ records: PendingRegistration[] }>>('/api/cube-user/guest-page', {
    params: { current: 1, size: 200 },
  });
  return data.data.records;
}

export async function approveRegistration(id: string, roleId: string, deptId: string): Promise<void> {
  await request.post('/api/cube-user/guest-approve', null, { params: { id, roleId, deptId } });
}

export async function rejectRegistrations(ids: readonly string[]): Promise<void> {
  await request.post('/api/cube-user/guest-reject', null, { params: { ids: ids.join(',') } });
}

/** `POST /api/cube-auth/oauth/sms-code`: asks for a sign-in code (the same answer for any number). */
export async function sendSmsCode(tenantId: string, phone: string): Promise<void> {
  await request.post('/api/cube-auth/oauth/sms-code', null, {
    params: { tenantId, phone },
    skipToken: true,
    handlesErrors: true,
  });
}

/** `grant_type=sms_code` (phone, code): answers like the password grant. Rejects with {@link LoginError}. */
export async function loginBySms(login: {
  tenantId: string;
  phone: string;
  code: string;
}): Promise<LoginResult> {
  try {
    const { data } = await request.post<LoginResult>(TOKEN_URL, null, {
      params: { ...login, grant_type: 'sms_code', scope: 'all' },
      headers: { [TENANT_HEADER]: login.tenantId },
      skipToken: true,
      handlesErrors: true,
    });
    return data;
  } catch (error) {
    if (error instanceof RequestError) {
      const body = error.body as { error_description?: string } | undefined;
      throw new LoginError(body?.error_description || error.message, { cause: error });
    }
    throw error;
  }
}

/** 第三方账号 on the profile page: the user's linked identities and the providers that can be linked. */
export async function fetchIdentityLinks(): Promise<IdentityLinks> {
  const { data } = await request.get<R<IdentityLinks>>('/api/cube-auth/oauth/links');
  return data.data;
}

/** 绑定: the provider address to send the browser to (the answer also sets the binding cookie). */
export async function startIdentityLink(source: string): Promise<string> {
  const { data } = await request.post<R<{ url: string }>>(
    `/api/cube-auth/oauth/link/${encodeURIComponent(source)}`,
  );
  return data.data.url;
}

/** Finishes a link when the provider sent the browser back to the profile page. Rejects with the server's msg. */
export async function finishIdentityLink(body: {
  source: string;
  code: string;
  state: string;
}): Promise<void> {
  await request.post('/api/cube-auth/oauth/link-finish', body, { handlesErrors: true });
}

/** 解绑. Rejects with the server's msg (e.g. the account's last way to sign in). */
export async function unlinkIdentity(id: string): Promise<void> {
  await request.post('/api/cube-auth/oauth/unlink', null, { params: { id }, handlesErrors: true });
}
