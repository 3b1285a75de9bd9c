import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/connection.js';
import type { Database, TableName } from '../db/types.js';
import { type Access, access, contextOf, requirePermission } from './access.js';
import type { RequestContext } from './context.js';
import { now } from './dates.js';
import { ok, rSchema, toPage } from './envelope.js';
import { BizError, NotFoundError } from './errors.js';
import { isId, newId } from './ids.js';
import { applyFilters, type FieldMap, parseListQuery } from './list-query.js';
import { TenantData } from './tenant-data.js';

/**
 * The CRUD route factory (design §5): one declaration gives an entity `list` (IPage with the dynamic filters of
 * its declared fields), `detail`, `submit` (insert when no id, else update) and `remove` (comma-separated ids,
 * soft delete, all or nothing). Tenant-owned entities go through {@link TenantData}; global ones may be written
 * by the platform administrator only.
 */
export interface CrudDefinition<Input extends z.ZodObject> {
  /** e.g. `/api/cube-system/param` */
  prefix: string;
  table: TableName;
  /** `tenant`: rows belong to the caller's tenant. `global`: platform-wide rows, written by the platform only. */
  scope: 'tenant' | 'global';
  /** The record as the API returns it. */
  record: z.ZodObject;
  /** Writable fields (without id); unknown fields are dropped, so tenant, audit and status cannot be mass-assigned. */
  input: Input;
  /** Fields that list filters and sorting may name. */
  fields: FieldMap;
  defaultOrder: Array<{ field: string; direction: 'asc' | 'desc' }>;
  /** Permission codes: the page's menu code for reading, its button codes for writing. */
  permissions: { read: string; add: string; edit: string; remove: string };
  /** Fields whose combination must be unique among live rows (within the tenant for tenant entities). */
  unique?: Array<{ fields: string[]; message: string }>;
}

type Executor = Kysely<Database> | Transaction<Database>;

/** The audit columns of contract §1.8 as a record shows them; spread into each entity's record schema. */
export const auditRecordFields = {
  createUser: z.string().nullable(),
  createDept: z.string().nullable(),
  createTime: z.string(),
  updateUser: z.string().nullable(),
  updateTime: z.string(),
  status: z.number(),
  isDeleted: z.number(),
};

/** Never taken from a request body: the server writes them. */
const AUDIT_COLUMNS = Object.keys(auditRecordFields);

export const idsSchema = z
  .string({ error: '缺少必要的请求参数: ids' })
  .min(1, '缺少必要的请求参数: ids')
  .transform((s) => [
    ...new Set(
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  ])
  .refine((ids) => ids.length > 0 && ids.every(isId), '请求参数类型错误: ids');

export const idSchema = z.string({ error: '缺少必要的请求参数: id' }).refine(isId, '请求参数类型错误: id');

export function registerCrud<Input extends z.ZodObject>(
  app: FastifyInstance,
  handle: DatabaseHandle,
  def: CrudDefinition<Input>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const table = def.table;
  const platformOnly = def.scope === 'global';
  const readAccess: Access = access.permission(def.permissions.read);
  const writeAccess = (code: string): Access => access.permission(code, { platformOnly });

  // biome-ignore lint/suspicious/noExplicitAny: the factory is generic over tables; each definition's schemas type its edges
  const from = (db: Executor, ctx: RequestContext): any =>
    def.scope === 'tenant'
      ? new TenantData(db, ctx.tenantId).selectFrom(table as never)
      : // biome-ignore lint/suspicious/noExplicitAny: see above
        (db.selectFrom(table) as any).where('isDeleted', '=', 0);

  // biome-ignore lint/suspicious/noExplicitAny: see above
  const update = (db: Executor, ctx: RequestContext): any =>
    def.scope === 'tenant'
      ? new TenantData(db, ctx.tenantId).updateTable(table as never)
      : // biome-ignore lint/suspicious/noExplicitAny: see above
        (db.updateTable(table) as any).where('isDeleted', '=', 0);

  const recordList = z.object({
    records: z.array(def.record),
    total: z.number(),
    size: z.number(),
    current: z.number(),
    pages: z.number(),
  });

  api.get(
    `${def.prefix}/list`,
    {
      config: { access: readAccess },
      schema: { querystring: z.record(z.string(), z.unknown()), response: { 200: rSchema(recordList) } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const q = parseListQuery(request.query, def.fields);
      // biome-ignore lint/suspicious/noExplicitAny: see `from`
      let base: any = applyFilters(from(handle.db, ctx), q.filters, handle.kind);
      // biome-ignore lint/suspicious/noExplicitAny: see `from`
      const countRow = await base.select((eb: any) => eb.fn.countAll().as('total')).executeTakeFirst();
      const total = Number(countRow?.total ?? 0);
      for (const o of q.orders.length ? q.orders : def.defaultOrder)
        base = base.orderBy(o.field, o.direction);
      const records = await base
        .selectAll()
        .limit(q.size)
        .offset((q.current - 1) * q.size)
        .execute();
      return ok(toPage(records, total, q.current, q.size));
    },
  );

  api.get(
    `${def.prefix}/detail`,
    {
      config: { access: readAccess },
      schema: { querystring: z.object({ id: idSchema }), response: { 200: rSchema(def.record) } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const row = await from(handle.db, ctx)
        .selectAll()
        .where('id', '=', request.query.id)
        .executeTakeFirst();
      if (!row) throw new NotFoundError();
      return ok(row);
    },
  );

  const submitBody = def.input.extend({
    id: idSchema.optional().or(z.literal('').transform(() => undefined)),
  });

  api.post(
    `${def.prefix}/submit`,
    {
      // The route admits readers of the page (platform only for global data); the add or edit code is checked
      // below, once the body says which of the two this is.
      config: { access: writeAccess(def.permissions.read) },
      schema: { body: submitBody, response: { 200: rSchema(z.object({ id: z.string() })) } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const { id, ...values } = request.body as { id?: string } & Record<string, unknown>;
      await requirePermission(handle, ctx, id ? def.permissions.edit : def.permissions.add);
      for (const key of AUDIT_COLUMNS) delete values[key];
      const stamp = now();
      const savedId = await handle.db.transaction().execute(async (trx) => {
        for (const rule of def.unique ?? []) {
          let q = from(trx, ctx).select('id');
          for (const f of rule.fields) q = q.where(f, '=', values[f]);
          if (id) q = q.where('id', '<>', id);
          if (await q.executeTakeFirst()) throw new BizError(rule.message);
        }
        if (id) {
          const result = await update(trx, ctx)
            .set({ ...values, updateUser: ctx.userId, updateTime: stamp })
            .where('id', '=', id)
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) === 0) throw new NotFoundError();
          return id;
        }
        const newRowId = newId();
        const row = {
          ...values,
          id: newRowId,
          createUser: ctx.userId,
          createDept: ctx.deptId || null,
          createTime: stamp,
          updateUser: ctx.userId,
          updateTime: stamp,
          status: 1,
          isDeleted: 0,
        };
        if (def.scope === 'tenant')
          await new TenantData(trx, ctx.tenantId).insertInto(table as never, row as never).execute();
        // biome-ignore lint/suspicious/noExplicitAny: see above
        else await (trx.insertInto(table) as any).values(row).execute();
        return newRowId;
      });
      return ok({ id: savedId });
    },
  );

  api.post(
    `${def.prefix}/remove`,
    {
      config: { access: writeAccess(def.permissions.remove) },
      schema: { querystring: z.object({ ids: idsSchema }), response: { 200: rSchema(z.object({})) } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const ids = request.query.ids;
      await handle.db.transaction().execute(async (trx) => {
        const found = await from(trx, ctx).select('id').where('id', 'in', ids).execute();
        // One id the caller cannot see (another tenant's, or gone) rejects the whole request.
        if (found.length !== ids.length) throw new NotFoundError();
        await update(trx, ctx)
          .set({ isDeleted: 1, updateUser: ctx.userId, updateTime: now() })
          .where('id', 'in', ids)
          .execute();
      });
      return ok({});
    },
  );
}
