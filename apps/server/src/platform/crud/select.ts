import type { EntityDefinition } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { TableName } from '../../db/types.js';
import { access, contextOf } from '../access.js';
import { ok } from '../envelope.js';
import { type CrudTarget, dynamic } from './target.js';

/**
 * `GET <prefix>/select`: every row a picker offers (the `selectColumns`, by default `id` with the tree's parent
 * and title, or every column), in the default order. Open to any signed-in user: pickers sit on other screens.
 */
export function registerSelect<T extends TableName>(
  app: FastifyInstance,
  target: CrudTarget<EntityDefinition, T>,
): void {
  const { entity } = target;
  const table: string = target.table;
  const tree = entity.tree;
  const pick: readonly string[] =
    target.options.selectColumns ?? (tree ? ['id', tree.parent, tree.title] : target.columns);
  app.get(`${entity.api}/select`, { config: { access: access.authenticated } }, async (request) => {
    const ctx = contextOf(request);
    let q = dynamic(await target.readRows(target.deps.db.db, ctx)).select(pick.map((c) => `${table}.${c}`));
    for (const o of entity.defaultOrder) q = q.orderBy(`${table}.${o.field}`, o.direction);
    return ok(await target.present(await q.execute()));
  });
}
