import type { EntityDefinition } from '@cube/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TableName } from '../../db/types.js';
import { contextOf, requirePermission } from '../access.js';
import { now } from '../dates.js';
import { ok, rSchema } from '../envelope.js';
import { NotFoundError } from '../errors.js';
import { recordOperation } from '../operation-log.js';
import { optionalIdSchema } from './params.js';
import { placeInTree } from './placement.js';
import { type CrudTarget, dynamic, scopedUpdate, writeAccessOf } from './target.js';
import type { SaveEvent, SubmitRouteOptions } from './types.js';
import { insertEntity, updateEntity, withoutServerFields } from './write.js';

/**
 * `POST <prefix>/submit`: creates the row when the body has no id, updates it otherwise. The route admits readers
 * of the page (platform only for global data); the add or edit code is checked once the body says which of the
 * two this is. The save runs in one transaction: `beforeValidate` hooks, the row must exist in scope (update),
 * a tree row's parent must exist and not lie below it, `beforeSave` hooks, then {@link insertEntity} or
 * {@link updateEntity} (unique keys, audit stamp) and `afterSave` hooks; `afterCommit` hooks run once it is
 * committed. The answer is `{ id }` plus the text fields hooks put in `event.answer`. Every committed save is
 * recorded in the operation log with the fields it changed (`platform/operation-log.ts`).
 */
export function registerSubmit<T extends TableName>(
  app: FastifyInstance,
  target: CrudTarget<EntityDefinition, T>,
  route: SubmitRouteOptions = {},
): void {
  const { entity } = target;
  const table: string = target.table;
  const handle = target.deps.db;
  const hooks = target.options.hooks ?? {};
  const inputKeys = Object.keys(entity.input.shape);
  const body = entity.input.extend({ id: optionalIdSchema, ...route.extraBody });
  app.withTypeProvider<ZodTypeProvider>().post(
    `${entity.api}/submit`,
    {
      config: { access: writeAccessOf(entity, entity.permissions.read) },
      schema: {
        ...(route.summary ? { summary: route.summary } : {}),
        body,
        response: { 200: rSchema(route.answer ?? z.object({ id: z.string() }).catchall(z.string())) },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const { id, ...fields } = request.body as { id?: string } & Record<string, unknown>;
      const code = id ? entity.permissions.edit : entity.permissions.add;
      if (code) await requirePermission(handle, ctx, code);
      const values = withoutServerFields(
        Object.fromEntries(Object.entries(fields).filter(([key]) => inputKeys.includes(key))),
      );
      const at = now();
      let event: SaveEvent<T> | undefined;
      const savedId = await handle.db.transaction().execute(async (trx) => {
        const rows = () => target.rows(trx, ctx);
        const saving: SaveEvent<T> = {
          ctx,
          trx,
          id,
          values,
          body: fields,
          columns: {},
          rows,
          log: request.log,
        };
        event = saving;
        for (const hook of hooks.beforeValidate ?? []) await hook(saving);
        if (id) {
          saving.current = await dynamic(rows())
            .select(target.qualified)
            .where(`${table}.id`, '=', id)
            .executeTakeFirst();
          if (!saving.current) throw new NotFoundError();
        }
        if (entity.tree)
          await placeInTree(
            () => dynamic(rows()),
            () => scopedUpdate(entity, target.table, trx, ctx),
            table,
            entity.tree,
            id,
            values,
          );
        for (const hook of hooks.beforeSave ?? []) await hook(saving);
        const write = { table: target.table, rows, columns: saving.columns, at };
        if (id) await updateEntity(trx, ctx, entity, id, saving.values, write);
        saving.savedId =
          id ??
          (route.insert
            ? await route.insert(saving as unknown as SaveEvent)
            : await insertEntity(trx, ctx, entity, saving.values, write));
        for (const hook of hooks.afterSave ?? []) await hook(saving);
        return saving.savedId;
      });
      const saved = event as SaveEvent<T>;
      recordSave(target, request, saved);
      for (const hook of hooks.afterCommit ?? []) await hook(saved);
      return ok({ ...saved.answer, id: savedId });
    },
  );
}

/** The operation-log row of a committed save: created, changed, or published (a save that turns `isPublish` on). */
function recordSave<T extends TableName>(
  target: CrudTarget<EntityDefinition, T>,
  request: FastifyRequest,
  saved: SaveEvent<T>,
): void {
  const after = { ...saved.values, ...saved.columns };
  const published = Number(after.isPublish) === 1 && Number(saved.current?.isPublish ?? 0) !== 1;
  recordOperation(target.deps.audit, request, {
    module: target.entity.permissions.read,
    action: published ? 'publish' : saved.current ? 'update' : 'create',
    ids: [saved.savedId ?? ''],
    before: saved.current ?? null,
    after,
  });
}
