import { AUTH_HEADER, AuthMessage, PLATFORM_TENANT_ID, ResultMessage } from '@cube/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import type { DatabaseHandle } from '../db/connection.js';
import { bindRequestRowScope, openRequestRowScope, PLATFORM_ROW_SCOPE } from '../db/row-scope.js';
import { apiScopeAllows } from './api-scope.js';
import { isPlatformAdmin, isTenantAdmin, type RequestContext, splitIds } from './context.js';
import { ForbiddenError, UnauthorizedError } from './errors.js';
import { liveIn } from './rows.js';
import type { RoleGrants, SessionRegistry, SessionState } from './sessions.js';
import { packageMenuIds } from './tenant-package.js';
import type { AccessClaims, TokenService } from './tokens.js';

export type { SessionState } from './sessions.js';

/**
 * Who may call a route. Every `/api` route must declare one (deny-by-default): a route without it makes the
 * application refuse to start, and a test enumerates the routes.
 * - `public`: anyone, no token read.
 * - `authenticated`: any signed-in user of a live session.
 * - `administrator`: a signed-in administrator — of their tenant (role alias `admin`) or of the platform.
 * - `permission`: a signed-in user whose roles are granted that menu/button code; the platform administrator
 *   holds every code. `platformOnly` additionally requires the platform administrator (platform-global data).
 *
 * The token is read from the `Cube-Auth` header only. `tokenInQuery` also accepts it as the `cube-auth` query
 * parameter (`?cube-auth=bearer …`): for download routes a browser opens as a plain link or new window, which
 * cannot send a header. Elsewhere a token in a URL (history, proxy logs, Referer) is refused.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'authenticated'; allowPendingPasswordChange?: boolean; tokenInQuery?: boolean }
  | { kind: 'administrator'; tokenInQuery?: boolean }
  | { kind: 'permission'; code: string; platformOnly?: boolean; tokenInQuery?: boolean };

export const access = {
  public: { kind: 'public' } as Access,
  authenticated: { kind: 'authenticated' } as Access,
  /** Signed in, and allowed even while the account must still replace its initial password. */
  session: { kind: 'authenticated', allowPendingPasswordChange: true } as Access,
  /** A tenant's administrator or the platform administrator. */
  administrator: { kind: 'administrator' } as Access,
  permission: (code: string, options: { platformOnly?: boolean; tokenInQuery?: boolean } = {}): Access => ({
    kind: 'permission',
    code,
    ...options,
  }),
  /** The same access, with the token also accepted in the query string (download routes only). */
  download: (base: Access): Access => (base.kind === 'public' ? base : { ...base, tokenInQuery: true }),
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** `false`: the API log records the call without its body (e.g. chat prompts). */
    logBody?: boolean;
  }
  interface FastifyRequest {
    /** Set for every route that is not public; null on public routes. */
    ctx: RequestContext | null;
  }
}

/** Routes that must declare access: everything under /api, and the chat helper's OpenAI-style `/ta/` path. */
export const needsAccessDeclaration = (url: string): boolean =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/ta/');

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

const BEARER = /^bearer\s+(\S+)$/i;

/**
 * Reads `Cube-Auth: bearer <token>`; with `fromQuery` (routes that declare `tokenInQuery`) the same value may
 * come as the `cube-auth` query parameter when the header is absent.
 */
export function readBearer(request: FastifyRequest, fromQuery = false): string | null {
  const header = request.headers[AUTH_HEADER.toLowerCase()];
  let raw = typeof header === 'string' ? header : null;
  if (raw === null && fromQuery) {
    const query = (request.query as Record<string, unknown> | undefined)?.['cube-auth'];
    if (typeof query === 'string') raw = query;
  }
  if (!raw) return null;
  return BEARER.exec(raw.trim())?.[1] ?? null;
}

/** Live: not revoked or past its end, user enabled, tenant enabled and (but the platform's) not expired. */
export function sessionIsLive(state: SessionState | undefined, platformTenant: boolean): boolean {
  const t = Date.now();
  if (!state || state.revokedAt || state.expiresAtMs <= t) return false;
  if (state.userStatus !== 1 || state.userDeleted !== 0) return false;
  if (state.tenantStatus !== 1 || state.tenantDeleted !== 0) return false;
  if (!platformTenant && state.tenantExpireMs !== null && state.tenantExpireMs <= t) return false;
  return true;
}

/**
 * A token speaks for its session only as issued: same user, tenant, roles and departments as the session row
 * (login and refresh write both from the same values). A token whose claims differ — signed with a leaked key,
 * or left over from before a role switch — is refused even though its signature holds.
 */
export function claimsMatchSession(claims: AccessClaims, state: SessionState): boolean {
  return (
    claims.user_id === state.userId &&
    claims.tenant_id === state.tenantId &&
    claims.role_id === state.roleId &&
    claims.dept_id === state.deptId
  );
}

/** Role and department ids of a verified token, split once (verified claims are cached and frozen). */
const idListsOf = new WeakMap<AccessClaims, { roleIds: string[]; deptIds: string[] }>();
function idLists(claims: AccessClaims): { roleIds: string[]; deptIds: string[] } {
  let lists = idListsOf.get(claims);
  if (!lists) {
    lists = { roleIds: splitIds(claims.role_id), deptIds: splitIds(claims.dept_id) };
    idListsOf.set(claims, lists);
  }
  return lists;
}

/** The codes granted to a request's roles, loaded (or taken from the cache) by the access hook. */
const grantedCodes = new WeakMap<RequestContext, ReadonlySet<string>>();
/** The whole grant set of a request's roles (codes and scopes), as the access hook loaded it. */
const requestGrants = new WeakMap<RequestContext, RoleGrants>();

/**
 * The grants the access hook loaded for this request's roles (data scopes read them without another lookup), or
 * undefined for a context the hook did not build.
 */
export const grantsOf = (ctx: RequestContext): RoleGrants | undefined => requestGrants.get(ctx);

export async function hasPermission(
  handle: DatabaseHandle,
  ctx: RequestContext,
  code: string,
): Promise<boolean> {
  if (isPlatformAdmin(ctx)) return true;
  if (ctx.roleIds.length === 0) return false;
  const codes = grantedCodes.get(ctx);
  if (codes) return codes.has(code);
  // A context the access hook did not build (tests, copies): ask the database.
  const rows = await handle.db
    .selectFrom('cubeRoleMenu as rm')
    .innerJoin('cubeMenu as m', 'm.id', 'rm.menuId')
    .select('m.id')
    .where('rm.roleId', 'in', ctx.roleIds)
    .where('m.code', '=', code)
    .$call(liveIn('m'))
    .limit(1)
    .execute();
  if (rows.length === 0) return false;
  // The tenant's package bounds every grant (as the access hook's cached codes are bounded).
  const allowed = await packageMenuIds(handle.db, ctx.tenantId);
  return !allowed || rows.some((r) => allowed.has(String(r.id)));
}

export async function requirePermission(
  handle: DatabaseHandle,
  ctx: RequestContext,
  code: string,
): Promise<void> {
  if (!(await hasPermission(handle, ctx, code))) throw new ForbiddenError();
}

/**
 * Installs access control: each route that is not public gets its own `onRequest` hook, made for its
 * declaration, ahead of the route's other hooks; public routes get none (and pay nothing). On PostgreSQL every
 * request first opens its row scope (decision D10).
 */
export function installAccessControl(
  app: FastifyInstance,
  deps: {
    db: DatabaseHandle;
    tokens: TokenService;
    sessions: SessionRegistry;
    /** Binds a tenant's own database into the request (platform/tenant-databases.ts). */
    datasources?: { bindRequest(tenantId: string): Promise<void> };
  },
) {
  const rowScoped = deps.db.kind === 'postgres';
  app.decorateRequest('ctx', null);
  if (rowScoped) app.addHook('onRequest', openRequestRowScope);

  async function authenticate(request: FastifyRequest, declared: Exclude<Access, { kind: 'public' }>) {
    const token = readBearer(request, declared.tokenInQuery === true);
    if (!token) throw new UnauthorizedError(ResultMessage.TOKEN_MISSING);
    const claims = deps.tokens.verifyAccess(token);
    if (!claims) throw new UnauthorizedError();
    if (rowScoped) bindRequestRowScope(claims.tenant_id);
    const state = await deps.sessions.sessionState(claims.sid, claims.user_id);
    if (
      !state ||
      !claimsMatchSession(claims, state) ||
      !sessionIsLive(state, claims.tenant_id === PLATFORM_TENANT_ID)
    ) {
      throw new UnauthorizedError(AuthMessage.SESSION_EXPIRED);
    }
    const { roleIds, deptIds } = idLists(claims);
    // Aliases come from the live roles, not from the token: a deleted role stops counting at once.
    const grants = await deps.sessions.roleGrants(claims.tenant_id, roleIds);
    const ctx: RequestContext = {
      sessionId: claims.sid,
      tenantId: claims.tenant_id,
      userId: claims.user_id,
      account: claims.account,
      userName: claims.nick_name,
      realName: claims.real_name,
      clientId: claims.client_id,
      // Copies: a handler may change its context's lists without touching the shared ones.
      roleIds: [...roleIds],
      roleAliases: [...grants.aliases],
      deptId: deptIds[0] ?? '',
      deptIds: [...deptIds],
      postId: claims.post_id,
      passwordMustChange: state.passwordMustChange === 1,
    };
    grantedCodes.set(ctx, grants.codes);
    requestGrants.set(ctx, grants);
    request.ctx = ctx;
    // The platform administrator may reach other tenants (through `crossTenantData`, by name).
    if (rowScoped && isPlatformAdmin(ctx)) bindRequestRowScope(PLATFORM_ROW_SCOPE);
    else if (rowScoped && deps.datasources) await deps.datasources.bindRequest(ctx.tenantId);
    if (
      ctx.passwordMustChange &&
      !(declared.kind === 'authenticated' && declared.allowPendingPasswordChange)
    ) {
      throw new ForbiddenError(AuthMessage.PASSWORD_MUST_CHANGE);
    }
    if (declared.kind === 'administrator') {
      if (!isTenantAdmin(ctx)) throw new ForbiddenError();
    } else if (declared.kind === 'permission') {
      if (declared.platformOnly && !isPlatformAdmin(ctx)) throw new ForbiddenError();
      if (!isPlatformAdmin(ctx) && !grants.codes.has(declared.code)) throw new ForbiddenError();
      // API scopes (platform/api-scope.ts): only when the roles hold some for this code's menu — one map lookup.
      if (grants.apiScopes.size > 0 && !isPlatformAdmin(ctx)) {
        const rules = grants.apiScopes.get(declared.code);
        if (rules) {
          const q = request.url.indexOf('?');
          if (!apiScopeAllows(rules, request.method, q < 0 ? request.url : request.url.slice(0, q)))
            throw new ForbiddenError();
        }
      }
    }
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    const declared = route.config?.access;
    if (!declared || declared.kind === 'public') return;
    const hook: onRequestHookHandler = (request: FastifyRequest, _reply: FastifyReply) =>
      authenticate(request, declared);
    const existing = route.onRequest;
    route.onRequest = existing ? [hook, ...(Array.isArray(existing) ? existing : [existing])] : [hook];
  });
}

/** The context of a route that is not public; throws if a handler of a public route asks for it. */
export function contextOf(request: FastifyRequest): RequestContext {
  if (!request.ctx) throw new UnauthorizedError();
  return request.ctx;
}
