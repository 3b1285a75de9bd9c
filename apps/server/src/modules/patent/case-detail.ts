import { patentApplicationEntity } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf, hasPermission } from '../../platform/access.js';
import { type CrudKit, dynamic, idSchema, type SaveEvent } from '../../platform/crud/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { ok, rSchema } from '../../platform/envelope.js';
import { ForbiddenError, NotFoundError } from '../../platform/errors.js';
import { handlesStepOn } from '../flow/queries/participation.queries.js';
import { CASE_TABLE } from './flow-binding.js';

/**
 * `GET detail?id=` of a case: for holders of the case screen, a case in their data scope; for anyone, a case whose
 * open process step they handle (assigned, or offered to them or their role) — the handle page shows the case to
 * whoever works the step, whatever their case grants, and only while the step is theirs. Others are refused:
 * 403 without the screen's grant, 404 for a case outside their scope.
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
      // Signed-in callers: the grant is checked below, because a step's handler may read without it.
      config: { access: access.authenticated },
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
      const granted = await hasPermission(deps.db, ctx, patentApplicationEntity.permissions.read);
      const row =
        (granted ? await byId(await crud.readRows(db, ctx)) : undefined) ??
        ((await handlesStepOn(db, ctx, CASE_TABLE, id)) ? await byId(crud.rows(db, ctx)) : undefined);
      if (!row) throw granted ? new NotFoundError() : new ForbiddenError();
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
