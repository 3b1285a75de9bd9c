import { patentApplicationEntity } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../platform/access.js';
import { type CrudKit, dynamic, idSchema, type SaveEvent } from '../../platform/crud/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { ok, rSchema } from '../../platform/envelope.js';
import { NotFoundError } from '../../platform/errors.js';
import { handlesCaseStep } from './case.queries.js';

/**
 * `GET detail?id=` of a case: a case in the caller's data scope, or one whose open process step the caller handles
 * (assigned, or offered to them or their role), so the handle page can show the case to whoever works the step.
 */
export function registerCaseDetail(
  app: FastifyInstance,
  deps: AppDeps,
  crud: CrudKit<'patApplication'>,
): void {
  const db = deps.db.db;
  const computed = new Set(['companyName', 'agentName']);
  const columns = Object.keys(patentApplicationEntity.record.shape)
    .filter((key) => !computed.has(key))
    .map((key) => `patApplication.${key}`);
  app.withTypeProvider<ZodTypeProvider>().get(
    `${crud.prefix}/detail`,
    {
      config: { access: crud.readAccess },
      schema: {
        querystring: z.object({ id: idSchema }).loose(),
        response: { 200: rSchema(patentApplicationEntity.record) },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const id = request.query.id;
      const byId = async (rows: ReturnType<typeof crud.rows>) =>
        dynamic(rows).select(columns).where('patApplication.id', '=', id).executeTakeFirst();
      const row =
        (await byId(await crud.readRows(db, ctx))) ??
        ((await handlesCaseStep(db, ctx, id)) ? await byId(crud.rows(db, ctx)) : undefined);
      if (!row) throw new NotFoundError();
      const [shown] = await crud.present([row]);
      return ok(shown as z.output<typeof patentApplicationEntity.record>);
    },
  );
}

/**
 * A `beforeSave` hook of the case: an edit stays within the caller's data scope (an agent edits the cases they can
 * read, not another agent's by its id). `kit` is read when the hook runs, after the kit is registered.
 */
export const editsReadableCase =
  (kit: () => CrudKit<'patApplication'>) =>
  async ({ ctx, trx, id }: SaveEvent<'patApplication'>): Promise<void> => {
    if (!id) return;
    const found = await dynamic(await kit().readRows(trx, ctx))
      .select('patApplication.id')
      .where('patApplication.id', '=', id)
      .executeTakeFirst();
    if (!found) throw new NotFoundError();
  };
