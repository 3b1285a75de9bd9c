import type { EntityDefinition } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { TableName } from '../../db/types.js';
import { contextOf } from '../access.js';
import { ok, rEmpty } from '../envelope.js';
import { BizError, NotFoundError } from '../errors.js';
import { recordOperation } from '../operation-log.js';
import { DELETED_ROW, softDeleteSet } from '../rows.js';
import { idsSchema, parseOrRefuse } from './params.js';
import { type CrudTarget, dynamic, scopedUpdate, writeAccessOf } from './target.js';
import { TreeMessage } from './tree-reads.js';

/**
 * `POST <prefix>/remove?ids=`: marks the rows deleted (they stay, with who removed them and when), all or
 * nothing. One id the caller cannot see rejects the whole request; a tree row with a live child is refused.
 * `afterRemove` hooks run inside the transaction, so a hook's refusal leaves every row in place. Each removed row
 * is recorded in the operation log with its values once the removal commits.
 */
export function registerRemove<T extends TableName>(
  app: FastifyInstance,
  target: CrudTarget<EntityDefinition, T>,
): void {
  const { entity } = target;
  const table: string = target.table;
  const tree = entity.tree;
  const hooks = target.options.hooks?.afterRemove ?? [];
  app.post(
    `${entity.api}/remove`,
    // `ids` comes from the query string or a form/JSON body, so it is parsed in the handler.
    {
      config: { access: writeAccessOf(entity, entity.permissions.remove) },
      schema: { response: { 200: rEmpty } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const query = request.query as Record<string, unknown> | undefined;
      const body = request.body as Record<string, unknown> | null | undefined;
      const raw = query?.ids ?? (body && typeof body === 'object' ? body.ids : undefined);
      const ids = parseOrRefuse(idsSchema, raw);
      const removed = await target.deps.db.db.transaction().execute(async (trx) => {
        const rows = () => target.rows(trx, ctx);
        const found: Array<Record<string, unknown>> = await dynamic(rows())
          .select(target.qualified)
          .where(`${table}.id`, 'in', ids)
          .execute();
        if (found.length !== ids.length) throw new NotFoundError();
        if (tree) {
          const child = await dynamic(rows())
            .select(`${table}.id`)
            .where(`${table}.${tree.parent}`, 'in', ids)
            .where(`${table}.id`, 'not in', ids)
            .executeTakeFirst();
          if (child) throw new BizError(TreeMessage.hasChildren);
        }
        await scopedUpdate(entity, target.table, trx, ctx)
          .set(entity.audit ? softDeleteSet(ctx) : { isDeleted: DELETED_ROW })
          .where('id', 'in', ids)
          .execute();
        for (const hook of hooks) await hook({ ctx, trx, ids, rows });
        return found;
      });
      for (const row of removed)
        recordOperation(target.deps.audit, request, {
          module: entity.permissions.read,
          action: 'remove',
          ids: [String(row.id)],
          before: row,
          after: null,
        });
      return ok({});
    },
  );
}
