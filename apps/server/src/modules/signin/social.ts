import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  AuthMessage,
  type LoginResult,
  OAUTH_DINGTALK,
  OAUTH_GITEE,
  OAUTH_OIDC,
  OAUTH_WECHAT,
  SocialMessage,
} from '@cube/contract';
import * as oauth from 'oauth4webapi';
import type { AppConfig } from '../../config.js';
import type { DatabaseHandle } from '../../db/connection.js';
import { withTenantScope } from '../../db/row-scope.js';
import type { Row } from '../../db/types.js';
import { now } from '../../platform/dates.js';
import { newId } from '../../platform/ids.js';
import {
  outboundDispatcher,
  type ServiceFetch,
  serviceFetch,
  serviceNetwork,
} from '../../platform/outbound.js';
import { SecretBox } from '../../platform/secret-box.js';
import type { SharedStore } from '../../platform/store.js';
import { readParam } from '../auth/params.js';
import { type AuthService, OAuthError, type SessionRequest } from '../auth/service.js';
import { DEFAULT_AVATAR } from '../user/profile.js';

/** The cookie that binds a pending third-party login to the browser that started it. */
export const BINDING_COOKIE = 'cube_oauth_binding';
/** How long a started third-party login may take (seconds): the provider's page, then back. */
export const STATE_TTL_SECONDS = 600;
/** How long an unlinked identity may take to fill in the registration form (seconds). */
export const GUEST_TICKET_TTL_SECONDS = 1800;
/** `cube_user.status` of a guest registration waiting for the tenant administrator. */
export const USER_PENDING = 2;
export const REGISTER_PARAM = 'account.registerUser';

/** The official addresses of the providers whose endpoints are known in advance (a provider row may replace them). */
const KNOWN_ENDPOINTS: Record<number, { authorize: string; token: string; userinfo: string }> = {
  [OAUTH_GITEE]: {
    authorize: 'https://gitee.com/oauth/authorize',
    token: 'https://gitee.com/oauth/token',
    userinfo: 'https://gitee.com/api/v5/user',
  },
  // DingTalk's 2.0 login: the browser signs in at login.dingtalk.com, the server calls api.dingtalk.com.
  [OAUTH_DINGTALK]: {
    authorize: 'https://login.dingtalk.com/oauth2/auth',
    token: 'https://api.dingtalk.com/v1.0/oauth2/userAccessToken',
    userinfo: 'https://api.dingtalk.com/v1.0/contact/users/me',
  },
  // The WeChat open platform's website application (网站应用): a QR code page, then the sns API.
  [OAUTH_WECHAT]: {
    authorize: 'https://open.weixin.qq.com/connect/qrconnect',
    token: 'https://api.weixin.qq.com/sns/oauth2/access_token',
    userinfo: 'https://api.weixin.qq.com/sns/userinfo',
  },
};

/** How long one call to a provider may take, and how large its answer may be. */
const PROVIDER_LIMITS = { timeoutMs: 10_000, maxBytes: 256 * 1024 };

/**
 * A started login, kept under its state. `mode` `link` is a signed-in user linking an identity on the profile
 * page (`userId` is that user): such a state is only good for the link, and a login state only for the login.
 */
interface PendingLogin {
  tenantId: string;
  source: string;
  verifier: string;
  nonce: string;
  redirectUri: string;
  binding: string;
  mode?: 'login' | 'link';
  userId?: string;
}

export type LoginMode = 'login' | 'link';

interface GuestTicket {
  tenantId: string;
  oauthId: string;
}

export interface Identity {
  uuid: string;
  username: string;
  nickname: string;
  avatar: string;
  email: string;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const stateKey = (state: string) => `oauth:state:${sha256(state)}`;
const ticketKey = (ticket: string) => `oauth:guest:${sha256(ticket)}`;

function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Reads one cookie from a Cookie header (no cookie plugin for one value). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

const failed = () => new OAuthError(400, 'invalid_grant', SocialMessage.PROVIDER_FAILED);
const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** A provider's JSON answer (WeChat labels it text/plain); anything else is an empty object. */
async function readJson(response: Response): Promise<Record<string, unknown>> {
  try {
    const value = JSON.parse(await response.text()) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
const stale = () => new OAuthError(400, 'invalid_grant', SocialMessage.STATE_INVALID);

interface Deps {
  db: DatabaseHandle;
  store: SharedStore;
  config: AppConfig;
}

/**
 * Third-party sign-in (issue 12) over oauth4webapi: the authorize redirect with `state`, PKCE (S256) and, for
 * OpenID Connect, a `nonce`; the code exchange when the browser that started it comes back. A started login is
 * kept in the shared store under its state (one use: taken, not read) together with a digest of a random value
 * the browser holds in an httpOnly cookie, so a state (or a code) carried to another browser is refused.
 */
export class SocialLogin {
  readonly secrets: SecretBox;
  private readonly loopback: boolean;
  /** One guarded connection pool for every provider call (outbound.ts): private addresses are refused. */
  private readonly dispatcher;

  constructor(private readonly deps: Deps) {
    this.secrets = new SecretBox(deps.config.jwtSecret, { salt: 'cube-oauth', info: 'oauth client secret' });
    this.loopback = !!deps.config.outbound.loopback;
    this.dispatcher = outboundDispatcher(serviceNetwork(deps.config.outbound.network, this.loopback));
  }

  /**
   * The guarded fetch for calls to one provider: only the hosts of the addresses the provider row (or its
   * discovery document) names, over https (plain http to this machine with the development loopback setting).
   */
  private fetchFor(urls: ReadonlyArray<string | undefined>): ServiceFetch {
    const hosts = new Set<string>();
    for (const url of urls) {
      if (!url) continue;
      try {
        hosts.add(new URL(url).hostname.toLowerCase());
      } catch {}
    }
    return serviceFetch(
      this.dispatcher,
      { allowedHosts: [...hosts], loopback: this.loopback },
      PROVIDER_LIMITS,
    );
  }

  private options<T extends object>(fetcher: ServiceFetch, extra?: T) {
    return {
      ...(extra ?? {}),
      [oauth.allowInsecureRequests]: this.loopback,
      [oauth.customFetch]: fetcher,
    } as T;
  }

  /** The tenant's enabled provider for `source`, or undefined. */
  provider(tenantId: string, source: string): Promise<Row<'cubeOauthProvider'> | undefined> {
    return withTenantScope(tenantId, () =>
      this.deps.db.db
        .selectFrom('cubeOauthProvider')
        .selectAll()
        .where('tenantId', '=', tenantId)
        .where('source', '=', source)
        .where('enabled', '=', 1)
        .where('isDeleted', '=', 0)
        .executeTakeFirst(),
    );
  }

  /** The tenant's enabled providers (source and display name), for login buttons and the profile page. */
  providers(tenantId: string): Promise<Array<{ source: string; name: string }>> {
    return withTenantScope(tenantId, () =>
      this.deps.db.db
        .selectFrom('cubeOauthProvider')
        .select(['source', 'name'])
        .where('tenantId', '=', tenantId)
        .where('enabled', '=', 1)
        .where('isDeleted', '=', 0)
        .orderBy('id')
        .execute(),
    );
  }

  /**
   * Whether the login page offers third-party login (`socialMode`): the site's tenant has an enabled provider;
   * on a site that names no tenant (the visitor types it), whether any tenant has one. Called in the platform
   * row scope of the site-info read.
   */
  async enabledFor(tenantId: string | undefined): Promise<boolean> {
    let q = this.deps.db.db
      .selectFrom('cubeOauthProvider')
      .select('id')
      .where('enabled', '=', 1)
      .where('isDeleted', '=', 0);
    if (tenantId) q = q.where('tenantId', '=', tenantId);
    return !!(await q.executeTakeFirst());
  }

  /** The provider's three addresses: the row's, else (Gitee, DingTalk, WeChat) the official ones. */
  private endpoints(row: Row<'cubeOauthProvider'>) {
    const known = KNOWN_ENDPOINTS[row.category];
    return {
      authorize: row.authorizeUrl || known?.authorize || '',
      token: row.tokenUrl || known?.token || '',
      userinfo: row.userinfoUrl || known?.userinfo || '',
    };
  }

  private async server(row: Row<'cubeOauthProvider'>): Promise<oauth.AuthorizationServer> {
    if (row.category === OAUTH_OIDC) {
      const issuer = new URL(row.issuer);
      const response = await oauth.discoveryRequest(
        issuer,
        this.options(this.fetchFor([row.issuer]), { algorithm: 'oidc' as const }),
      );
      return oauth.processDiscoveryResponse(issuer, response);
    }
    const urls = this.endpoints(row);
    return {
      issuer: new URL(urls.authorize).origin,
      authorization_endpoint: urls.authorize,
      token_endpoint: urls.token,
      userinfo_endpoint: urls.userinfo,
    };
  }

  private clientOf(row: Row<'cubeOauthProvider'>): { client: oauth.Client; auth: oauth.ClientAuth } {
    const secret = row.clientSecret ? this.secrets.open(row.clientSecret) : undefined;
    // Gitee reads the secret from the form body; the others take HTTP Basic (the OAuth 2.0 default).
    const auth = !secret
      ? oauth.None()
      : row.category === OAUTH_GITEE
        ? oauth.ClientSecretPost(secret)
        : oauth.ClientSecretBasic(secret);
    return { client: { client_id: row.clientId }, auth };
  }

  /**
   * The provider's authorize address for a new login (or, with `link`, for linking an identity to that signed-in
   * user), and the cookie value that binds it to this browser.
   */
  async start(
    tenantId: string,
    source: string,
    redirectUri: string,
    link?: { userId: string },
  ): Promise<{ url: string; binding: string }> {
    const row = await this.provider(tenantId, source);
    if (!row) throw new OAuthError(400, 'invalid_request', SocialMessage.PROVIDER_UNKNOWN);
    const as = await this.server(row).catch((error: unknown) => {
      throw Object.assign(failed(), { cause: error });
    });
    // DingTalk and WeChat know no PKCE (nor nonce): their code is bound by the state and the browser cookie.
    const standard = row.category !== OAUTH_DINGTALK && row.category !== OAUTH_WECHAT;
    const verifier = standard ? oauth.generateRandomCodeVerifier() : '';
    const state = oauth.generateRandomState();
    const nonce = row.category === OAUTH_OIDC ? oauth.generateRandomNonce() : '';
    const binding = randomBytes(32).toString('base64url');
    const pending: PendingLogin = {
      tenantId,
      source,
      verifier,
      nonce,
      redirectUri,
      binding: sha256(binding),
      mode: link ? 'link' : 'login',
      ...(link ? { userId: link.userId } : {}),
    };
    await this.deps.store.set(stateKey(state), JSON.stringify(pending), STATE_TTL_SECONDS);
    const url = new URL(as.authorization_endpoint ?? '');
    if (row.category === OAUTH_WECHAT) {
      // 网站应用 QR login: `appid`, not client_id; the fragment is part of WeChat's documented address.
      url.searchParams.set('appid', row.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', row.scope || 'snsapi_login');
      url.searchParams.set('state', state);
      url.hash = 'wechat_redirect';
      return { url: url.href, binding };
    }
    url.searchParams.set('client_id', row.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('state', state);
    if (row.category === OAUTH_DINGTALK) {
      url.searchParams.set('scope', row.scope || 'openid');
      url.searchParams.set('prompt', 'consent');
      return { url: url.href, binding };
    }
    url.searchParams.set('scope', row.scope || (row.category === OAUTH_OIDC ? 'openid profile email' : ''));
    url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
    url.searchParams.set('code_challenge_method', 'S256');
    if (nonce) url.searchParams.set('nonce', nonce);
    if (!url.searchParams.get('scope')) url.searchParams.delete('scope');
    return { url: url.href, binding };
  }

  /** The tenant and mode of a started login (read, not taken: the token grant or the link uses the state). */
  async pending(state: string): Promise<{ tenantId: string; mode: LoginMode } | undefined> {
    const raw = await this.deps.store.get(stateKey(state));
    if (!raw) return undefined;
    const pending = JSON.parse(raw) as PendingLogin;
    return { tenantId: pending.tenantId, mode: pending.mode ?? 'login' };
  }

  /**
   * The identity behind a code, once: the state is taken from the store (a second use finds nothing), must
   * belong to this tenant, source, browser and mode (a link state also to this user), and the code is exchanged
   * (with the PKCE verifier where the provider has PKCE).
   */
  async finish(input: {
    tenantId: string;
    source: string;
    code: string;
    state: string;
    binding: string | undefined;
    mode?: LoginMode;
    userId?: string;
  }): Promise<Identity> {
    if (!input.state || !input.code) throw stale();
    const raw = await this.deps.store.take(stateKey(input.state));
    if (!raw) throw stale();
    const pending = JSON.parse(raw) as PendingLogin;
    const mode = input.mode ?? 'login';
    if (
      pending.tenantId !== input.tenantId ||
      pending.source !== input.source ||
      (pending.mode ?? 'login') !== mode ||
      (mode === 'link' && (!input.userId || pending.userId !== input.userId)) ||
      !input.binding ||
      !sameDigest(pending.binding, sha256(input.binding))
    ) {
      throw stale();
    }
    const row = await this.provider(pending.tenantId, pending.source);
    if (!row) throw new OAuthError(400, 'invalid_request', SocialMessage.PROVIDER_UNKNOWN);
    try {
      if (row.category === OAUTH_DINGTALK) return await this.dingtalkIdentity(row, input.code);
      if (row.category === OAUTH_WECHAT) return await this.wechatIdentity(row, input.code);
      return await this.standardIdentity(row, pending, input);
    } catch (error) {
      if (error instanceof OAuthError) throw error;
      // The provider's own words (invalid_grant for a used code, ...) go to the log, not to the visitor.
      throw Object.assign(failed(), { cause: error });
    }
  }

  /** OpenID Connect, plain OAuth 2.0 and Gitee: the code exchange of RFC 6749 with PKCE, through oauth4webapi. */
  private async standardIdentity(
    row: Row<'cubeOauthProvider'>,
    pending: PendingLogin,
    input: { code: string; state: string },
  ): Promise<Identity> {
    const as = await this.server(row);
    const fetcher = this.fetchFor([row.issuer, as.token_endpoint, as.userinfo_endpoint]);
    const { client, auth } = this.clientOf(row);
    const params = new URLSearchParams({ code: input.code, state: input.state });
    const checked = oauth.validateAuthResponse(as, client, params, input.state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      auth,
      checked,
      pending.redirectUri,
      pending.verifier,
      this.options(fetcher),
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, {
      expectedNonce: pending.nonce || oauth.expectNoNonce,
      requireIdToken: row.category === OAUTH_OIDC,
    });
    if (row.category === OAUTH_OIDC) {
      const claims = oauth.getValidatedIdTokenClaims(tokens);
      if (!claims) throw failed();
      const info = await oauth.processUserInfoResponse(
        as,
        client,
        claims.sub,
        await oauth.userInfoRequest(as, client, tokens.access_token, this.options(fetcher)),
      );
      return {
        uuid: claims.sub,
        username: text(info.preferred_username) || text(info.email) || claims.sub,
        nickname: text(info.name) || text(info.nickname),
        avatar: text(info.picture),
        email: text(info.email),
      };
    }
    const response2 = await oauth.protectedResourceRequest(
      tokens.access_token,
      'GET',
      new URL(as.userinfo_endpoint ?? ''),
      undefined,
      undefined,
      this.options(fetcher),
    );
    if (!response2.ok) throw failed();
    const info = (await response2.json()) as Record<string, unknown>;
    // Gitee and most OAuth 2.0 user APIs name the person by a numeric `id`; OpenID-ish ones by `sub`.
    const uuid = text(info.sub) || text(info.id);
    if (!uuid) throw failed();
    return {
      uuid,
      username: text(info.login) || text(info.preferred_username) || text(info.username) || uuid,
      nickname: text(info.name) || text(info.nickname),
      avatar: text(info.avatar_url) || text(info.picture) || text(info.avatar),
      email: text(info.email),
    };
  }

  /**
   * DingTalk's 2.0 login: the code (`authCode`) and the app's key and secret go as JSON to userAccessToken; the
   * person comes from contact/users/me with the token in `x-acs-dingtalk-access-token`. The unionId names the
   * person across the organisation's apps (the openId within this app only).
   */
  private async dingtalkIdentity(row: Row<'cubeOauthProvider'>, code: string): Promise<Identity> {
    const urls = this.endpoints(row);
    const fetcher = this.fetchFor([urls.token, urls.userinfo]);
    const secret = this.secrets.open(row.clientSecret);
    if (!secret) throw new Error('DingTalk client secret unreadable');
    const tokenAnswer = await fetcher(urls.token, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        clientId: row.clientId,
        clientSecret: secret,
        code,
        grantType: 'authorization_code',
      }),
    });
    const token = await readJson(tokenAnswer);
    const accessToken = text(token.accessToken);
    if (!tokenAnswer.ok || !accessToken)
      throw new Error(`DingTalk userAccessToken refused: ${text(token.code)} ${text(token.message)}`);
    const userAnswer = await fetcher(urls.userinfo, {
      headers: { 'x-acs-dingtalk-access-token': accessToken, accept: 'application/json' },
    });
    const info = await readJson(userAnswer);
    const uuid = text(info.unionId) || text(info.openId);
    if (!userAnswer.ok || !uuid)
      throw new Error(`DingTalk users/me refused: ${text(info.code)} ${text(info.message)}`);
    return {
      uuid,
      username: text(info.nick) || uuid,
      nickname: text(info.nick),
      avatar: text(info.avatarUrl),
      email: text(info.email),
    };
  }

  /**
   * The WeChat open platform's website login: sns/oauth2/access_token takes appid, secret and code in the query
   * and answers the openid (and, for an app bound to an open platform account, the unionid) beside the token;
   * sns/userinfo gives the name and picture. WeChat answers errors as `errcode` in a 200 response.
   */
  private async wechatIdentity(row: Row<'cubeOauthProvider'>, code: string): Promise<Identity> {
    const urls = this.endpoints(row);
    const fetcher = this.fetchFor([urls.token, urls.userinfo]);
    const secret = this.secrets.open(row.clientSecret);
    if (!secret) throw new Error('WeChat app secret unreadable');
    const tokenUrl = new URL(urls.token);
    tokenUrl.searchParams.set('appid', row.clientId);
    tokenUrl.searchParams.set('secret', secret);
    tokenUrl.searchParams.set('code', code);
    tokenUrl.searchParams.set('grant_type', 'authorization_code');
    const tokenAnswer = await fetcher(tokenUrl.href, { headers: { accept: 'application/json' } });
    const token = await readJson(tokenAnswer);
    const accessToken = text(token.access_token);
    const openid = text(token.openid);
    if (!tokenAnswer.ok || token.errcode || !accessToken || !openid)
      throw new Error(`WeChat access_token refused: ${text(token.errcode)} ${text(token.errmsg)}`);
    const userUrl = new URL(urls.userinfo);
    userUrl.searchParams.set('access_token', accessToken);
    userUrl.searchParams.set('openid', openid);
    userUrl.searchParams.set('lang', 'zh_CN');
    const userAnswer = await fetcher(userUrl.href, { headers: { accept: 'application/json' } });
    const info = await readJson(userAnswer);
    if (!userAnswer.ok || info.errcode)
      throw new Error(`WeChat userinfo refused: ${text(info.errcode)} ${text(info.errmsg)}`);
    const uuid = text(info.unionid) || text(token.unionid) || openid;
    return {
      uuid,
      username: text(info.nickname) || openid,
      nickname: text(info.nickname),
      avatar: text(info.headimgurl),
      email: '',
    };
  }

  /** Records (or refreshes) the identity and answers its link row. */
  async remember(tenantId: string, source: string, identity: Identity): Promise<Row<'cubeUserOauth'>> {
    return withTenantScope(tenantId, async () => {
      const { db } = this.deps.db;
      const stamp = now();
      const found = await db
        .selectFrom('cubeUserOauth')
        .selectAll()
        .where('tenantId', '=', tenantId)
        .where('source', '=', source)
        .where('uuid', '=', identity.uuid)
        .executeTakeFirst();
      const profile = {
        username: identity.username.slice(0, 255),
        nickname: identity.nickname.slice(0, 255),
        avatar: identity.avatar.slice(0, 1000),
        email: identity.email.slice(0, 255),
      };
      if (found) {
        await db
          .updateTable('cubeUserOauth')
          .set({ ...profile, updateTime: stamp })
          .where('id', '=', found.id)
          .execute();
        return { ...found, ...profile, updateTime: stamp };
      }
      const row = {
        id: newId(),
        tenantId,
        userId: null,
        linkTime: null,
        source,
        uuid: identity.uuid.slice(0, 255),
        ...profile,
        createTime: stamp,
        updateTime: stamp,
      };
      await db
        .insertInto('cubeUserOauth')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .execute();
      return (
        (await db
          .selectFrom('cubeUserOauth')
          .selectAll()
          .where('tenantId', '=', tenantId)
          .where('source', '=', source)
          .where('uuid', '=', row.uuid)
          .executeTakeFirst()) ?? row
      );
    });
  }

  /** Whether the tenant accepts guest registrations (`account.registerUser`, on unless set to false). */
  registrationOpen(tenantId: string): Promise<boolean> {
    return withTenantScope(tenantId, async () => {
      const value = await readParam(this.deps.db, REGISTER_PARAM, 'true');
      return value.toLowerCase() !== 'false';
    });
  }

  /** A one-time registration ticket for an unlinked identity: what the guest answer's `oauth_id` carries. */
  async issueTicket(tenantId: string, oauthId: string): Promise<string> {
    const ticket = randomBytes(32).toString('base64url');
    const value: GuestTicket = { tenantId, oauthId };
    await this.deps.store.set(ticketKey(ticket), JSON.stringify(value), GUEST_TICKET_TTL_SECONDS);
    return ticket;
  }

  async takeTicket(ticket: string): Promise<GuestTicket | undefined> {
    if (!ticket) return undefined;
    const raw = await this.deps.store.take(ticketKey(ticket));
    return raw ? (JSON.parse(raw) as GuestTicket) : undefined;
  }

  async restoreTicket(ticket: string, value: GuestTicket): Promise<void> {
    await this.deps.store.set(ticketKey(ticket), JSON.stringify(value), GUEST_TICKET_TTL_SECONDS);
  }

  /**
   * The social grant: a linked, active user signs in as with a password; a pending registration is told so;
   * an unlinked identity gets the guest answer (`user_id` -1, no token, `oauth_id` a registration ticket)
   * while the tenant accepts registrations.
   */
  async grant(
    auth: AuthService,
    req: SessionRequest & { source: string; code: string; state: string; binding: string | undefined },
  ): Promise<LoginResult> {
    const identity = await this.finish(req);
    const link = await this.remember(req.tenantId, req.source, identity);
    const user = link.userId
      ? await withTenantScope(req.tenantId, () =>
          this.deps.db.db
            .selectFrom('cubeUser')
            .selectAll()
            .where('tenantId', '=', req.tenantId)
            .where('id', '=', link.userId as string)
            .where('isDeleted', '=', 0)
            .executeTakeFirst(),
        )
      : undefined;
    if (user) {
      if (user.status === USER_PENDING) throw new OAuthError(400, 'invalid_grant', SocialMessage.PENDING);
      if (user.status !== 1) throw new OAuthError(400, 'invalid_grant', AuthMessage.USER_DISABLED);
      return withTenantScope(req.tenantId, () => auth.openSession(req, user));
    }
    if (!(await this.registrationOpen(req.tenantId))) {
      throw new OAuthError(400, 'invalid_grant', SocialMessage.UNLINKED);
    }
    const ticket = await this.issueTicket(req.tenantId, link.id);
    return {
      access_token: '',
      refresh_token: '',
      token_type: 'bearer',
      expires_in: 0,
      scope: 'all',
      tenant_id: req.tenantId,
      user_id: '-1',
      user_name: link.username,
      nick_name: link.nickname || link.username,
      real_name: link.nickname || link.username,
      account: link.username,
      role_name: 'guest',
      role_id: '',
      dept_id: '',
      post_id: '',
      avatar: link.avatar || DEFAULT_AVATAR,
      oauth_id: ticket,
      client_id: req.client.clientId,
      password_must_change: false,
      license: 'powered by cube portal',
    };
  }
}
