import { AUTH_HEADER, AuthMessage, ResultMessage } from '@cube/contract';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/connection.js';
import { bindRequestRowScope, openRequestRowScope, PLATFORM_ROW_SCOPE } from '../db/row-scope.js';
import { isPlatformAdmin, type RequestContext, splitIds } from './context.js';
import { isPast } from './dates.js';
import { ForbiddenError, UnauthorizedError } from './errors.js';
import type { TokenService } from './tokens.js';

/**
 * Who may call a route. Every `/api` route must declare one (deny-by-default): a route without it makes the
 * application refuse to start, and a test enumerates the routes.
 * - `public`: anyone, no token read.
 * - `authenticated`: any signed-in user of a live session.
 * - `permission`: a signed-in user whose roles are granted that menu/button code; the platform administrator
 *   holds every code. `platformOnly` additionally requires the platform administrator (platform-global data).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'authenticated'; allowPendingPasswordChange?: boolean }
  | { kind: 'permission'; code: string; platformOnly?: boolean };

export const access = {
  public: { kind: 'public' } as Access,
  authenticated: { kind: 'authenticated' } as Access,
  /** Signed in, and allowed even while the account must still replace its initial password. */
  session: { kind: 'authenticated', allowPendingPasswordChange: true } as Access,
  permission: (code: string, options: { platformOnly?: boolean } = {}): Access => ({
    kind: 'permission',
    code,
    ...options,
  }),
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** Set for every route that is not public; null on public routes. */
    ctx: RequestContext | null;
  }
}

/** Routes that must declare access: everything under /api. */
export const needsAccessDeclaration = (url: string): boolean => url === '/api' || url.startsWith('/api/');

export class MissingAccessDeclarationError extends Error {}

/** Collects every route and refuses one under /api that declares no access. */
export function enforceAccessDeclarations(
  app: FastifyInstance,
  registry: Array<{ method: string; url: string; access?: Access }>,
) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const declared = route.config?.access;
    for (const method of methods) registry.push({ method, url: route.url, access: declared });
    if (needsAccessDeclaration(route.url) && !declared) {
      throw new MissingAccessDeclarationError(`route ${methods.join(',')} ${route.url} declares no access`);
    }
  });
}

/** Reads `Cube-Auth: bearer <token>`; downloads may pass the same value as the `cube-auth` query parameter. */
export function readBearer(request: FastifyRequest): string | null {
  const header = request.headers[AUTH_HEADER.toLowerCase()];
  const query = (request.query as Record<string, unknown> | undefined)?.['cube-auth'];
  const raw = typeof header === 'string' ? header : typeof query === 'string' ? query : null;
  if (!raw) return null;
  const match = /^bearer\s+(\S+)$/i.exec(raw.trim());
  return match?.[1] ?? null;
}

export interface SessionState {
  revokedAt: string | null;
  expiresAt: string;
  userStatus: number;
  userDeleted: number;
  passwordMustChange: number;
  tenantStatus: number | null;
  tenantDeleted: number | null;
  tenantExpireTime: string | null;
}

/**
 * One query per request: the session must be live, its user enabled and its tenant enabled and unexpired.
 * Logout, reuse detection, disabling a user or a tenant therefore take effect on the very next request.
 */
export async function loadSessionState(
  handle: DatabaseHandle,
  sessionId: string,
  userId: string,
): Promise<SessionState | undefined> {
  return handle.db
    .selectFrom('cubeAuthSession as s')
    .innerJoin('cubeUser as u', 'u.id', 's.userId')
    .leftJoin('cubeTenant as t', (join) =>
      join.onRef('t.tenantId', '=', 's.tenantId').on('t.isDeleted', '=', 0),
    )
    .select([
      's.revokedAt',
      's.expiresAt',
      'u.status as userStatus',
      'u.isDeleted as userDeleted',
      'u.passwordMustChange',
      't.status as tenantStatus',
      't.isDeleted as tenantDeleted',
      't.expireTime as tenantExpireTime',
    ])
    .where('s.id', '=', sessionId)
    .where('s.userId', '=', userId)
    .executeTakeFirst();
}

export function sessionIsLive(state: SessionState | undefined, platformTenant: boolean): boolean {
  if (!state || state.revokedAt || isPast(state.expiresAt)) return false;
  if (state.userStatus !== 1 || state.userDeleted !== 0) return false;
  if (state.tenantStatus !== 1 || state.tenantDeleted !== 0) return false;
  if (!platformTenant && isPast(state.tenantExpireTime)) return false;
  return true;
}

export async function hasPermission(
  handle: DatabaseHandle,
  ctx: RequestContext,
  code: string,
): Promise<boolean> {
  if (isPlatformAdmin(ctx)) return true;
  if (ctx.roleIds.length === 0) return false;
  const row = await handle.db
    .selectFrom('cubeRoleMenu as rm')
    .innerJoin('cubeMenu as m', 'm.id', 'rm.menuId')
    .select(sql<number>`1`.as('granted'))
    .where('rm.roleId', 'in', ctx.roleIds)
    .where('m.code', '=', code)
    .where('m.isDeleted', '=', 0)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

export async function requirePermission(
  handle: DatabaseHandle,
  ctx: RequestContext,
  code: string,
): Promise<void> {
  if (!(await hasPermission(handle, ctx, code))) throw new ForbiddenError();
}

/** Installs the request-context hook that enforces each route's declared access. */
export function installAccessControl(
  app: FastifyInstance,
  deps: { db: DatabaseHandle; tokens: TokenService },
) {
  app.decorateRequest('ctx', null);
  app.addHook('onRequest', openRequestRowScope);
  app.addHook('onRequest', async (request) => {
    const declared = request.routeOptions.config?.access;
    if (!declared || declared.kind === 'public') return;
    const token = readBearer(request);
    if (!token) throw new UnauthorizedError(ResultMessage.TOKEN_MISSING);
    const claims = await deps.tokens.verifyAccess(token);
    if (!claims) throw new UnauthorizedError();
    bindRequestRowScope(claims.tenant_id);
    const state = await loadSessionState(deps.db, claims.sid, claims.user_id);
    if (!sessionIsLive(state, claims.tenant_id === '000000'))
      throw new UnauthorizedError(AuthMessage.SESSION_EXPIRED);
    const roleAliases = splitIds(claims.role_name);
    const ctx: RequestContext = {
      sessionId: claims.sid,
      tenantId: claims.tenant_id,
      userId: claims.user_id,
      account: claims.account,
      userName: claims.nick_name,
      realName: claims.real_name,
      clientId: claims.client_id,
      roleIds: splitIds(claims.role_id),
      roleAliases,
      deptId: splitIds(claims.dept_id)[0] ?? '',
      deptIds: splitIds(claims.dept_id),
      postId: claims.post_id,
      passwordMustChange: state?.passwordMustChange === 1,
    };
    request.ctx = ctx;
    // The platform administrator may reach other tenants (through `crossTenantData`, by name).
    if (isPlatformAdmin(ctx)) bindRequestRowScope(PLATFORM_ROW_SCOPE);
    if (
      ctx.passwordMustChange &&
      !(declared.kind === 'authenticated' && declared.allowPendingPasswordChange)
    ) {
      throw new ForbiddenError(AuthMessage.PASSWORD_MUST_CHANGE);
    }
    if (declared.kind === 'permission') {
      if (declared.platformOnly && !isPlatformAdmin(ctx)) throw new ForbiddenError();
      await requirePermission(deps.db, ctx, declared.code);
    }
  });
}

/** The context of a route that is not public; throws if a handler of a public route asks for it. */
export function contextOf(request: FastifyRequest): RequestContext {
  if (!request.ctx) throw new UnauthorizedError();
  return request.ctx;
}
