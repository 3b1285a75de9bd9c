import { DICT_ROOT_KEY, dictBizEntity, dictEntity, pageSchema } from '@cube/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TableName } from '../../../db/types.js';
import { access, contextOf } from '../../../platform/access.js';
import type { RequestContext } from '../../../platform/context.js';
import { dynamic, mergeForest, readPage, registerCrud } from '../../../platform/crud/index.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { ok, rSchema } from '../../../platform/envelope.js';
import { BizError } from '../../../platform/errors.js';
import { isId } from '../../../platform/ids.js';
import { applyFilters, parseListQuery } from '../../../platform/list-query.js';
import { DictionaryCache, type DictionaryKind } from './cache.js';
import { renameItemsCode } from './dict.queries.js';

/** A dictionary item as `dictionary?code=` answers it; sealed items are left out. */
export const dictItemSchema = z.object({
  id: z.string(),
  parentId: z.string(),
  code: z.string(),
  dictKey: z.string(),
  dictValue: z.string(),
  sort: z.number(),
  remark: z.string(),
});

type DictItem = z.output<typeof dictItemSchema>;

const codeQuery = z.object({
  code: z
    .string({ error: '缺少必要的请求参数: code' })
    .trim()
    .min(1, '缺少必要的请求参数: code')
    .max(100)
    .regex(/^[A-Za-z0-9_.-]+$/, '请求参数类型错误: code'),
});

const ITEM_COLUMNS = ['id', 'parentId', 'code', 'dictKey', 'dictValue', 'sort', 'remark'] as const;

export const DictMessage = {
  rootCodeChanged: '字典编号已被其他字典使用',
} as const;

interface Variant {
  kind: DictionaryKind;
  entity: typeof dictEntity | typeof dictBizEntity;
  table: Extract<TableName, 'cubeDict' | 'cubeDictBiz'>;
}

const VARIANTS: readonly Variant[] = [
  { kind: 'dict', entity: dictEntity, table: 'cubeDict' },
  { kind: 'dictBiz', entity: dictBizEntity, table: 'cubeDictBiz' },
];

/**
 * The system dictionary (platform-wide, written by the platform administrator) and the business dictionary (per
 * tenant), with the same endpoints: the CRUD kit's `list` (VO tree), `detail`, `submit`, `remove`,
 * `tree`, plus BladeX's master–detail pair `parent-list` (paged roots) and `child-list` (the items of one root as a
 * tree), `parent-tree`, and the lookups `dictionary` / `dictionary-tree` that every select uses, served from the
 * per-instance {@link DictionaryCache}.
 */
export const dictModule = defineModule('system/dict', async (app: FastifyInstance, deps: AppDeps) => {
  const cache = new DictionaryCache(deps.db, deps.store, { log: app.log });
  for (const variant of VARIANTS) registerDictionary(app, deps, variant, cache);
  deps.caches.register('dictionary', () => cache.clear());
  await cache.start();
  app.addHook('onClose', () => cache.stop());
});

function registerDictionary(app: FastifyInstance, deps: AppDeps, variant: Variant, cache: DictionaryCache) {
  const { entity, table, kind } = variant;
  /** The API documentation's group name of this dictionary (platform/route-labels.ts). */
  const title = kind === 'dict' ? '系统字典' : '业务字典';
  const api = app.withTypeProvider<ZodTypeProvider>();

  registerCrud(app, deps, entity, {
    table,
    operations: ['list', 'detail', 'submit', 'remove', 'tree'],
    /**
     * The dictionary layout, kept by the server whatever a client sends: a root carries `dictKey` -1; an item
     * takes its parent's code (code and parent are not editable on a child); nothing moves to another parent on
     * edit; renaming a root's code renames its items (BladeX).
     */
    hooks: {
      beforeSave: [
        async ({ ctx, trx, id, values, rows }) => {
          let parentId = String(values.parentId ?? '0');
          if (id) {
            const current = (await rows()
              .select([`${table}.parentId as parentId`, `${table}.code as code`])
              .where(`${table}.id`, '=', id)
              .executeTakeFirstOrThrow()) as { parentId: string; code: string };
            parentId = String(current.parentId);
            values.parentId = parentId;
            if (parentId === '0' && current.code !== values.code) {
              const taken = await rows()
                .select(`${table}.id`)
                .where(`${table}.code`, '=', values.code as string)
                .where(`${table}.id`, '<>', id)
                .executeTakeFirst();
              if (taken) throw new BizError(DictMessage.rootCodeChanged);
              await renameItemsCode(trx, kind, ctx.tenantId, id, current.code, String(values.code));
            }
          }
          if (parentId === '0') {
            values.dictKey = DICT_ROOT_KEY;
            return;
          }
          const parent = (await rows()
            .select(`${table}.code as code`)
            .where(`${table}.id`, '=', parentId)
            .executeTakeFirstOrThrow()) as { code: string };
          values.code = parent.code;
        },
      ],
    },
    routes: (_app, kit) => {
      api.get(
        `${kit.prefix}/parent-list`,
        {
          config: { access: kit.readAccess },
          schema: {
            querystring: z.record(z.string(), z.unknown()),
            response: { 200: rSchema(pageSchema(entity.record)) },
          },
        },
        async (request) => {
          const ctx = contextOf(request);
          const q = parseListQuery(request.query, entity.filters);
          const roots = applyFilters(
            kit.rows(deps.db.db, ctx).where(`${table}.parentId`, '=', '0'),
            q.filters,
            deps.db.kind,
            table,
          );
          const page = await readPage(
            roots,
            {
              current: q.current,
              size: q.size,
              orders: (q.orders.length ? q.orders : entity.defaultOrder).map((o) => ({
                ...o,
                field: `${table}.${o.field}`,
              })),
            },
            (qb) => qb.selectAll(table),
          );
          return ok({
            ...page,
            records: (await kit.present(page.records as Array<Record<string, unknown>>)) as never,
          });
        },
      );

      const childQuery = z
        .object({
          parentId: z
            .string()
            .regex(/^-?\d{1,19}$/, '请求参数类型错误: parentId')
            .optional(),
        })
        .loose();
      // BladeX clients call the items both as `child-list` and by the literal `child-list_TD`: one handler.
      const childList = async (request: FastifyRequest) => {
        const ctx = contextOf(request);
        const { parentId, ...filters } = request.query as { parentId?: string } & Record<string, unknown>;
        const q = parseListQuery(filters, entity.filters);
        // BladeX: a missing parent is -1, which names no row: an empty list (so is any number no id can be).
        if (!parentId || !isId(parentId)) return ok([]);
        const root = (await kit
          .rows(deps.db.db, ctx)
          .select([`${table}.id as id`, `${table}.code as code`])
          .where(`${table}.id`, '=', parentId)
          .executeTakeFirst()) as { id: string; code: string } | undefined;
        if (!root) return ok([]);
        let items = applyFilters(
          dynamic(kit.rows(deps.db.db, ctx))
            .where(`${table}.code`, '=', root.code)
            .where(`${table}.id`, '<>', root.id),
          q.filters,
          deps.db.kind,
          table,
        );
        for (const o of q.orders.length ? q.orders : entity.defaultOrder)
          items = items.orderBy(`${table}.${o.field}`, o.direction);
        const found = await kit.present(
          (await items.selectAll(table).execute()) as Array<Record<string, unknown>>,
        );
        return ok(mergeForest(found as Array<{ id: string; parentId: string }>));
      };
      for (const path of ['child-list', 'child-list_TD'])
        api.get(
          `${kit.prefix}/${path}`,
          { config: { access: kit.readAccess }, schema: { querystring: childQuery } },
          childList,
        );

      api.get(
        `${kit.prefix}/parent-tree`,
        { config: { access: kit.readAccess }, schema: { summary: `${title}-父级树` } },
        async (request) => {
          const ctx = contextOf(request);
          const roots = (await kit
            .rows(deps.db.db, ctx)
            .select([`${table}.id as id`, `${table}.parentId as parentId`, `${table}.dictValue as title`])
            .where(`${table}.parentId`, '=', '0')
            .orderBy(`${table}.sort`)
            .orderBy(`${table}.id`)
            .execute()) as Array<{ id: string; parentId: string; title: string }>;
          return ok(mergeForest(roots.map((r) => ({ ...r, key: r.id, value: r.id }))));
        },
      );

      /** The live, unsealed items of a code (rows with a parent), in the caller's tenant for the business one. */
      const items = (ctx: RequestContext, code: string): Promise<DictItem[]> =>
        cache.get(
          kind,
          `${kind === 'dictBiz' ? ctx.tenantId : ''}\u0000${code}`,
          () =>
            dynamic(kit.rows(deps.db.db, ctx))
              .select(ITEM_COLUMNS.map((c) => `${table}.${c}`))
              .where(`${table}.code`, '=', code)
              .where(`${table}.parentId`, '<>', '0')
              .where(`${table}.isSealed`, '=', 0)
              .orderBy(`${table}.sort`)
              .orderBy(`${table}.id`)
              .execute() as Promise<DictItem[]>,
        );

      api.get(
        `${kit.prefix}/dictionary`,
        {
          config: { access: access.authenticated },
          schema: { querystring: codeQuery, response: { 200: rSchema(z.array(dictItemSchema)) } },
        },
        async (request) => ok(await items(contextOf(request), request.query.code)),
      );

      api.get(
        `${kit.prefix}/dictionary-tree`,
        {
          config: { access: access.authenticated },
          schema: { querystring: codeQuery, summary: `${title}-字典项树` },
        },
        async (request) => {
          const list = await items(contextOf(request), request.query.code);
          return ok(mergeForest(list.map((item) => ({ ...item }))));
        },
      );
    },
  });
}
