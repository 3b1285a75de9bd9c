import {
  type EntityDefinition,
  type FieldOf,
  pageSchema,
  type RecordOf,
  SERVER_WRITTEN_FIELDS,
} from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import { z } from 'zod';
import type { Database, TableName } from '../../db/types.js';
import { type Access, access, contextOf, grantsOf, requirePermission } from '../access.js';
import type { RequestContext } from '../context.js';
import { applyDataScope, type DataScopeColumns, dataScopeNarrows } from '../data-scope.js';
import { now } from '../dates.js';
import type { AppDeps } from '../deps.js';
import { ok, rEmpty, rSchema } from '../envelope.js';
import { BizError, NotFoundError } from '../errors.js';
import { GlobalData, type SoftDeletedTable } from '../global-data.js';
import { newId } from '../ids.js';
import { applyFilters, parseListQuery } from '../list-query.js';
import { TenantData } from '../tenant-data.js';
import { readPage } from './paging.js';
import { idSchema, idsSchema, optionalIdSchema, parseOrRefuse } from './params.js';
import { mergeForest } from './tree.js';

type Executor = Kysely<Database> | Transaction<Database>;
// biome-ignore lint/suspicious/noExplicitAny: the kit is generic over tables; each entity's schemas type its edges
type AnySelect = SelectQueryBuilder<any, any, object>;

/** The building blocks an entity can expose under its prefix (contract §1.8, §1.9). */
export type CrudOperation = 'list' | 'detail' | 'submit' | 'remove' | 'select' | 'tree' | 'lazyList';

const FLAT_OPERATIONS: readonly CrudOperation[] = ['list', 'detail', 'submit', 'remove'];
const TREE_OPERATIONS: readonly CrudOperation[] = ['list', 'detail', 'submit', 'remove', 'tree', 'lazyList'];
const READ_OPERATIONS = new Set<CrudOperation>(['list', 'detail', 'select', 'tree', 'lazyList']);

export const TreeMessage = {
  hasChildren: '请先删除子节点!',
  parentMissing: '上级节点不存在',
  parentCycle: '上级节点不能选择自身或其下级',
} as const;

/** What a save hook sees: the validated values (which it may change), the row id on update, the transaction. */
export interface SaveEvent {
  ctx: RequestContext;
  trx: Transaction<Database>;
  /** Absent on create. */
  id?: string;
  values: Record<string, unknown>;
  /** Reads rows of this entity in the caller's scope (tenant or global), inside the transaction. */
  rows: () => AnySelect;
  /** Text fields a hook adds to the submit answer beside `id` (e.g. a generated secret, shown this once). */
  answer?: Record<string, string>;
}

export interface RemoveEvent {
  ctx: RequestContext;
  trx: Transaction<Database>;
  ids: string[];
  rows: () => AnySelect;
}

/** Route helpers handed to `routes` so that extra endpoints share the entity's scope and paging. */
export interface CrudKit {
  prefix: string;
  /** Live rows of the entity visible to the caller (tenant, soft delete and the `where` option applied). */
  rows: (db: Executor, ctx: RequestContext) => AnySelect;
  /** `rows` narrowed by the caller's data scope for the entity's menu: what the kit's own reads use. */
  readRows: (db: Executor, ctx: RequestContext) => Promise<AnySelect>;
  /** Turns database rows into records as the API shows them (nulls to empty values, `toRecord`). */
  present: (rows: Array<Record<string, unknown>>) => Promise<Array<Record<string, unknown>>>;
  readAccess: Access;
}

export interface CrudOptions<E extends EntityDefinition> {
  table: TableName;
  /** Which routes to register; defaults to the flat four, plus `tree` and `lazyList` for tree entities. */
  operations?: readonly CrudOperation[];
  /** Only the read routes of `operations`. */
  readOnly?: boolean;
  /** Record fields that are not table columns (computed by `toRecord`); they are not selected. */
  computed?: ReadonlyArray<FieldOf<E['record']>>;
  /** A condition every read and write of this entity carries (e.g. only rows of one category). */
  where?: (qb: AnySelect, ctx: RequestContext) => AnySelect;
  /** Adds computed fields to a page of records (one call per page, so it can batch its lookups). */
  toRecord?: (
    records: Array<Record<string, unknown>>,
    db: Executor,
  ) => Promise<Array<Record<string, unknown>>> | Array<Record<string, unknown>>;
  /** Runs inside the save transaction before the write; may adjust `values` or refuse with a BizError. */
  beforeSave?: (event: SaveEvent) => Promise<void> | void;
  /** Runs inside the remove transaction after the rows are marked deleted (e.g. unlink relations). */
  afterRemove?: (event: RemoveEvent) => Promise<void> | void;
  /** `select`: the columns a picker needs (default `id` + the tree title, or every column). */
  selectColumns?: ReadonlyArray<FieldOf<E['record']>>;
  /** Extra routes under the same prefix, registered after the kit's own. */
  routes?: (app: FastifyInstance, kit: CrudKit) => void;
  /**
   * Which columns carry a row's department and its owner, for the data scopes granted on the entity's menu
   * (platform/data-scope.ts), applied to list, detail, select, tree and lazy reads of tenant entities. Entities with
   * audit columns default to `{ dept: 'createDept', creator: 'createUser' }` (BladeX's default `create_dept`); a rule
   * that needs a column the entity does not declare matches nothing.
   */
  dataScope?: DataScopeColumns;
}

/**
 * The CRUD kit (design §5): registers an entity's routes from its contract definition. Tenant entities go
 * through {@link TenantData}, global ones through {@link GlobalData} and are written by the platform
 * administrator only. Reads need the entity's menu code, writes its button codes.
 */
export function registerCrud<E extends EntityDefinition>(
  app: FastifyInstance,
  deps: AppDeps,
  entity: E,
  options: CrudOptions<E>,
): CrudKit {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const handle = deps.db;
  const table = options.table;
  const prefix = entity.api;
  const tree = entity.tree;
  const platformOnly = entity.scope === 'global';
  const readAccess: Access = access.permission(entity.permissions.read);
  const writeAccess = (code: string | undefined): Access =>
    access.permission(code ?? entity.permissions.read, { platformOnly });
  let operations = options.operations ?? (tree ? TREE_OPERATIONS : FLAT_OPERATIONS);
  if (options.readOnly) operations = operations.filter((o) => READ_OPERATIONS.has(o));
  const has = (o: CrudOperation) => operations.includes(o);

  const shape = entity.record.shape as Record<string, z.ZodType>;
  const computed = new Set<string>(options.computed ?? []);
  const columns = Object.keys(shape).filter((k) => !computed.has(k));
  const qualified = columns.map((c) => `${table}.${c}`);
  // Contract §1.2: null strings go out as "", null numbers as -1.
  const emptyValues = Object.entries(shape)
    .map(([key, schema]) => {
      const type = (schema as { def?: { type?: string } }).def?.type;
      return [key, type === 'string' ? '' : type === 'number' ? -1 : undefined] as const;
    })
    .filter(([, empty]) => empty !== undefined);

  // Global rows: anyone with the read code may read them; writes are platform-only at the route.
  const scoped = (
    db: Executor,
    ctx: RequestContext,
  ): { selectFrom(t: never): unknown; updateTable(t: never): unknown } =>
    entity.scope === 'tenant' ? new TenantData(db, ctx.tenantId) : new GlobalData(db);

  const rows = (db: Executor, ctx: RequestContext): AnySelect => {
    const base = scoped(db, ctx).selectFrom(table as never) as AnySelect;
    return options.where ? options.where(base, ctx) : base;
  };
  const scopeColumns: DataScopeColumns | undefined =
    options.dataScope ?? (entity.audit ? { dept: 'createDept', creator: 'createUser' } : undefined);
  const scopeRules = async (ctx: RequestContext) => {
    if (entity.scope !== 'tenant' || ctx.roleIds.length === 0) return undefined;
    // The access hook has loaded the grants; a context it did not build (a test, a copy) reads them from the cache.
    const grants = grantsOf(ctx) ?? (await deps.sessions.roleGrants(ctx.tenantId, ctx.roleIds));
    return grants.dataScopes.get(entity.permissions.read);
  };
  const readRows = async (db: Executor, ctx: RequestContext): Promise<AnySelect> => {
    const base = rows(db, ctx);
    const rules = await scopeRules(ctx);
    if (!rules) return base;
    return applyDataScope(base, ctx, rules, {
      table,
      tenantId: ctx.tenantId,
      columns: scopeColumns,
      filters: entity.filters as Record<string, never>,
    });
  };
  const updateRows = (db: Executor, ctx: RequestContext) =>
    // biome-ignore lint/suspicious/noExplicitAny: see AnySelect
    scoped(db, ctx).updateTable(table as never) as any;

  const present = async (list: Array<Record<string, unknown>>) => {
    for (const row of list)
      for (const [key, empty] of emptyValues)
        if (row[key] === null || row[key] === undefined) row[key] = empty;
    return options.toRecord ? await options.toRecord(list, handle.db) : list;
  };
  const kit: CrudKit = { prefix, rows, readRows, present, readAccess };

  const record = entity.record;
  const recordList = pageSchema(record);
  const filterExtras = tree ? [tree.parent] : [];

  if (has('list')) {
    api.get(
      `${prefix}/list`,
      {
        config: { access: readAccess },
        schema: {
          querystring: z.record(z.string(), z.unknown()),
          response: { 200: rSchema(tree ? z.array(z.unknown()) : recordList) },
        },
      },
      async (request) => {
        const ctx = contextOf(request);
        const q = parseListQuery(request.query, entity.filters);
        const filtered = applyFilters(await readRows(handle.db, ctx), q.filters, handle.kind, table);
        const orders = q.orders.length ? q.orders : entity.defaultOrder;
        if (tree) {
          // Tree entities list as a forest (contract §1.9): a match whose parent did not match becomes a root.
          let ordered = filtered;
          for (const o of orders) ordered = ordered.orderBy(`${table}.${o.field}`, o.direction);
          const found = await present(await ordered.select(qualified).execute());
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
        return ok({ ...page, records: await present(page.records as Array<Record<string, unknown>>) });
      },
    );
  }

  if (has('detail')) {
    api.get(
      `${prefix}/detail`,
      {
        config: { access: readAccess },
        schema: { querystring: z.object({ id: idSchema }).loose(), response: { 200: rSchema(record) } },
      },
      async (request) => {
        const ctx = contextOf(request);
        const row = await (await readRows(handle.db, ctx))
          .select(qualified)
          .where(`${table}.id`, '=', request.query.id)
          .executeTakeFirst();
        if (!row) throw new NotFoundError();
        const [shown] = await present([row as Record<string, unknown>]);
        return ok(shown as Record<string, unknown>);
      },
    );
  }

  if (has('select')) {
    const pick = options.selectColumns ?? (tree ? ['id', tree.parent, tree.title] : columns);
    api.get(`${prefix}/select`, { config: { access: access.authenticated } }, async (request) => {
      const ctx = contextOf(request);
      let q = (await readRows(handle.db, ctx)).select(pick.map((c) => `${table}.${c}`));
      for (const o of entity.defaultOrder) q = q.orderBy(`${table}.${o.field}`, o.direction);
      return ok(await present((await q.execute()) as Array<Record<string, unknown>>));
    });
  }

  if (tree && has('tree')) {
    api.get(`${prefix}/tree`, { config: { access: readAccess } }, async (request) => {
      const ctx = contextOf(request);
      const nodes = await readTreeNodes(await readRows(handle.db, ctx), table, tree);
      return ok(mergeForest(nodes));
    });
  }

  /**
   * One level of a lazy tree. Under a narrowing data scope the roots are the caller's topmost visible rows (whose
   * parent is out of scope), as the forest merge makes them for whole trees (BladeX starts a scoped user's lazy
   * tree at their own department).
   */
  const levelOf = async (qb: AnySelect, ctx: RequestContext, parentId: string): Promise<AnySelect> => {
    if (!tree) return qb;
    if (parentId === '0' && dataScopeNarrows(ctx, await scopeRules(ctx))) {
      const visible = (await readRows(handle.db, ctx)).select(`${table}.id`);
      return qb.where(`${table}.${tree.parent}`, 'not in', visible);
    }
    return qb.where(`${table}.${tree.parent}`, '=', parentId);
  };

  if (tree && has('lazyList')) {
    const lazyQuery = z
      .object({
        parentId: z
          .string()
          .regex(/^(0|[1-9]\d{0,18})$/, '请求参数类型错误: parentId')
          .optional(),
      })
      .loose();
    api.get(
      `${prefix}/lazy-list`,
      { config: { access: readAccess }, schema: { querystring: lazyQuery } },
      async (request) => {
        const ctx = contextOf(request);
        const { parentId, ...filters } = request.query as { parentId?: string } & Record<string, unknown>;
        const q = parseListQuery(filters, entity.filters, filterExtras);
        let filtered = applyFilters(await readRows(handle.db, ctx), q.filters, handle.kind, table);
        // As in the reference: a search without a parent looks through every level.
        if (parentId !== undefined || q.filters.length === 0)
          filtered = await levelOf(filtered, ctx, parentId ?? '0');
        for (const o of q.orders.length ? q.orders : entity.defaultOrder)
          filtered = filtered.orderBy(`${table}.${o.field}`, o.direction);
        const found = (await filtered.select(qualified).execute()) as Array<Record<string, unknown>>;
        const withChildren = await parentsWithChildren(
          await readRows(handle.db, ctx),
          table,
          tree.parent,
          found.map((r) => String(r.id)),
        );
        const records = await present(found);
        return ok(records.map((r) => ({ ...r, hasChildren: withChildren.has(String(r.id)) })));
      },
    );
    api.get(
      `${prefix}/lazy-tree`,
      { config: { access: readAccess }, schema: { querystring: lazyQuery } },
      async (request) => {
        const ctx = contextOf(request);
        const parentId = request.query.parentId ?? '0';
        const nodes = await readTreeNodes(
          await levelOf(await readRows(handle.db, ctx), ctx, parentId),
          table,
          tree,
        );
        const withChildren = await parentsWithChildren(
          await readRows(handle.db, ctx),
          table,
          tree.parent,
          nodes.map((n) => n.id),
        );
        return ok(nodes.map((n) => ({ ...n, hasChildren: withChildren.has(n.id) })));
      },
    );
  }

  if (has('submit')) {
    const submitBody = entity.input.extend({ id: optionalIdSchema });
    api.post(
      `${prefix}/submit`,
      {
        // The route admits readers of the page (platform only for global data); the add or edit code is checked
        // below, once the body says which of the two this is.
        config: { access: writeAccess(entity.permissions.read) },
        schema: {
          body: submitBody,
          response: { 200: rSchema(z.object({ id: z.string() }).catchall(z.string())) },
        },
      },
      async (request) => {
        const ctx = contextOf(request);
        const { id, ...values } = request.body as { id?: string } & Record<string, unknown>;
        const code = id ? entity.permissions.edit : entity.permissions.add;
        if (code) await requirePermission(handle, ctx, code);
        for (const key of SERVER_WRITTEN_FIELDS) delete values[key];
        const stamp = now();
        let answer: Record<string, string> | undefined;
        const savedId = await handle.db.transaction().execute(async (trx) => {
          const inScope = () => rows(trx, ctx);
          if (id && !(await inScope().select(`${table}.id`).where(`${table}.id`, '=', id).executeTakeFirst()))
            throw new NotFoundError();
          if (tree) await placeInTree(trx, inScope, updateRows, ctx, table, tree, id, values);
          const event: SaveEvent = { ctx, trx, id, values, rows: inScope };
          await options.beforeSave?.(event);
          answer = event.answer;
          for (const rule of entity.unique ?? []) {
            let q = inScope().select(`${table}.id`);
            for (const f of rule.fields) q = q.where(`${table}.${f}`, '=', values[f]);
            if (id) q = q.where(`${table}.id`, '<>', id);
            if (await q.executeTakeFirst()) throw new BizError(rule.message);
          }
          if (id) {
            const audit = entity.audit ? { updateUser: ctx.userId, updateTime: stamp } : {};
            await updateRows(trx, ctx)
              .set({ ...values, ...audit })
              .where('id', '=', id)
              .execute();
            return id;
          }
          const newRowId = newId();
          const row = {
            ...values,
            id: newRowId,
            ...(entity.audit
              ? {
                  createUser: ctx.userId,
                  createDept: ctx.deptId || null,
                  createTime: stamp,
                  updateUser: ctx.userId,
                  updateTime: stamp,
                  status: 1,
                }
              : {}),
            isDeleted: 0,
          };
          if (entity.scope === 'tenant')
            await new TenantData(trx, ctx.tenantId).insertInto(table as never, row as never).execute();
          else await new GlobalData(trx).insertInto(table as SoftDeletedTable, row).execute();
          return newRowId;
        });
        return ok({ ...answer, id: savedId });
      },
    );
  }

  if (has('remove')) {
    api.post(
      `${prefix}/remove`,
      // `ids` comes from the query string or a form/JSON body (contract §1.8), so it is parsed in the handler.
      { config: { access: writeAccess(entity.permissions.remove) }, schema: { response: { 200: rEmpty } } },
      async (request) => {
        const ctx = contextOf(request);
        const query = request.query as Record<string, unknown> | undefined;
        const body = request.body as Record<string, unknown> | null | undefined;
        const raw = query?.ids ?? (body && typeof body === 'object' ? body.ids : undefined);
        const ids = parseOrRefuse(idsSchema, raw);
        await handle.db.transaction().execute(async (trx) => {
          const inScope = () => rows(trx, ctx);
          const found = await inScope().select(`${table}.id`).where(`${table}.id`, 'in', ids).execute();
          // One id the caller cannot see (another tenant's, or gone) rejects the whole request.
          if (found.length !== ids.length) throw new NotFoundError();
          if (tree) {
            const child = await inScope()
              .select(`${table}.id`)
              .where(`${table}.${tree.parent}`, 'in', ids)
              .where(`${table}.id`, 'not in', ids)
              .executeTakeFirst();
            if (child) throw new BizError(TreeMessage.hasChildren);
          }
          const audit = entity.audit ? { updateUser: ctx.userId, updateTime: now() } : {};
          await updateRows(trx, ctx)
            .set({ isDeleted: 1, ...audit })
            .where('id', 'in', ids)
            .execute();
          await options.afterRemove?.({ ctx, trx, ids, rows: inScope });
        });
        return ok({});
      },
    );
  }

  options.routes?.(app, kit);
  return kit;
}

export type EntityRecord<E extends EntityDefinition> = RecordOf<E>;

interface TreeNodeRow {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
}

/** Rows as the TreeNode shape of contract §1.9 (`id`, `parentId`, `title`, `key`, `value`). */
async function readTreeNodes(
  filtered: AnySelect,
  table: string,
  tree: NonNullable<EntityDefinition['tree']>,
): Promise<TreeNodeRow[]> {
  let q = filtered.select([
    `${table}.id as id`,
    `${table}.${tree.parent} as parentId`,
    `${table}.${tree.title} as title`,
  ]);
  if (tree.sort) q = q.orderBy(`${table}.${tree.sort}`, 'asc');
  q = q.orderBy(`${table}.id`, 'asc');
  const found = (await q.execute()) as Array<{ id: string; parentId: string; title: string }>;
  return found.map((n) => ({ ...n, key: n.id, value: n.id }));
}

/** Which of `ids` have at least one live child (one query for the whole level). */
async function parentsWithChildren(
  all: AnySelect,
  table: string,
  parentField: string,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found = (await all
    .select(`${table}.${parentField} as parentId`)
    .where(`${table}.${parentField}`, 'in', ids)
    .groupBy(`${table}.${parentField}`)
    .execute()) as Array<{ parentId: string }>;
  return new Set(found.map((r) => String(r.parentId)));
}

/**
 * Checks the parent of a tree row (it must exist in scope and must not be the row itself or one of its
 * descendants) and keeps `ancestors` right: the row's own, and on a move every descendant's.
 */
async function placeInTree(
  trx: Transaction<Database>,
  inScope: () => AnySelect,
  // biome-ignore lint/suspicious/noExplicitAny: see AnySelect
  updateRows: (db: Executor, ctx: RequestContext) => any,
  ctx: RequestContext,
  table: string,
  tree: NonNullable<EntityDefinition['tree']>,
  id: string | undefined,
  values: Record<string, unknown>,
): Promise<void> {
  const parentId = String(values[tree.parent] ?? '0');
  values[tree.parent] = parentId;
  let ancestors = '0';
  if (parentId !== '0') {
    if (parentId === id) throw new BizError(TreeMessage.parentCycle);
    const parent = (await inScope()
      .select([`${table}.id as id`, ...(tree.ancestors ? [`${table}.${tree.ancestors} as ancestors`] : [])])
      .where(`${table}.id`, '=', parentId)
      .executeTakeFirst()) as { id: string; ancestors?: string } | undefined;
    if (!parent) throw new BizError(TreeMessage.parentMissing);
    if (id && (await isDescendant(inScope, table, tree.parent, parentId, id)))
      throw new BizError(TreeMessage.parentCycle);
    ancestors = `${parent.ancestors || '0'},${parentId}`;
  }
  if (!tree.ancestors) return;
  values[tree.ancestors] = ancestors;
  if (!id) return;
  const current = (await inScope()
    .select(`${table}.${tree.ancestors} as ancestors`)
    .where(`${table}.id`, '=', id)
    .executeTakeFirst()) as { ancestors: string } | undefined;
  const before = current?.ancestors || '0';
  if (before === ancestors) return;
  // Descendants carry `<before>,<id>` as a prefix of their ancestors; rewrite it to `<ancestors>,<id>`.
  const descendants = (await inScope()
    .select([`${table}.id as id`, `${table}.${tree.ancestors} as ancestors`])
    .where((eb) =>
      eb.or([
        eb(`${table}.${tree.ancestors}`, '=', `${before},${id}`),
        eb(`${table}.${tree.ancestors}`, 'like', `${before},${id},%`),
      ]),
    )
    .execute()) as Array<{ id: string; ancestors: string }>;
  for (const d of descendants) {
    await updateRows(trx, ctx)
      .set({ [tree.ancestors]: `${ancestors},${id}${d.ancestors.slice(`${before},${id}`.length)}` })
      .where('id', '=', d.id)
      .execute();
  }
}

/** Whether `candidate` lies under `id` (walks up from the candidate; trees are shallow). */
async function isDescendant(
  inScope: () => AnySelect,
  table: string,
  parentField: string,
  candidate: string,
  id: string,
): Promise<boolean> {
  let current = candidate;
  for (let depth = 0; depth < 64 && current !== '0'; depth++) {
    if (current === id) return true;
    const row = (await inScope()
      .select(`${table}.${parentField} as parentId`)
      .where(`${table}.id`, '=', current)
      .executeTakeFirst()) as { parentId: string } | undefined;
    if (!row) return false;
    current = String(row.parentId);
  }
  return current === id;
}
