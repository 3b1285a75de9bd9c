import type { EntityDefinition } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TableName } from '../../db/types.js';
import { contextOf } from '../access.js';
import { ok, rSchema } from '../envelope.js';
import { NotFoundError } from '../errors.js';
import { idSchema } from './params.js';
import { type CrudTarget, dynamic, readAccessOf } from './target.js';

/** `GET <prefix>/detail?id=`: one record the caller may read, or 404. */
export function registerDetail<T extends TableName>(
  app: FastifyInstance,
  target: CrudTarget<EntityDefinition, T>,
): void {
  const { entity, qualified } = target;
  const table: string = target.table;
  const handle = target.deps.db;
  app.withTypeProvider<ZodTypeProvider>().get(
    `${entity.api}/detail`,
    {
      config: { access: readAccessOf(entity) },
      schema: { querystring: z.object({ id: idSchema }).loose(), response: { 200: rSchema(entity.record) } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const row = await dynamic(await target.readRows(handle.db, ctx))
        .select(qualified)
        .where(`${table}.id`, '=', request.query.id)
        .executeTakeFirst();
      if (!row) throw new NotFoundError();
      const [shown] = await target.present([row]);
      return ok(shown as Record<string, unknown>);
    },
  );
}
