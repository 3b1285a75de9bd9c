import type { EntityDefinition } from '@cube/contract';
import type { TableName } from '../../db/types.js';
import type { RequestContext } from '../context.js';
import { dataScopeNarrows } from '../data-scope.js';
import type { CrudTarget } from './target.js';
import { dynamic } from './target.js';
import type { DynamicSelect } from './types.js';

export const TreeMessage = {
  hasChildren: '请先删除子节点!',
  parentMissing: '上级节点不存在',
  parentCycle: '上级节点不能选择自身或其下级',
} as const;

export interface TreeNodeRow {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
}

/** Rows as tree nodes (`id`, `parentId`, `title`, `key`, `value`), what tree pickers read. */
export async function readTreeNodes(
  filtered: DynamicSelect,
  table: string,
  tree: NonNullable<EntityDefinition['tree']>,
): Promise<TreeNodeRow[]> {
  let q = filtered.select([
    `${table}.id as id`,
    `${table}.${tree.parent} as parentId`,
    `${table}.${tree.title} as title`,
  ]);
  if (tree.sort) q = q.orderBy(`${table}.${tree.sort}`, 'asc');
  q = q.orderBy(`${table}.id`, 'asc');
  const found = (await q.execute()) as Array<{ id: string; parentId: string; title: string }>;
  return found.map((n) => ({ ...n, key: n.id, value: n.id }));
}

/** Which of `ids` have at least one live child (one query for the whole level). */
export async function parentsWithChildren(
  all: DynamicSelect,
  table: string,
  parentField: string,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found = (await all
    .select(`${table}.${parentField} as parentId`)
    .where(`${table}.${parentField}`, 'in', ids)
    .groupBy(`${table}.${parentField}`)
    .execute()) as Array<{ parentId: string }>;
  return new Set(found.map((r) => String(r.parentId)));
}

/**
 * One level of a lazy tree. Under a narrowing data scope the roots are the caller's topmost visible rows (whose
 * parent is out of scope), as the forest merge makes them for whole trees (BladeX starts a scoped user's lazy
 * tree at their own department).
 */
export async function levelOf<T extends TableName>(
  target: CrudTarget<EntityDefinition, T>,
  qb: DynamicSelect,
  ctx: RequestContext,
  parentId: string,
): Promise<DynamicSelect> {
  const { tree } = target.entity;
  const table: string = target.table;
  if (!tree) return qb;
  if (parentId === '0' && dataScopeNarrows(ctx, await target.scopeRules(ctx))) {
    const visible = dynamic(await target.readRows(target.deps.db.db, ctx)).select(`${table}.id`);
    return qb.where(`${table}.${tree.parent}`, 'not in', visible);
  }
  return qb.where(`${table}.${tree.parent}`, '=', parentId);
}
