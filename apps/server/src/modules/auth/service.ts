import { AuthMessage, type LoginResult } from '@cube/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { DatabaseHandle } from '../../db/connection.js';
import { withTenantScope } from '../../db/row-scope.js';
import type { Row } from '../../db/types.js';
import { splitIds } from '../../platform/context.js';
import { timingDummyHash, verifySecret } from '../../platform/passwords.js';
import type { SharedStore } from '../../platform/store.js';
import { PasswordLockout } from '../identity/lockout.js';
import { badCredentials, OAuthError, type SessionRequest, type Sessions } from '../identity/sessions.js';
import { findUserByAccount } from '../identity/user.queries.js';
import { checkCaptcha } from './captcha.js';
import { enabledClient } from './client.queries.js';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

export interface LoginRequest extends SessionRequest {
  username: string;
  password: string;
  grantType: 'password' | 'captcha';
  captchaKey?: string;
  captchaCode?: string;
}

interface Deps {
  db: DatabaseHandle;
  store: SharedStore;
  config: AppConfig;
  log: FastifyBaseLogger;
}

export function parseBasicHeader(header: string | undefined): ClientCredentials | null {
  if (!header) return null;
  const match = /^basic(?:\s+|%20)(\S+)$/i.exec(header.trim());
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { clientId: decoded.slice(0, colon), clientSecret: decoded.slice(colon + 1) };
}

/**
 * The token endpoint's own checks: the client's credentials and grant types, and the password (or captcha)
 * grant. Sessions are opened and refreshed by the shared issuer in modules/identity.
 */
export class AuthService {
  private readonly lockout: PasswordLockout;

  constructor(
    private readonly deps: Deps,
    readonly sessions: Sessions,
  ) {
    this.lockout = new PasswordLockout(deps.db, deps.store);
  }

  /** The client named by the Basic header, if its secret matches and it is enabled. */
  async authenticateClient(header: string | undefined): Promise<Row<'cubeClient'>> {
    const credentials = parseBasicHeader(header);
    if (!credentials) throw new OAuthError(401, 'invalid_client', AuthMessage.CLIENT_MISSING);
    const client = await enabledClient(this.deps.db.db, credentials.clientId);
    const valid = await verifySecret(
      client?.clientSecret ?? (await timingDummyHash()),
      credentials.clientSecret,
    );
    if (!client || !valid) throw new OAuthError(401, 'invalid_client', AuthMessage.CLIENT_AUTH_FAILED);
    return client;
  }

  assertGrantAllowed(client: Row<'cubeClient'>, grantType: string): void {
    if (!splitIds(client.authorizedGrantTypes).includes(grantType)) {
      throw new OAuthError(400, 'unsupported_grant_type', AuthMessage.GRANT_TYPE_UNSUPPORTED);
    }
  }

  /** Signs in to the tenant the request names; everything it reads and writes is that tenant's. */
  login(req: LoginRequest): Promise<LoginResult> {
    return withTenantScope(req.tenantId, () => this.loginInTenant(req));
  }

  private async loginInTenant(req: LoginRequest): Promise<LoginResult> {
    const { db, store, config } = this.deps;
    if (req.grantType === 'captcha' || config.features.captcha) {
      if (!(await checkCaptcha(store, req.captchaKey, req.captchaCode))) {
        throw new OAuthError(400, 'invalid_grant', AuthMessage.CAPTCHA_WRONG);
      }
    }
    const account = req.username.trim();
    if (!account || !req.password) throw badCredentials();
    if (await this.lockout.isLocked(req.tenantId, account)) {
      this.deps.log.warn(
        { event: 'login_locked', tenantId: req.tenantId, ip: req.ip },
        'login refused: account locked',
      );
      throw new OAuthError(400, 'invalid_grant', AuthMessage.TOO_MANY_FAILURES);
    }
    const user = await findUserByAccount(db.db, req.tenantId, account);
    // An unknown account costs the same hash verification as a known one and answers the same words.
    const passwordOk = await verifySecret(
      user?.password ?? (await timingDummyHash()),
      req.password.toLowerCase(),
    );
    if (!user || !passwordOk) {
      await this.lockout.recordFailure(req.tenantId, account);
      this.deps.log.info({ event: 'login_failed', tenantId: req.tenantId, ip: req.ip }, 'login failed');
      throw badCredentials();
    }
    await this.lockout.clear(req.tenantId, account);
    // Account and tenant states are told only to someone who proved the password.
    if (user.status !== 1) throw new OAuthError(400, 'invalid_grant', AuthMessage.USER_DISABLED);
    return this.sessions.openSession(req, user);
  }
}
