import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { AuthMessage, type LoginResult, OAUTH_GITEE, OAUTH_OIDC, SocialMessage } from '@cube/contract';
import * as oauth from 'oauth4webapi';
import type { AppConfig } from '../../config.js';
import type { DatabaseHandle } from '../../db/connection.js';
import { withTenantScope } from '../../db/row-scope.js';
import type { Row } from '../../db/types.js';
import { now } from '../../platform/dates.js';
import { newId } from '../../platform/ids.js';
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

const GITEE = {
  authorize: 'https://gitee.com/oauth/authorize',
  token: 'https://gitee.com/oauth/token',
  userinfo: 'https://gitee.com/api/v5/user',
};

interface PendingLogin {
  tenantId: string;
  source: string;
  verifier: string;
  nonce: string;
  redirectUri: string;
  binding: string;
}

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

  constructor(private readonly deps: Deps) {
    this.secrets = new SecretBox(deps.config.jwtSecret, { salt: 'cube-oauth', info: 'oauth client secret' });
  }

  /** Plain http endpoints are only for development and tests (a local provider). */
  private get insecureAllowed(): boolean {
    return !this.deps.config.production;
  }

  private options<T extends object>(extra?: T) {
    return { ...(extra ?? {}), [oauth.allowInsecureRequests]: this.insecureAllowed } as T;
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

  private async server(row: Row<'cubeOauthProvider'>): Promise<oauth.AuthorizationServer> {
    if (row.category === OAUTH_OIDC) {
      const issuer = new URL(row.issuer);
      const response = await oauth.discoveryRequest(issuer, this.options({ algorithm: 'oidc' as const }));
      return oauth.processDiscoveryResponse(issuer, response);
    }
    const urls =
      row.category === OAUTH_GITEE
        ? GITEE
        : { authorize: row.authorizeUrl, token: row.tokenUrl, userinfo: row.userinfoUrl };
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

  /** The provider's authorize address for a new login, and the cookie value that binds it to this browser. */
  async start(
    tenantId: string,
    source: string,
    redirectUri: string,
  ): Promise<{ url: string; binding: string }> {
    const row = await this.provider(tenantId, source);
    if (!row) throw new OAuthError(400, 'invalid_request', SocialMessage.PROVIDER_UNKNOWN);
    const as = await this.server(row).catch(() => {
      throw failed();
    });
    const verifier = oauth.generateRandomCodeVerifier();
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
    };
    await this.deps.store.set(stateKey(state), JSON.stringify(pending), STATE_TTL_SECONDS);
    const url = new URL(as.authorization_endpoint ?? '');
    url.searchParams.set('client_id', row.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', row.scope || (row.category === OAUTH_OIDC ? 'openid profile email' : ''));
    url.searchParams.set('state', state);
    url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
    url.searchParams.set('code_challenge_method', 'S256');
    if (nonce) url.searchParams.set('nonce', nonce);
    if (!url.searchParams.get('scope')) url.searchParams.delete('scope');
    return { url: url.href, binding };
  }

  /** The tenant a started login belongs to (read, not taken: the token grant uses the state). */
  async pendingTenant(state: string): Promise<string | undefined> {
    const raw = await this.deps.store.get(stateKey(state));
    return raw ? (JSON.parse(raw) as PendingLogin).tenantId : undefined;
  }

  /**
   * The identity behind a code, once: the state is taken from the store (a second use finds nothing), must
   * belong to this tenant, source and browser, and the code is exchanged with the PKCE verifier.
   */
  async finish(input: {
    tenantId: string;
    source: string;
    code: string;
    state: string;
    binding: string | undefined;
  }): Promise<Identity> {
    if (!input.state || !input.code) throw stale();
    const raw = await this.deps.store.take(stateKey(input.state));
    if (!raw) throw stale();
    const pending = JSON.parse(raw) as PendingLogin;
    if (
      pending.tenantId !== input.tenantId ||
      pending.source !== input.source ||
      !input.binding ||
      !sameDigest(pending.binding, sha256(input.binding))
    ) {
      throw stale();
    }
    const row = await this.provider(pending.tenantId, pending.source);
    if (!row) throw new OAuthError(400, 'invalid_request', SocialMessage.PROVIDER_UNKNOWN);
    try {
      const as = await this.server(row);
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
        this.options(),
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
          await oauth.userInfoRequest(as, client, tokens.access_token, this.options()),
        );
        const text = (v: unknown) => (typeof v === 'string' ? v : '');
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
        this.options(),
      );
      if (!response2.ok) throw failed();
      const info = (await response2.json()) as Record<string, unknown>;
      const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
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
    } catch (error) {
      if (error instanceof OAuthError) throw error;
      // The provider's own words (invalid_grant for a used code, ...) go to the log, not to the visitor.
      throw Object.assign(failed(), { cause: error });
    }
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
