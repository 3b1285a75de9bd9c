import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { DatabaseHandle } from '../../../db/connection.js';
import type { Database } from '../../../db/types.js';
import { isPlatformAdmin, type RequestContext } from '../../../platform/context.js';
import { withAncestors } from '../../../platform/crud/tree.js';
import type { AppDeps } from '../../../platform/deps.js';
import { isId } from '../../../platform/ids.js';
import { packageMenuIds } from '../../../platform/tenant-package.js';
import { grantedMenuIds as grantedByRoles } from '../authority/grant.queries.js';
import type { MenuLink } from './menu.queries.js';

/**
 * What a caller holds of the menu tree and may hand on, and how a grant names menus: the menu screens and the
 * top-menu grant share these.
 */

type Executor = Kysely<Database> | Transaction<Database>;

/** Menu and button ids granted to the caller's roles; roles are looked up in the caller's tenant only. */
export async function grantedMenuIds(handle: DatabaseHandle, ctx: RequestContext): Promise<Set<string>> {
  if (ctx.roleIds.length === 0) return new Set();
  const granted = await grantedByRoles(handle.db, ctx.tenantId, ctx.roleIds);
  // The tenant's package bounds what its roles hold, even grants made before the package changed.
  const allowed = await packageMenuIds(handle.db, ctx.tenantId);
  return new Set(granted.filter((id) => !allowed || allowed.has(id)));
}

/**
 * A list of ids named `name`: a JSON array (of strings or numbers, as BladeX clients send) or a comma list.
 * `allowEmpty` lets an empty list through (a grant that clears every link).
 */
export const idList = (name: string, allowEmpty = false) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null) return v;
      const items = Array.isArray(v) ? v : String(v).split(',');
      return [...new Set(items.map((x) => String(x).trim()).filter(Boolean))];
    },
    z
      .array(z.string(), { error: `缺少必要的请求参数: ${name}` })
      .refine((ids) => allowEmpty || ids.length > 0, `缺少必要的请求参数: ${name}`)
      .refine((ids) => ids.length <= 5000 && ids.every(isId), `请求参数类型错误: ${name}`),
  );

/**
 * The menus and buttons a caller may hand on (to a top menu, a role): every one for the platform administrator;
 * for anyone else those granted to their roles, with the ancestors that make them reachable, within the tenant
 * package when there is one.
 */
export async function assignableMenuIds(
  db: Executor,
  deps: AppDeps,
  ctx: RequestContext,
  menus: readonly MenuLink[],
): Promise<Set<string>> {
  if (isPlatformAdmin(ctx)) return new Set(menus.map((m) => m.id));
  const parentOf = new Map(menus.map((m) => [m.id, m.parentId]));
  const visible = withAncestors(await grantedMenuIds(deps.db, ctx), parentOf);
  const allowed = await packageMenuIds(db, ctx.tenantId);
  return allowed ? new Set([...visible].filter((id) => allowed.has(id))) : visible;
}
