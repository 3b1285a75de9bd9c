import type { EntityDefinition, RecordOf } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { TableName } from '../../db/types.js';
import type { AppDeps } from '../deps.js';
import { registerDetail } from './detail.js';
import { registerLazyList } from './lazy-list.js';
import { registerList } from './list.js';
import { registerRemove } from './remove.js';
import { registerSelect } from './select.js';
import { registerSubmit } from './submit.js';
import { crudTarget, readAccessOf } from './target.js';
import { registerTree } from './tree-route.js';
import type { CrudKit, CrudOperation, CrudOptions } from './types.js';

const FLAT_OPERATIONS: readonly CrudOperation[] = ['list', 'detail', 'submit', 'remove'];
const TREE_OPERATIONS: readonly CrudOperation[] = ['list', 'detail', 'submit', 'remove', 'tree', 'lazyList'];
const READ_OPERATIONS = new Set<CrudOperation>(['list', 'detail', 'select', 'tree', 'lazyList']);

/**
 * The CRUD kit in one call: registers an entity's routes from its contract definition, each operation one
 * building block of this folder (see README.md). Tenant entities go through TenantData, global ones through
 * GlobalData and are written by the platform administrator only. Reads need the entity's menu code, writes its
 * button codes. Answers the kit helpers for the module's own routes.
 */
export function registerCrud<E extends EntityDefinition, T extends TableName>(
  app: FastifyInstance,
  deps: AppDeps,
  entity: E,
  options: CrudOptions<E, T>,
): CrudKit<T> {
  const target = crudTarget(deps, entity, options);
  let operations = options.operations ?? (entity.tree ? TREE_OPERATIONS : FLAT_OPERATIONS);
  if (options.readOnly) operations = operations.filter((o) => READ_OPERATIONS.has(o));
  const has = (o: CrudOperation) => operations.includes(o);

  if (has('list')) registerList(app, target);
  if (has('detail')) registerDetail(app, target);
  if (has('select')) registerSelect(app, target);
  if (has('tree')) registerTree(app, target);
  if (has('lazyList')) registerLazyList(app, target);
  if (has('submit')) registerSubmit(app, target, options.submit);
  if (has('remove')) registerRemove(app, target);

  const kit: CrudKit<T> = {
    prefix: entity.api,
    table: options.table,
    rows: target.rows,
    readRows: target.readRows,
    present: target.present,
    readAccess: readAccessOf(entity),
  };
  options.routes?.(app, kit);
  return kit;
}

export type EntityRecord<E extends EntityDefinition> = RecordOf<E>;
