import { PLATFORM_TENANT_ID } from '@cube/contract';

/**
 * Who is calling, taken from the verified token only (never from a header after login). Tenant-owned data is
 * reached with `tenantId` from here; the platform administrator may cross tenants through named calls only.
 */
export interface RequestContext {
  sessionId: string;
  tenantId: string;
  userId: string;
  account: string;
  userName: string;
  realName: string;
  clientId: string;
  /** Role ids and aliases of the role(s) the session acts under. */
  roleIds: string[];
  roleAliases: string[];
  deptId: string;
  deptIds: string[];
  postId: string;
  passwordMustChange: boolean;
  /**
   * Set only on a copy made by {@link actingInTenant}: the platform administrator working on another tenant's
   * rows (`tenantId` is then that tenant). Never read from a token.
   */
  actingFromPlatform?: true;
}

export const ROLE_ADMINISTRATOR = 'administrator';
export const ROLE_ADMIN = 'admin';

/** The platform's super administrator: the `administrator` role of the platform tenant. */
export const isPlatformAdmin = (ctx: RequestContext): boolean =>
  (ctx.tenantId === PLATFORM_TENANT_ID || ctx.actingFromPlatform === true) &&
  ctx.roleAliases.includes(ROLE_ADMINISTRATOR);

/**
 * The platform administrator's context moved into one tenant: tenant-scoped reads and writes made with it reach
 * that tenant's rows, and the caller keeps every permission (BladeX's platform administers every tenant). Throws
 * for anyone else: only a context that already is the platform administrator's can be moved.
 */
export function actingInTenant(ctx: RequestContext, tenantId: string): RequestContext {
  if (!isPlatformAdmin(ctx)) throw new Error('only the platform administrator acts in another tenant');
  return { ...ctx, tenantId, actingFromPlatform: true };
}

/** A tenant's administrator (or the platform administrator). */
export const isTenantAdmin = (ctx: RequestContext): boolean =>
  isPlatformAdmin(ctx) || ctx.roleAliases.includes(ROLE_ADMIN);

export const splitIds = (value: string | null | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
