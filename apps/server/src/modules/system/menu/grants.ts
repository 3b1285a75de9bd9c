import type { DatabaseHandle } from '../../../db/connection.js';
import type { RequestContext } from '../../../platform/context.js';
import { grantedMenuIds as grantedByRoles } from '../authority/grant.queries.js';
import { packageMenuIds } from '../tenant/package-menus.js';

/** Menu and button ids granted to the caller's roles; roles are looked up in the caller's tenant only. */
export async function grantedMenuIds(handle: DatabaseHandle, ctx: RequestContext): Promise<Set<string>> {
  if (ctx.roleIds.length === 0) return new Set();
  const granted = await grantedByRoles(handle.db, ctx.tenantId, ctx.roleIds);
  // The tenant's package bounds what its roles hold, even grants made before the package changed.
  const allowed = await packageMenuIds(handle.db, ctx.tenantId);
  return new Set(granted.filter((id) => !allowed || allowed.has(id)));
}
