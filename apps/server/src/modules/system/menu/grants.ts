import type { DatabaseHandle } from '../../../db/connection.js';
import type { RequestContext } from '../../../platform/context.js';
import { tenantData } from '../../../platform/tenant-data.js';
import { packageMenuIds } from '../tenant/package-menus.js';

/** Menu and button ids granted to the caller's roles; roles are looked up in the caller's tenant only. */
export async function grantedMenuIds(handle: DatabaseHandle, ctx: RequestContext): Promise<Set<string>> {
  if (ctx.roleIds.length === 0) return new Set();
  const rows = await tenantData(handle.db, ctx)
    .selectFrom('cubeRole')
    .innerJoin('cubeRoleMenu', 'cubeRoleMenu.roleId', 'cubeRole.id')
    .select('cubeRoleMenu.menuId')
    .where('cubeRole.id', 'in', ctx.roleIds)
    .execute();
  // The tenant's package bounds what its roles hold, even grants made before the package changed.
  const allowed = await packageMenuIds(handle.db, ctx.tenantId);
  return new Set(rows.map((r) => String(r.menuId)).filter((id) => !allowed || allowed.has(id)));
}
