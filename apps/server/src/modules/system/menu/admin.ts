import { MenuCategory, menuEntity, TOP_MENU_SETTING_CODE } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../../platform/access.js';
import { type RequestContext, ROLE_ADMINISTRATOR } from '../../../platform/context.js';
import { dynamic, registerCrud } from '../../../platform/crud/index.js';
import { parseOrRefuse } from '../../../platform/crud/params.js';
import { mergeForest } from '../../../platform/crud/tree.js';
import type { AppDeps } from '../../../platform/deps.js';
import { ok, rSchema } from '../../../platform/envelope.js';
import { BizError, NotFoundError } from '../../../platform/errors.js';
import { applyFilters, parseListQuery } from '../../../platform/list-query.js';
import { assignableMenuIds, idList } from './grants.js';
import {
  liveMenus,
  type MenuLink,
  menuCategory,
  menuHasChildren,
  menuNameOrCodeTaken,
  menuNames,
  menusHeldByRoles,
  unlinkMenusFromRoles,
} from './menu.queries.js';
import { countOwnTopMenus, linkedLiveMenuIds, unlinkMenusFromTopMenus } from './topmenu.queries.js';

const PLATFORM_TENANT = '000000';
const ROOT_NAME = '顶级';
/** Labels of the dictionaries `menu_category`, `button_func` and `yes_no`. */
const CATEGORY_NAMES: Record<number, string> = { 1: '菜单', 2: '按钮' };
const ACTION_NAMES: Record<number, string> = { 1: '工具栏', 2: '操作栏', 3: '工具操作栏' };
const YES_NO_NAMES: Record<number, string> = { 1: '否', 2: '是' };

const treeNodeSchema = z.object({
  id: z.string(),
  parentId: z.string(),
  title: z.string(),
  key: z.string(),
  value: z.string(),
  hasChildren: z.boolean(),
  get children() {
    return z.array(treeNodeSchema).optional();
  },
});
const keyList = z.object({ menu: z.array(z.string()) });

/** Category-1 menus as tree nodes. */
function menuTree(menus: readonly MenuLink[], shown: Set<string>) {
  return mergeForest(
    menus
      .filter((m) => m.category === MenuCategory.menu && shown.has(m.id))
      .map((m) => ({ id: m.id, parentId: m.parentId, title: m.name, key: m.id, value: m.id })),
  );
}

/**
 * Menu administration: the CRUD of the platform-wide menu and button tree — `list` / `lazy-list`
 * (all categories), `menu-list` / `lazy-menu-list` (pages only), `tree`, `detail`, `submit`, `remove` — and the
 * menu side of the top-menu grant dialog (`grant-top-tree`, `top-tree-keys`).
 */
export function registerMenuAdmin(app: FastifyInstance, deps: AppDeps): void {
  const handle = deps.db;
  registerCrud(app, deps, menuEntity, {
    table: 'cubeMenu',
    operations: ['list', 'detail', 'submit', 'remove', 'lazyList'],
    computed: ['parentName', 'categoryName', 'actionName', 'isOpenName'],
    toRecord: async (records, db) => {
      const parentIds = [...new Set(records.map((r) => String(r.parentId)).filter((id) => id !== '0'))];
      const nameOf = await menuNames(db, parentIds);
      return records.map((r) => ({
        ...r,
        parentName: String(r.parentId) === '0' ? ROOT_NAME : (nameOf.get(String(r.parentId)) ?? ''),
        categoryName: CATEGORY_NAMES[Number(r.category)] ?? '',
        actionName: ACTION_NAMES[Number(r.action)] ?? '',
        isOpenName: YES_NO_NAMES[Number(r.isOpen)] ?? '',
      }));
    },
    hooks: {
      beforeSave: [
        async ({ trx, id, values }) => {
          const { messages } = menuEntity;
          const category = Number(values.category);
          const parentId = String(values.parentId ?? '0');
          if (parentId !== '0') {
            const parentCategory = await menuCategory(trx, parentId);
            if (parentCategory !== undefined && parentCategory !== MenuCategory.menu)
              throw new BizError(messages.parentNotMenu);
          }
          if (category === MenuCategory.menu && !String(values.path ?? '').trim())
            throw new BizError(messages.pathRequired);
          if (id && category === MenuCategory.button && (await menuHasChildren(trx, id)))
            throw new BizError(messages.buttonHasChildren);
          // BladeX's rule: a code is unique among all rows, a name among the pages.
          if (await menuNameOrCodeTaken(trx, String(values.code), String(values.name), MenuCategory.menu, id))
            throw new BizError(messages.nameOrCodeExists);
        },
      ],
      afterRemove: [
        async ({ trx, ids }) => {
          // Refused while a tenant's role still holds one of them: removing it would silently change what that role
          // may open. The platform administrator's own grants do not count — that role holds every code anyway.
          if (await menusHeldByRoles(trx, ids, { tenantId: PLATFORM_TENANT, roleAlias: ROLE_ADMINISTRATOR }))
            throw new BizError(menuEntity.messages.heldByRoles);
          await unlinkMenusFromRoles(trx, ids);
          await unlinkMenusFromTopMenus(trx, ids);
        },
      ],
    },
    routes: (app, kit) => {
      const api = app.withTypeProvider<ZodTypeProvider>();
      const prefix = kit.prefix;
      const qualified = Object.keys(menuEntity.record.shape)
        .filter((k) => !['parentName', 'categoryName', 'actionName', 'isOpenName'].includes(k))
        .map((c) => `cubeMenu.${c}`);
      const pages = (ctx: RequestContext) =>
        kit.rows(handle.db, ctx).where('cubeMenu.category', '=', MenuCategory.menu);

      api.get(
        `${prefix}/menu-list`,
        { config: { access: kit.readAccess }, schema: { querystring: z.record(z.string(), z.unknown()) } },
        async (request) => {
          const ctx = contextOf(request);
          const q = parseListQuery(request.query, menuEntity.filters);
          let found = applyFilters(dynamic(pages(ctx)), q.filters, handle.kind, 'cubeMenu');
          for (const o of q.orders.length ? q.orders : menuEntity.defaultOrder)
            found = found.orderBy(`cubeMenu.${o.field}`, o.direction);
          const rows = await kit.present(await found.select(qualified).execute());
          return ok(mergeForest(rows as Array<{ id: string; parentId: string }>));
        },
      );

      api.get(
        `${prefix}/lazy-menu-list`,
        {
          config: { access: kit.readAccess },
          schema: {
            querystring: z
              .object({
                // An empty `parentId=` (what a console's search form sends) means no parent.
                parentId: z
                  .string()
                  .regex(/^(0|[1-9]\d{0,18})?$/, '请求参数类型错误: parentId')
                  .optional(),
              })
              .loose(),
          },
        },
        async (request) => {
          const ctx = contextOf(request);
          const { parentId: rawParent, ...filters } = request.query as { parentId?: string } & Record<
            string,
            unknown
          >;
          const parentId = rawParent || undefined;
          const q = parseListQuery(filters, menuEntity.filters);
          let found = applyFilters(dynamic(pages(ctx)), q.filters, handle.kind, 'cubeMenu');
          // As lazy-list: a search without a parent looks through every level.
          if (parentId !== undefined || q.filters.length === 0)
            found = found.where('cubeMenu.parentId', '=', parentId ?? '0');
          for (const o of q.orders.length ? q.orders : menuEntity.defaultOrder)
            found = found.orderBy(`cubeMenu.${o.field}`, o.direction);
          const rows = (await found.select(qualified).execute()) as Array<Record<string, unknown>>;
          const ids = rows.map((r) => String(r.id));
          const parents = ids.length
            ? ((await pages(ctx)
                .select('cubeMenu.parentId as parentId')
                .where('cubeMenu.parentId', 'in', ids)
                .groupBy('cubeMenu.parentId')
                .execute()) as Array<{ parentId: string }>)
            : [];
          const withChildren = new Set(parents.map((p) => String(p.parentId)));
          const records = await kit.present(rows);
          return ok(records.map((r) => ({ ...r, hasChildren: withChildren.has(String(r.id)) })));
        },
      );

      // Any signed-in user, but only over the menus the caller may see or hand on.
      api.get(
        `${prefix}/tree`,
        {
          config: { access: access.authenticated },
          schema: {
            querystring: z.object({ tenantId: z.string().optional() }).loose(),
            response: { 200: rSchema(z.array(treeNodeSchema)) },
          },
        },
        async (request) => {
          const ctx = contextOf(request);
          const menus = await liveMenus(handle.db);
          return ok(menuTree(menus, await assignableMenuIds(handle.db, deps, ctx, menus)));
        },
      );

      api.get(
        `${prefix}/grant-top-tree`,
        {
          config: { access: access.permission(TOP_MENU_SETTING_CODE) },
          schema: { response: { 200: rSchema(z.object({ menu: z.array(treeNodeSchema) })) } },
        },
        async (request) => {
          const ctx = contextOf(request);
          const menus = await liveMenus(handle.db);
          return ok({ menu: menuTree(menus, await assignableMenuIds(handle.db, deps, ctx, menus)) });
        },
      );

      api.get(
        `${prefix}/top-tree-keys`,
        {
          config: { access: access.permission(TOP_MENU_SETTING_CODE) },
          schema: { response: { 200: rSchema(keyList) } },
        },
        async (request) => {
          const ctx = contextOf(request);
          const ids = parseOrRefuse(
            idList('topMenuIds'),
            (request.query as Record<string, unknown>).topMenuIds,
          );
          if ((await countOwnTopMenus(handle.db, ctx.tenantId, ids)) !== ids.length)
            throw new NotFoundError();
          return ok({ menu: await linkedLiveMenuIds(handle.db, ids) });
        },
      );
    },
  });
}
