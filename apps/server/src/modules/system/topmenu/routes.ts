import { MenuCategory, TOP_MENU_SETTING_CODE, topMenuEntity } from '@cube/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../../platform/access.js';
import { registerCrud } from '../../../platform/crud/index.js';
import { defineModule } from '../../../platform/deps.js';
import { ok, rEmpty } from '../../../platform/envelope.js';
import { BizError, NotFoundError } from '../../../platform/errors.js';
import { assignableMenuIds, idList } from '../menu/grants.js';
import { liveMenus } from '../menu/menu.queries.js';
import { countOwnTopMenus, replaceTopMenuLinks, unlinkTopMenus } from '../menu/topmenu.queries.js';

const grantBody = z.object({
  topMenuIds: idList('topMenuIds'),
  menuIds: idList('menuIds', true).optional().default([]),
});

/**
 * Top menus: the header's horizontal menu, one set per tenant (even the platform administrator
 * edits only his own tenant's, as BladeX keeps `blade_top_menu` tenant-filtered for administrators too), and
 * `grant`, which replaces the menus each chosen top menu shows in the sidebar.
 */
export const topMenuModule = defineModule('system/topmenu', (app, deps) => {
  const handle = deps.db;
  registerCrud(app, deps, topMenuEntity, {
    table: 'cubeTopMenu',
    hooks: {
      afterRemove: [
        async ({ trx, ids }) => {
          await unlinkTopMenus(trx, ids);
        },
      ],
    },
    routes: (app, kit) => {
      app.withTypeProvider<ZodTypeProvider>().post(
        `${kit.prefix}/grant`,
        {
          config: { access: access.permission(TOP_MENU_SETTING_CODE) },
          schema: { body: grantBody, response: { 200: rEmpty } },
        },
        async (request) => {
          const ctx = contextOf(request);
          const { topMenuIds, menuIds } = request.body;
          // Only pages the caller may hand on: a tenant cannot link a menu its roles or package do not reach.
          // Read before the transaction: the grant lookups go through the shared handle, which SQLite's single
          // connection could not serve while the transaction holds it.
          const menus = await liveMenus(handle.db);
          const assignable = await assignableMenuIds(handle.db, deps, ctx, menus);
          const pages = new Set(menus.filter((m) => m.category === MenuCategory.menu).map((m) => m.id));
          if (menuIds.some((id) => !pages.has(id) || !assignable.has(id)))
            throw new BizError(topMenuEntity.messages.menusInvalid);
          await handle.db.transaction().execute(async (trx) => {
            if ((await countOwnTopMenus(trx, ctx.tenantId, topMenuIds)) !== topMenuIds.length)
              throw new NotFoundError();
            await replaceTopMenuLinks(trx, topMenuIds, menuIds);
          });
          return ok({});
        },
      );
    },
  });
});
