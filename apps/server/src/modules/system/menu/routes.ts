import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../../db/connection.js';
import { access, contextOf } from '../../../platform/access.js';
import { isPlatformAdmin, type RequestContext } from '../../../platform/context.js';
import { mergeForest, withAncestors } from '../../../platform/crud/tree.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { ok, rSchema } from '../../../platform/envelope.js';
import { NotFoundError } from '../../../platform/errors.js';
import { isId } from '../../../platform/ids.js';
import { registerMenuAdmin } from './admin.js';
import { grantedMenuIds } from './grants.js';
import { liveMenuRoutes } from './menu.queries.js';
import { countOwnTopMenus, tenantTopMenus, topMenuSettings } from './topmenu.queries.js';

const MENU_CATEGORY = { menu: 1, button: 2 } as const;

/** Menus are platform rows; a node names the platform tenant as their owner (its `tenantId`). */
const MENU_OWNER_TENANT = '000000';

const storedFields = {
  id: z.string(),
  parentId: z.string(),
  code: z.string(),
  name: z.string(),
  alias: z.string(),
  path: z.string(),
  source: z.string(),
  sort: z.number(),
  category: z.number(),
  action: z.number(),
  isOpen: z.number(),
};
type StoredMenu = { [K in keyof typeof storedFields]: z.infer<(typeof storedFields)[K]> } & {
  roles: string;
  routeGroup: string;
  routeQuery: string;
};

/**
 * Route fields the console reads beside BladeX's MenuVO: the owner tenant, `meta` with the i18n key (the menu
 * code) and, only for a limited item, the role aliases it is limited to (the client hides it from other roles; an
 * empty list would hide it from everyone, so an unlimited item carries no `roles`), `group` (further
 * paths that select the item) and `query` (what its page opens with).
 */
const menuFields = {
  ...storedFields,
  tenantId: z.string(),
  meta: z.object({ i18n: z.string(), roles: z.array(z.string()).optional(), icon: z.string().optional() }),
  group: z.array(z.string()),
  query: z.record(z.string(), z.string()),
};
type MenuRow = { [K in keyof typeof menuFields]: z.infer<(typeof menuFields)[K]> };

const splitList = (value: string): string[] =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** A stored menu as the node the client reads. */
export function toRouteNode(row: StoredMenu): MenuRow {
  const { roles, routeGroup, routeQuery, ...menu } = row;
  const limitedTo = splitList(roles ?? '');
  return {
    ...menu,
    tenantId: MENU_OWNER_TENANT,
    meta: limitedTo.length ? { i18n: menu.code, roles: limitedTo } : { i18n: menu.code },
    group: splitList(routeGroup ?? ''),
    query: Object.fromEntries(new URLSearchParams((routeQuery ?? '').replace(/^\?/, ''))),
  };
}

/**
 * A menu's `source` as a BladeX client renders it: an image address (absolute URL or data URI) or an icon-font
 * class (`iconfont icon-…`) as stored, anything else — the names of this console's own icon set — as the
 * dialect's empty value, for which the client shows its default menu icon. The stored name travels in
 * `meta.icon`, which this console draws.
 */
export function clientIcon(node: MenuRow): MenuRow {
  const stored = node.source.trim();
  if (!stored) return node;
  if (/^(?:https?:\/\/|data:image\/)/i.test(stored) || /^iconfont\s/.test(stored)) return node;
  return { ...node, source: '', meta: { ...node.meta, icon: stored } };
}

/** The MenuVO tree node: the menu's fields, `hasChildren`, and `children` when there are any. */
export interface MenuNode extends MenuRow {
  hasChildren: boolean;
  children?: MenuNode[];
}
export const menuNodeSchema: z.ZodType<MenuNode> = z.object({
  ...menuFields,
  hasChildren: z.boolean(),
  get children(): z.ZodOptional<z.ZodArray<z.ZodType<MenuNode>>> {
    return z.array(menuNodeSchema).optional();
  },
});

export const topMenuSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  code: z.string(),
  name: z.string(),
  source: z.string(),
  path: z.string(),
  sort: z.number(),
});

/** Live menus and buttons, ordered by sort (menus are platform-wide rows; grants decide who sees which). */
async function loadLiveMenus(handle: DatabaseHandle): Promise<MenuRow[]> {
  return (await liveMenuRoutes(handle.db)).map(toRouteNode);
}

/**
 * Menus the caller may open: the platform administrator all of them, everyone else the granted ones plus their
 * ancestors, so that a granted page is reachable through its parents.
 */
async function visibleMenuIds(
  handle: DatabaseHandle,
  ctx: RequestContext,
  parentOf: Map<string, string>,
): Promise<Set<string>> {
  return isPlatformAdmin(ctx)
    ? new Set(parentOf.keys())
    : withAncestors(await grantedMenuIds(handle, ctx), parentOf);
}

/** The pages (category 1) the caller may open. */
async function visiblePages(handle: DatabaseHandle, ctx: RequestContext): Promise<Set<string>> {
  const menus = await loadLiveMenus(handle);
  const visible = await visibleMenuIds(handle, ctx, new Map(menus.map((m) => [m.id, m.parentId])));
  return new Set(
    menus.filter((m) => m.category === MENU_CATEGORY.menu && visible.has(m.id)).map((m) => m.id),
  );
}

/** Menus linked to one of the caller's tenant's top menus; another tenant's top menu is not found. */
async function topMenuLinks(
  handle: DatabaseHandle,
  ctx: RequestContext,
  topMenuId: string,
): Promise<string[]> {
  if ((await countOwnTopMenus(handle.db, ctx.tenantId, [topMenuId])) === 0) throw new NotFoundError();
  return (await topMenuSettings(handle.db, [topMenuId])).map((r) => r.menuId);
}

/**
 * What the console shell loads after sign-in: the sidebar's menu tree (`routes`), the button
 * permissions (`buttons`) and the header's top menus (`top-menu`).
 */
export const menuModule = defineModule('system/menu', (app: FastifyInstance, deps: AppDeps): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const prefix = '/api/cube-system/menu';
  registerMenuAdmin(app, deps);

  api.get(
    `${prefix}/routes`,
    {
      config: { access: access.authenticated },
      schema: {
        querystring: z.object({
          topMenuId: z
            .string()
            .optional()
            .refine((v) => !v || isId(v), '请求参数类型错误: topMenuId'),
        }),
        response: { 200: rSchema(z.array(menuNodeSchema)) },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const menus = await loadLiveMenus(deps.db);
      const parentOf = new Map(menus.map((m) => [m.id, m.parentId]));
      let visible = await visibleMenuIds(deps.db, ctx, parentOf);
      const { topMenuId } = request.query;
      if (topMenuId) {
        const linked = (await topMenuLinks(deps.db, ctx, topMenuId)).filter((id) => visible.has(id));
        visible = withAncestors(linked, parentOf);
      }
      return ok(
        mergeForest(
          menus.filter((m) => m.category === MENU_CATEGORY.menu && visible.has(m.id)).map(clientIcon),
        ),
      );
    },
  );

  api.get(
    `${prefix}/buttons`,
    {
      config: { access: access.authenticated },
      schema: { response: { 200: rSchema(z.array(menuNodeSchema)) } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const menus = await loadLiveMenus(deps.db);
      const granted = isPlatformAdmin(ctx) ? null : await grantedMenuIds(deps.db, ctx);
      const pages = menus.filter((m) => m.category === MENU_CATEGORY.menu);
      const pageIds = new Set(pages.map((m) => m.id));
      const buttons = menus.filter(
        (m) =>
          m.category === MENU_CATEGORY.button && pageIds.has(m.parentId) && (!granted || granted.has(m.id)),
      );
      // One root per page that owns granted buttons; its children are exactly those buttons, already filled, so
      // `hasChildren` stays false (a true one tells a tree table to load them lazily). The client turns the
      // leaves into its permission set.
      const owners = pages.filter((page) => buttons.some((b) => b.parentId === page.id));
      return ok(
        owners.map((page) => ({
          ...page,
          hasChildren: false,
          children: buttons.filter((b) => b.parentId === page.id).map((b) => ({ ...b, hasChildren: false })),
        })),
      );
    },
  );

  api.get(
    `${prefix}/top-menu`,
    {
      config: { access: access.authenticated },
      schema: { response: { 200: rSchema(z.array(topMenuSchema)) } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const rows = await tenantTopMenus(deps.db.db, ctx.tenantId);
      if (rows.length === 0) return ok(rows);
      // A top menu shows only while its sidebar would show something to this user: it links at least one page
      // the caller may open (granted, within the tenant's package, never the platform's own outside 000000).
      const pages = await visiblePages(deps.db, ctx);
      const links = await topMenuSettings(
        deps.db.db,
        rows.map((r) => r.id),
      );
      const shown = new Set(links.filter((l) => pages.has(String(l.menuId))).map((l) => String(l.topMenuId)));
      return ok(rows.filter((r) => shown.has(String(r.id))));
    },
  );
});
