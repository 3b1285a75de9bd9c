import { userEntity } from '@cube/contract';
import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/types.js';
import type { RequestContext } from '../../platform/context.js';
import type { CountCap, CrudKit } from '../../platform/crud/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { BizError } from '../../platform/errors.js';
import { isId } from '../../platform/ids.js';
import { applyFilters, parseListQuery } from '../../platform/list-query.js';
import { deptSubtree, inDepts } from './rules.queries.js';

/** Record fields that are not columns of `cube_user` (VO names, the always-empty password). */
export const COMPUTED = [
  'password',
  'roleName',
  'deptName',
  'postName',
  'sexName',
  'userTypeName',
  'tenantName',
] as const;
export const USER_COLUMNS = Object.keys(userEntity.record.shape)
  .filter((k) => !(COMPUTED as readonly string[]).includes(k))
  .map((k) => `cubeUser.${k}`);

/**
 * The user page's total is exact up to this many users in the caller's scope and estimated beyond it, so that a page
 * costs the same at a thousand users and at a million (a full count of a million-row scope per page does not).
 */
export const USER_COUNT_CAP = 1_000;

export const userCountCap = (deps: AppDeps, cap = USER_COUNT_CAP): CountCap => ({
  cap,
  db: deps.db.db,
  kind: deps.db.kind,
  walk: 'cubeUser.id',
});

// biome-ignore lint/suspicious/noExplicitAny: the kit's row builder is generic over tables
type UserSelect = SelectQueryBuilder<any, any, object>;

/** Within the caller's data scope, `page` and the export take the list filters plus `deptId` (a department and everything below it). */
export async function filteredUsers(
  kit: CrudKit,
  deps: AppDeps,
  ctx: RequestContext,
  query: Record<string, unknown>,
): Promise<{
  rows: UserSelect;
  current: number;
  size: number;
  orders: Array<{ field: string; direction: 'asc' | 'desc' }>;
}> {
  const { deptId, tenantId: _tenantId, ...rest } = query;
  if (deptId !== undefined && deptId !== '' && !(typeof deptId === 'string' && isId(deptId)))
    throw new BizError('请求参数类型错误: deptId');
  const q = parseListQuery(rest, userEntity.filters);
  let rows = applyFilters(await kit.readRows(deps.db.db, ctx), q.filters, deps.db.kind, 'cubeUser');
  if (typeof deptId === 'string' && deptId !== '')
    rows = inDepts(
      rows as SelectQueryBuilder<Database, 'cubeUser', object>,
      ctx.tenantId,
      await deptSubtree(deps.db.db, ctx.tenantId, deptId),
    );
  const orders = (q.orders.length ? q.orders : userEntity.defaultOrder).map((o) => ({
    ...o,
    field: `cubeUser.${o.field}`,
  }));
  return { rows, current: q.current, size: q.size, orders };
}
