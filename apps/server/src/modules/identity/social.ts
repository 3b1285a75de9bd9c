import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { AuthMessage, type LoginResult, SocialMessage } from '@cube/contract';
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
import { readParam } from '../system/param/param.queries.js';
import { oauthConnectorFor } from './connectors/index.js';
import { type ConnectorTools, failed, type Identity } from './connectors/oauth-connector.js';
import {
  anyProviderEnabled,
  enabledProvider,
  enabledProviders,
  findIdentity,
  insertIdentity,
  updateIdentityProfile,
} from './oauth.queries.js';
import { DEFAULT_AVATAR } from './profile.js';
import { OAuthError, type SessionRequest, type Sessions } from './sessions.js';
import { findLiveUser } from './user.queries.js';

export type { Identity } from './connectors/oauth-connector.js';

/** The cookie that binds a pending third-party login to the browser that started it. */
export const BINDING_COOKIE = 'cube_oauth_binding';
/** How long a started third-party login may take (seconds): the provider's page, then back. */
export const STATE_TTL_SECONDS = 600;
/** How long an unlinked identity may take to fill in the registration form (seconds). */
export const GUEST_TICKET_TTL_SECONDS = 1800;
/** `cube_user.status` of a guest registration waiting for the tenant administrator. */
export const USER_PENDING = 2;

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

const stale = () => new OAuthError(400, 'invalid_grant', SocialMessage.STATE_INVALID);

interface Deps {
  db: DatabaseHandle;
  store: SharedStore;
  config: AppConfig;
}

/**
 * Third-party sign-in (the vendor specifics are in connectors/): the authorize redirect with `state`, PKCE
 * (S256) and, for OpenID Connect, a `nonce`; the code exchange when the browser that started it comes back. A
 * started login is kept in the shared store under its state (one use: taken, not read) together with a digest of
 * a random value the browser holds in an httpOnly cookie, so a state (or a code) carried to another browser is
 * refused.
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

  /** The tools a connector calls its provider with: the secret box and the guarded fetch. */
  private get tools(): ConnectorTools {
    return {
      secrets: this.secrets,
      fetchFor: (urls) => this.fetchFor(urls),
      options: (fetcher, extra) => this.options(fetcher, extra),
    };
  }

  /** The tenant's enabled provider for `source`, or undefined. */
  provider(tenantId: string, source: string): Promise<Row<'cubeOauthProvider'> | undefined> {
    return withTenantScope(tenantId, () => enabledProvider(this.deps.db.db, tenantId, source));
  }

  /** The tenant's enabled providers (source and display name), for login buttons and the profile page. */
  providers(tenantId: string): Promise<Array<{ source: string; name: string }>> {
    return withTenantScope(tenantId, () => enabledProviders(this.deps.db.db, tenantId));
  }

  /**
   * Whether the login page offers third-party login (`socialMode`): the site's tenant has an enabled provider;
   * on a site that names no tenant (the visitor types it), whether any tenant has one. Called in the platform
   * row scope of the site-info read.
   */
  enabledFor(tenantId: string | undefined): Promise<boolean> {
    return anyProviderEnabled(this.deps.db.db, tenantId);
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
    const connector = oauthConnectorFor(row.category);
    const as = await connector.server(row, this.tools).catch((error: unknown) => {
      throw Object.assign(failed(), { cause: error });
    });
    const verifier = connector.pkce ? oauth.generateRandomCodeVerifier() : '';
    const state = oauth.generateRandomState();
    const nonce = connector.nonce ? oauth.generateRandomNonce() : '';
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
    const challenge = connector.pkce ? await oauth.calculatePKCECodeChallenge(verifier) : '';
    const url = connector.authorizeUrl(row, as, { state, redirectUri, verifier, nonce, challenge });
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
      return await oauthConnectorFor(row.category).identity(row, this.tools, input.code, {
        state: input.state,
        redirectUri: pending.redirectUri,
        verifier: pending.verifier,
        nonce: pending.nonce,
      });
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
      const found = await findIdentity(db, tenantId, source, identity.uuid);
      const profile = profileOf(identity);
      if (found) {
        await updateIdentityProfile(db, found.id, profile, stamp);
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
      await insertIdentity(db, row);
      return (await findIdentity(db, tenantId, source, row.uuid)) ?? row;
    });
  }

  /** Whether the tenant accepts guest registrations (`account.registerUser`, on unless set to false). */
  registrationOpen(tenantId: string): Promise<boolean> {
    return withTenantScope(tenantId, async () => {
      return readParam(this.deps.db, 'accountRegisterUser');
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
    sessions: Sessions,
    req: SessionRequest & { source: string; code: string; state: string; binding: string | undefined },
  ): Promise<LoginResult> {
    const identity = await this.finish(req);
    const link = await this.remember(req.tenantId, req.source, identity);
    const user = link.userId
      ? await withTenantScope(req.tenantId, () =>
          findLiveUser(this.deps.db.db, req.tenantId, link.userId as string),
        )
      : undefined;
    if (user) {
      if (user.status === USER_PENDING) throw new OAuthError(400, 'invalid_grant', SocialMessage.PENDING);
      if (user.status !== 1) throw new OAuthError(400, 'invalid_grant', AuthMessage.USER_DISABLED);
      return withTenantScope(req.tenantId, () => sessions.openSession(req, user));
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

/** What a provider told about the person, cut to the column sizes of `cube_user_oauth`. */
export function profileOf(identity: Identity) {
  return {
    username: identity.username.slice(0, 255),
    nickname: identity.nickname.slice(0, 255),
    avatar: identity.avatar.slice(0, 1000),
    email: identity.email.slice(0, 255),
  };
}
