import type { EntityDefinition } from '@cube/contract';
import { pageSchema } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TableName } from '../../db/types.js';
import { contextOf } from '../access.js';
import { ok, rSchema } from '../envelope.js';
import { applyFilters, parseListQuery } from '../list-query.js';
import { readPage } from './paging.js';
import { type CrudTarget, dynamic, readAccessOf } from './target.js';
import { mergeForest } from './tree.js';

/**
 * `GET <prefix>/list`: a page of records filtered and ordered by the query (the entity's `filters` only); a tree
 * entity lists the whole matching forest instead, a match whose parent did not match becoming a root.
 */
export function registerList<T extends TableName>(
  app: FastifyInstance,
  target: CrudTarget<EntityDefinition, T>,
): void {
  const { entity, qualified } = target;
  const table: string = target.table;
  const handle = target.deps.db;
  const tree = entity.tree;
  app.withTypeProvider<ZodTypeProvider>().get(
    `${entity.api}/list`,
    {
      config: { access: readAccessOf(entity) },
      schema: {
        querystring: z.record(z.string(), z.unknown()),
        response: { 200: rSchema(tree ? z.array(z.unknown()) : pageSchema(entity.record)) },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const q = parseListQuery(request.query, entity.filters);
      const filtered = applyFilters(
        dynamic(await target.readRows(handle.db, ctx)),
        q.filters,
        handle.kind,
        table,
      );
      const orders = q.orders.length ? q.orders : entity.defaultOrder;
      if (tree) {
        let ordered = filtered;
        for (const o of orders) ordered = ordered.orderBy(`${table}.${o.field}`, o.direction);
        const found = await target.present(await ordered.select(qualified).execute());
        return ok(mergeForest(found as Array<{ id: string; parentId: string }>));
      }
      const page = await readPage(
        filtered,
        {
          current: q.current,
          size: q.size,
          orders: orders.map((o) => ({ ...o, field: `${table}.${o.field}` })),
        },
        (qb) => qb.select(qualified),
      );
      return ok({ ...page, records: await target.present(page.records as object[]) });
    },
  );
}
