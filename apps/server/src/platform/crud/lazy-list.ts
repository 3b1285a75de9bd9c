import type { EntityDefinition } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TableName } from '../../db/types.js';
import { contextOf } from '../access.js';
import { ok } from '../envelope.js';
import { applyFilters, parseListQuery } from '../list-query.js';
import { type CrudTarget, dynamic, readAccessOf } from './target.js';
import { levelOf, parentsWithChildren, readTreeNodes } from './tree-reads.js';

const lazyQuery = z
  .object({
    // An empty `parentId=` (a console's search form with no parent picked) is no parent.
    parentId: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^(0|[1-9]\d{0,18})$/, '请求参数类型错误: parentId')
        .optional(),
    ),
  })
  .loose();

/**
 * `GET <prefix>/lazy-list?parentId=` (records) and `GET <prefix>/lazy-tree?parentId=` (tree nodes): one level of
 * a tree entity, each row telling whether it has children. A search without a parent looks through every level.
 */
export function registerLazyList<T extends TableName>(
  app: FastifyInstance,
  target: CrudTarget<EntityDefinition, T>,
): void {
  const { entity, qualified } = target;
  const table: string = target.table;
  const tree = entity.tree;
  if (!tree) return;
  const handle = target.deps.db;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const readAccess = readAccessOf(entity);

  api.get(
    `${entity.api}/lazy-list`,
    { config: { access: readAccess }, schema: { querystring: lazyQuery } },
    async (request) => {
      const ctx = contextOf(request);
      const { parentId, ...filters } = request.query as { parentId?: string } & Record<string, unknown>;
      const q = parseListQuery(filters, entity.filters, [tree.parent]);
      let filtered = applyFilters(
        dynamic(await target.readRows(handle.db, ctx)),
        q.filters,
        handle.kind,
        table,
      );
      if (parentId !== undefined || q.filters.length === 0)
        filtered = await levelOf(target, filtered, ctx, parentId ?? '0');
      for (const o of q.orders.length ? q.orders : entity.defaultOrder)
        filtered = filtered.orderBy(`${table}.${o.field}`, o.direction);
      const found = (await filtered.select(qualified).execute()) as Array<Record<string, unknown>>;
      const withChildren = await parentsWithChildren(
        dynamic(await target.readRows(handle.db, ctx)),
        table,
        tree.parent,
        found.map((r) => String(r.id)),
      );
      const records = await target.present(found);
      return ok(records.map((r) => ({ ...r, hasChildren: withChildren.has(String(r.id)) })));
    },
  );
  api.get(
    `${entity.api}/lazy-tree`,
    { config: { access: readAccess }, schema: { querystring: lazyQuery } },
    async (request) => {
      const ctx = contextOf(request);
      const parentId = request.query.parentId ?? '0';
      const nodes = await readTreeNodes(
        await levelOf(target, dynamic(await target.readRows(handle.db, ctx)), ctx, parentId),
        table,
        tree,
      );
      const withChildren = await parentsWithChildren(
        dynamic(await target.readRows(handle.db, ctx)),
        table,
        tree.parent,
        nodes.map((n) => n.id),
      );
      return ok(nodes.map((n) => ({ ...n, hasChildren: withChildren.has(n.id) })));
    },
  );
}
