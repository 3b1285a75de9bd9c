import type { EntityDefinition } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { TableName } from '../../db/types.js';
import { contextOf } from '../access.js';
import { ok } from '../envelope.js';
import { type CrudTarget, dynamic, readAccessOf } from './target.js';
import { mergeForest } from './tree.js';
import { readTreeNodes } from './tree-reads.js';

/** `GET <prefix>/tree`: the readable rows as nested tree nodes (`id`, `parentId`, `title`, `key`, `value`). */
export function registerTree<T extends TableName>(
  app: FastifyInstance,
  target: CrudTarget<EntityDefinition, T>,
): void {
  const { entity } = target;
  const table: string = target.table;
  const tree = entity.tree;
  if (!tree) return;
  app.get(`${entity.api}/tree`, { config: { access: readAccessOf(entity) } }, async (request) => {
    const ctx = contextOf(request);
    const nodes = await readTreeNodes(dynamic(await target.readRows(target.deps.db.db, ctx)), table, tree);
    return ok(mergeForest(nodes));
  });
}
