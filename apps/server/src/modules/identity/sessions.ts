import { ACCESS_TOKEN_MIN_SECONDS, AuthMessage, type LoginResult, PLATFORM_TENANT_ID } from '@cube/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { DatabaseHandle } from '../../db/connection.js';
import { withPlatformScope, withTenantScope } from '../../db/row-scope.js';
import type { Row } from '../../db/types.js';
import { splitIds } from '../../platform/context.js';
import { formatDateTime, isPast, now, parseDateTime } from '../../platform/dates.js';
import { newId } from '../../platform/ids.js';
import { sha256Hex } from '../../platform/passwords.js';
import type { SessionRegistry } from '../../platform/sessions.js';
import type { SharedStore } from '../../platform/store.js';
import { newRefreshToken, type TokenService } from '../../platform/tokens.js';
import { DEFAULT_AVATAR } from './profile.js';
import { REFRESH_GRACE_SECONDS, RefreshGrace } from './refresh-grace.js';
import {
  claimRefreshToken,
  insertSession,
  refreshTokenByHash,
  refreshTokenOwner,
  rolesWithAliases,
  rotateSession,
  sessionById,
  tenantStatus,
} from './session.queries.js';
import { findLiveUser } from './user.queries.js';

/**
 * A refused token request. `status` is the HTTP status; the body carries `error_description` (the message shown
 * by the login form) plus `code`/`msg` for R-style readers (the envelope the rest of the API answers).
 */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

export const badCredentials = () => new OAuthError(400, 'invalid_grant', AuthMessage.BAD_CREDENTIALS);

/** What opening a session needs besides the user: who asks, from where, for which role and department. */
export interface SessionRequest {
  client: Row<'cubeClient'>;
  tenantId: string;
  deptHeader?: string;
  roleHeader?: string;
  ip: string;
  userAgent: string;
}

export interface RefreshRequest {
  client: Row<'cubeClient'>;
  refreshToken: string;
  tenantId?: string;
  deptHeader?: string;
  roleHeader?: string;
}

export interface SessionDeps {
  db: DatabaseHandle;
  sessions: SessionRegistry;
  store: SharedStore;
  tokens: TokenService;
  config: AppConfig;
  log: FastifyBaseLogger;
}

/**
 * The token pair of a signed-in user: opening a session once the caller proved who the user is (password,
 * third-party login, phone code) and rotating its refresh token. Every grant shares this one issuer.
 */
export class Sessions {
  private readonly grace: RefreshGrace;

  constructor(private readonly deps: SessionDeps) {
    this.grace = new RefreshGrace(deps.store);
  }

  /**
   * Opens a session for a user whose identity the caller has proved (password, third-party login) and answers
   * the token pair. Runs inside the user's tenant scope.
   */
  async openSession(req: SessionRequest, user: Row<'cubeUser'>): Promise<LoginResult> {
    const { db, config } = this.deps;
    await this.assertTenantUsable(req.tenantId);
    const { roleIds, deptIds } = this.chooseRoleAndDept(
      user,
      splitIds(user.roleId),
      splitIds(user.deptId),
      req,
    );
    const aliases = await this.roleAliases(req.tenantId, roleIds);
    if (aliases.length === 0) throw new OAuthError(400, 'invalid_grant', AuthMessage.NO_ROLE);

    const sessionId = newId();
    const stamp = now();
    const sessionEnd = formatDateTime(new Date(Date.now() + config.sessionMaxSeconds * 1000));
    const refresh = newRefreshToken();
    await insertSession(
      db.db,
      {
        id: sessionId,
        tenantId: req.tenantId,
        userId: user.id,
        clientId: req.client.clientId,
        deptId: deptIds.join(','),
        roleId: roleIds.join(','),
        ip: req.ip.slice(0, 64),
        userAgent: req.userAgent.slice(0, 500),
        createdAt: stamp,
        refreshedAt: stamp,
        expiresAt: sessionEnd,
        revokedAt: null,
        revokeReason: null,
      },
      {
        id: newId(),
        sessionId,
        tokenHash: refresh.hash,
        createdAt: stamp,
        expiresAt: this.refreshExpiry(req.client, sessionEnd),
        usedAt: null,
      },
    );
    this.deps.log.info(
      { event: 'login_succeeded', tenantId: req.tenantId, userId: user.id, ip: req.ip },
      'login succeeded',
    );
    return this.issue(req.client, user, sessionId, roleIds, aliases, deptIds, refresh.token);
  }

  /**
   * Rotates a refresh token. Each one is single-use: presenting a used one means it was copied, so the whole
   * session (every token descended from that login) is revoked — except within REFRESH_GRACE_SECONDS of its
   * first use, when it answers that first use's pair again (two tabs refreshing at once).
   */
  async refresh(req: RefreshRequest): Promise<LoginResult> {
    const tokenHash = sha256Hex(req.refreshToken);
    // The refresh token is the credential: its session names the tenant, as an access token's claims do.
    // Finding that session is the one read this grant makes across tenants.
    const owner = await withPlatformScope(() => refreshTokenOwner(this.deps.db.db, tokenHash));
    if (!owner) throw new OAuthError(400, 'invalid_grant', AuthMessage.REFRESH_INVALID);
    return withTenantScope(owner.tenantId, () => this.refreshInTenant(req, tokenHash));
  }

  private async refreshInTenant(req: RefreshRequest, tokenHash: string): Promise<LoginResult> {
    const { db } = this.deps;
    const invalid = () => new OAuthError(400, 'invalid_grant', AuthMessage.REFRESH_INVALID);
    const token = await refreshTokenByHash(db.db, tokenHash);
    if (!token) throw invalid();
    const stamp = now();
    if (!(await claimRefreshToken(db.db, token.id, stamp))) {
      const again = await this.answerAgain(req, tokenHash, token.sessionId);
      if (again) return again;
      await this.deps.sessions.revokeSession(token.sessionId, 'refresh_reuse');
      this.deps.log.warn(
        { event: 'refresh_reuse', sessionId: token.sessionId },
        'refresh token reused: session revoked',
      );
      throw invalid();
    }
    if (isPast(token.expiresAt)) throw invalid();
    const session = await sessionById(db.db, token.sessionId);
    if (!session || session.revokedAt || isPast(session.expiresAt)) throw invalid();
    if (session.clientId !== req.client.clientId) throw invalid();
    if (req.tenantId && req.tenantId !== session.tenantId) throw invalid();
    const user = await findLiveUser(db.db, session.tenantId, session.userId);
    if (user?.status !== 1) throw invalid();
    await this.assertTenantUsable(session.tenantId);

    const current = { roleIds: splitIds(session.roleId), deptIds: splitIds(session.deptId) };
    const { roleIds, deptIds } =
      req.roleHeader || req.deptHeader
        ? this.chooseRoleAndDept(user, splitIds(user.roleId), splitIds(user.deptId), req)
        : current;
    const aliases = await this.roleAliases(session.tenantId, roleIds);
    if (aliases.length === 0) throw new OAuthError(400, 'invalid_grant', AuthMessage.NO_ROLE);
    const next = newRefreshToken();
    await rotateSession(
      db.db,
      session.id,
      { refreshedAt: stamp, roleId: roleIds.join(','), deptId: deptIds.join(',') },
      {
        id: newId(),
        sessionId: session.id,
        tokenHash: next.hash,
        createdAt: stamp,
        expiresAt: this.refreshExpiry(req.client, session.expiresAt),
        usedAt: null,
      },
    );
    // The session's roles and departments may have changed: cached copies (every instance) read it again.
    await this.deps.sessions.invalidateSession(session.id);
    const result = await this.issue(req.client, user, session.id, roleIds, aliases, deptIds, next.token);
    try {
      await this.grace.remember(req.refreshToken, tokenHash, result);
    } catch (error) {
      // Without the store a simultaneous second use is treated as a reuse (the rule before the grace).
      this.deps.log.warn({ err: error, sessionId: session.id }, 'refresh grace answer not stored');
    }
    return result;
  }

  /**
   * The pair a used refresh token's first use issued, when it is presented again within the grace window by the
   * same client for the same, still live session; null otherwise (a reuse: the caller revokes the session).
   */
  private async answerAgain(req: RefreshRequest, tokenHash: string, sessionId: string) {
    const { db } = this.deps;
    const used = await refreshTokenByHash(db.db, tokenHash);
    if (!used?.usedAt) return null;
    // Stamps have whole seconds: one more second so that a use at the window's end is not cut short.
    if (Date.now() - parseDateTime(used.usedAt).getTime() > (REFRESH_GRACE_SECONDS + 1) * 1000) return null;
    const earlier = await this.grace.recall(req.refreshToken, tokenHash);
    if (!earlier || earlier.client_id !== req.client.clientId) return null;
    if (req.tenantId && req.tenantId !== earlier.tenant_id) return null;
    const session = await sessionById(db.db, sessionId);
    if (!session || session.revokedAt || isPast(session.expiresAt)) return null;
    this.deps.log.info(
      { event: 'refresh_grace', sessionId },
      'refresh token presented again within the grace',
    );
    return earlier;
  }

  private async assertTenantUsable(tenantId: string): Promise<void> {
    const tenant = await tenantStatus(this.deps.db.db, tenantId);
    if (!tenant) throw badCredentials();
    if (tenant.status !== 1) throw new OAuthError(400, 'invalid_grant', AuthMessage.TENANT_DISABLED);
    if (tenantId !== PLATFORM_TENANT_ID && isPast(tenant.expireTime)) {
      throw new OAuthError(400, 'invalid_grant', AuthMessage.TENANT_EXPIRED);
    }
  }

  /** `Role-Id`/`Dept-Id` pick one of the user's own roles/departments; anything else is ignored. */
  private chooseRoleAndDept(
    _user: Row<'cubeUser'>,
    roleIds: string[],
    deptIds: string[],
    req: { roleHeader?: string; deptHeader?: string },
  ): { roleIds: string[]; deptIds: string[] } {
    return {
      roleIds: req.roleHeader && roleIds.includes(req.roleHeader) ? [req.roleHeader] : roleIds,
      deptIds: req.deptHeader && deptIds.includes(req.deptHeader) ? [req.deptHeader] : deptIds,
    };
  }

  private async roleAliases(tenantId: string, roleIds: string[]): Promise<string[]> {
    if (roleIds.length === 0) return [];
    const rows = await rolesWithAliases(this.deps.db.db, tenantId, roleIds);
    return roleIds.map((id) => rows.find((r) => r.id === id)?.roleAlias).filter((a): a is string => !!a);
  }

  private refreshExpiry(client: Row<'cubeClient'>, sessionEnd: string): string {
    const sliding = Date.now() + client.refreshTokenValidity * 1000;
    return formatDateTime(new Date(Math.min(sliding, parseDateTime(sessionEnd).getTime())));
  }

  private async issue(
    client: Row<'cubeClient'>,
    user: Row<'cubeUser'>,
    sessionId: string,
    roleIds: string[],
    aliases: string[],
    deptIds: string[],
    refreshToken: string,
  ): Promise<LoginResult> {
    const lifetime = Math.max(client.accessTokenValidity, ACCESS_TOKEN_MIN_SECONDS);
    const claims = {
      sid: sessionId,
      tenant_id: user.tenantId,
      user_id: user.id,
      account: user.account,
      user_name: user.account,
      nick_name: user.name,
      real_name: user.realName,
      role_id: roleIds.join(','),
      role_name: aliases.join(','),
      dept_id: deptIds.join(','),
      post_id: user.postId,
      client_id: client.clientId,
    };
    const accessToken = await this.deps.tokens.signAccess(claims, lifetime);
    const { sid: _sessionId, ...publicClaims } = claims;
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      token_type: 'bearer',
      expires_in: lifetime,
      scope: 'all',
      ...publicClaims,
      avatar: user.avatar || DEFAULT_AVATAR,
      oauth_id: '',
      password_must_change: user.passwordMustChange === 1,
      license: 'powered by cube portal',
    };
  }
}
