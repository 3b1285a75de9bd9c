import { menuEntity, topMenuEntity } from '@cube/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects, type TestApp } from '../../../../test/helpers.js';
import { withPlatformScope } from '../../../db/row-scope.js';
import { newId } from '../../../platform/ids.js';
import { CONSOLE_ID } from '../../../seed/console-data.js';
import { ID } from '../../../seed/demo-data.js';
import { WORK_MENUS } from '../../../seed/flow.js';
import { MENUS_ID } from '../../../seed/menus.js';
import { PATENT_MENUS } from '../../../seed/patent.js';

const MENU = '/api/cube-system/menu';
const TOP = '/api/cube-system/topmenu';
const SYSTEM_MENU = '1123598815738675201';
const PARAM_MENU = '1123598815738675210';
const PARAM_ADD = '1123598815738675211';

interface TreeNode {
  id: string;
  title: string;
  children?: TreeNode[];
}
const ids = (nodes: TreeNode[] | undefined): string[] =>
  (nodes ?? []).flatMap((n) => [n.id, ...ids(n.children)]);

describe.each(dialects)('menus and top menus on %s', (dialect) => {
  let t: TestApp;
  let platformAdmin: string;
  let tenantAdmin: string;
  let tenantUser: string;
  const stamp = Date.now();
  let n = 0;
  const newMenu = async (extra: Record<string, unknown> = {}) => {
    n++;
    const res = await t.call('POST', `${MENU}/submit`, platformAdmin, {
      parentId: '0',
      name: `行为测试菜单${n}-${stamp}`,
      code: `behaviour_${n}_${stamp}`,
      path: `/behaviour/${n}`,
      category: 1,
      sort: 50 + n,
      ...extra,
    });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
    return res.body.data.id as string;
  };
  const live = async (id: string) =>
    (
      await withPlatformScope(() =>
        t.deps.db.db
          .selectFrom('cubeMenu')
          .select('isDeleted')
          .where('id', '=', id)
          .executeTakeFirstOrThrow(),
      )
    ).isDeleted === 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    platformAdmin = (await t.token(DEMO.platformAdmin)).access_token;
    tenantAdmin = (await t.token(DEMO.tenantAdmin)).access_token;
    tenantUser = (await t.token(DEMO.tenantUser)).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses to remove a menu with children, and one a tenant role holds, changing nothing', async () => {
    const withChildren = await t.call('POST', `${MENU}/remove?ids=${SYSTEM_MENU}`, platformAdmin);
    expect(withChildren.body).toMatchObject({ code: 400, success: false, msg: '请先删除子节点!' });
    expect(await live(SYSTEM_MENU)).toBe(true);

    const held = await newMenu();
    const grantId = newId();
    await withPlatformScope(() =>
      t.deps.db.db
        .insertInto('cubeRoleMenu')
        .values({ id: grantId, roleId: ID.roleDemoUser, menuId: held })
        .execute(),
    );
    const refused = await t.call('POST', `${MENU}/remove?ids=${held}`, platformAdmin);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatchObject({ code: 400, msg: menuEntity.messages.heldByRoles });
    expect(await live(held)).toBe(true);
    // Several ids: one held refuses them all.
    const free = await newMenu();
    expect((await t.call('POST', `${MENU}/remove?ids=${free},${held}`, platformAdmin)).statusCode).toBe(400);
    expect(await live(free)).toBe(true);

    await withPlatformScope(() =>
      t.deps.db.db.deleteFrom('cubeRoleMenu').where('id', '=', grantId).execute(),
    );
    // The platform administrator's own grant does not hold a menu; it goes with the menu, as do top-menu links.
    await withPlatformScope(async () => {
      await t.deps.db.db
        .insertInto('cubeRoleMenu')
        .values({ id: newId(), roleId: ID.rolePlatformAdministrator, menuId: held })
        .execute();
      await t.deps.db.db
        .insertInto('cubeTopMenuSetting')
        .values({ id: newId(), topMenuId: CONSOLE_ID.topMenuPlatformSystem, menuId: held })
        .execute();
    });
    const removed = await t.call('POST', `${MENU}/remove?ids=${held},${free}`, platformAdmin);
    expect(removed.body).toMatchObject({ code: 200 });
    expect(await live(held)).toBe(false);
    const links = await withPlatformScope(async () => [
      ...(await t.deps.db.db.selectFrom('cubeRoleMenu').select('id').where('menuId', '=', held).execute()),
      ...(await t.deps.db.db
        .selectFrom('cubeTopMenuSetting')
        .select('id')
        .where('menuId', '=', held)
        .execute()),
    ]);
    expect(links).toEqual([]);
  });

  it('refuses a tenant administrator any menu write', async () => {
    const body = {
      parentId: '0',
      name: '租户菜单',
      code: `tenant_${stamp}`,
      path: '/x',
      category: 1,
      sort: 1,
    };
    expect((await t.call('POST', `${MENU}/submit`, tenantAdmin, body)).statusCode).toBe(403);
    expect((await t.call('POST', `${MENU}/remove?ids=${PARAM_MENU}`, tenantAdmin)).statusCode).toBe(403);
    expect(await live(PARAM_MENU)).toBe(true);
  });

  it('answers MenuVO helper fields, pages only in menu-list, and hasChildren by category in the lazy lists', async () => {
    const detail = await t.call('GET', `${MENU}/detail?id=${PARAM_MENU}`, platformAdmin);
    expect(detail.body.data).toMatchObject({
      id: PARAM_MENU,
      parentId: SYSTEM_MENU,
      parentName: '系统管理',
      categoryName: '菜单',
      isOpenName: '否',
    });
    const root = await t.call('GET', `${MENU}/detail?id=${SYSTEM_MENU}`, platformAdmin);
    expect(root.body.data.parentName).toBe('顶级');

    const all = await t.call('GET', `${MENU}/list?code=param`, platformAdmin);
    const param = (all.body.data as Array<{ code: string; children?: Array<{ category: number }> }>).find(
      (m) => m.code === 'param',
    );
    expect(param?.children?.map((c) => c.category)).toContain(2);
    const pages = await t.call('GET', `${MENU}/menu-list`, platformAdmin);
    const flat = (nodes: Array<{ category: number; children?: unknown[] }>): number[] =>
      nodes.flatMap((m) => [m.category, ...flat((m.children ?? []) as never)]);
    expect(new Set(flat(pages.body.data))).toEqual(new Set([1]));

    const lazyAll = await t.call('GET', `${MENU}/lazy-list?parentId=${SYSTEM_MENU}`, platformAdmin);
    expect(lazyAll.body.data.find((m: { id: string }) => m.id === PARAM_MENU)).toMatchObject({
      hasChildren: true,
    });
    const lazyPages = await t.call('GET', `${MENU}/lazy-menu-list?parentId=${SYSTEM_MENU}`, platformAdmin);
    const lazyParam = lazyPages.body.data.find((m: { id: string }) => m.id === PARAM_MENU);
    expect(lazyParam).toMatchObject({ hasChildren: false, parentName: '系统管理' });
    expect(lazyPages.body.data.every((m: { category: number }) => m.category === 1)).toBe(true);
    // A search without a parent looks through every level.
    const search = await t.call('GET', `${MENU}/lazy-menu-list?code=param`, platformAdmin);
    expect(search.body.data.map((m: { id: string }) => m.id)).toEqual([PARAM_MENU]);
    expect((await t.call('GET', `${MENU}/lazy-menu-list?parentId=x`, platformAdmin)).statusCode).toBe(400);
    // An empty `parentId=` (a console's data-scope search) means no parent: the top level, as without it.
    const emptyParent = await t.call('GET', `${MENU}/lazy-menu-list?parentId=`, platformAdmin);
    expect(emptyParent.statusCode).toBe(200);
    const topLevel = await t.call('GET', `${MENU}/lazy-menu-list`, platformAdmin);
    expect(emptyParent.body.data.map((m: { id: string }) => m.id)).toEqual(
      topLevel.body.data.map((m: { id: string }) => m.id),
    );
    expect((await t.call('GET', `${MENU}/menu-list`, tenantUser)).statusCode).toBe(403);
  });

  it('gives routes nodes tenantId, meta (i18n, roles when limited), group and query, and makes an edit show at once', async () => {
    const before = await t.call('GET', `${MENU}/routes`, platformAdmin);
    const system = before.body.data.find((m: { id: string }) => m.id === SYSTEM_MENU);
    expect(system).toMatchObject({
      tenantId: '000000',
      group: [],
      query: {},
    });
    // An unlimited item carries no `roles`: an empty list would hide it in a BladeX console.
    expect(system.meta).not.toHaveProperty('roles');
    expect(system.meta).toMatchObject({ i18n: 'system' });
    const id = await newMenu({
      roles: 'admin, user',
      routeGroup: '/a/index, /b/index',
      routeQuery: 'tab=1&x=y',
    });
    const after = await t.call('GET', `${MENU}/routes`, platformAdmin);
    const node = after.body.data.find((m: { id: string }) => m.id === id);
    expect(node).toMatchObject({
      meta: { i18n: `behaviour_${n}_${stamp}`, roles: ['admin', 'user'] },
      group: ['/a/index', '/b/index'],
      query: { tab: '1', x: 'y' },
    });
    // Renamed: the next routes call (any session, no restart) shows the new name.
    const detail = (await t.call('GET', `${MENU}/detail?id=${id}`, platformAdmin)).body.data;
    expect(
      (await t.call('POST', `${MENU}/submit`, platformAdmin, { ...detail, name: `改名${stamp}` })).body.code,
    ).toBe(200);
    const renamed = await t.call('GET', `${MENU}/routes`, platformAdmin);
    expect(renamed.body.data.find((m: { id: string }) => m.id === id).name).toBe(`改名${stamp}`);
    expect((await t.call('POST', `${MENU}/remove?ids=${id}`, platformAdmin)).body.code).toBe(200);
  });

  it('answers grant-top-tree with the pages the caller may hand on, without buttons', async () => {
    const platform = await t.call('GET', `${MENU}/grant-top-tree`, platformAdmin);
    const all = ids(platform.body.data.menu);
    expect(all).toEqual(
      expect.arrayContaining([SYSTEM_MENU, PARAM_MENU, MENUS_ID.menuMenu, MENUS_ID.menuTopMenu]),
    );
    expect(all).not.toContain(PARAM_ADD);
    expect(platform.body.data.menu[0]).toMatchObject({
      key: platform.body.data.menu[0].id,
      title: expect.any(String),
    });

    const tenant = await t.call('GET', `${MENU}/grant-top-tree`, tenantAdmin);
    const own = ids(tenant.body.data.menu);
    expect(own).toEqual(expect.arrayContaining([CONSOLE_ID.menuDesk, MENUS_ID.menuTopMenu, SYSTEM_MENU]));
    expect(own).not.toContain(MENUS_ID.menuMenu);
    expect(own).not.toContain(PARAM_MENU);
    expect((await t.call('GET', `${MENU}/grant-top-tree`, tenantUser)).statusCode).toBe(403);

    // A plain user (the agency's clerk) sees exactly the pages granted to them: 我的事务 and the patent pages of
    // the clerk's work, nothing of the console.
    const tree = await t.call('GET', `${MENU}/tree`, tenantUser);
    expect(tree.statusCode).toBe(200);
    const seen = ids(tree.body.data);
    const pages = (menus: typeof WORK_MENUS) => menus.filter((m) => m.category === 1).map((m) => m.id);
    expect(seen).toEqual(expect.arrayContaining(pages(WORK_MENUS)));
    const allowed = new Set([...pages(WORK_MENUS), ...pages(PATENT_MENUS)]);
    expect(seen.filter((id: string) => !allowed.has(id))).toEqual([]);
  });

  it('grants menus to top menus, answers them in top-tree-keys, and the sidebar follows at once', async () => {
    const keys = await t.call(
      'GET',
      `${MENU}/top-tree-keys?topMenuIds=${CONSOLE_ID.topMenuPlatformSystem}`,
      platformAdmin,
    );
    expect(keys.body.data.menu).toEqual(expect.arrayContaining([MENUS_ID.menuMenu, MENUS_ID.menuTopMenu]));
    expect(
      (
        await t.call(
          'GET',
          `${MENU}/top-tree-keys?topMenuIds=${CONSOLE_ID.topMenuPlatformSystem}`,
          tenantAdmin,
        )
      ).statusCode,
    ).toBe(404);
    expect((await t.call('GET', `${MENU}/top-tree-keys`, tenantAdmin)).body).toMatchObject({
      code: 400,
      msg: '缺少必要的请求参数：顶部菜单',
      field: 'topMenuIds',
    });

    // A new top menu of the demo tenant shows in its header once it links a page (an empty sidebar is not
    // offered), and only there.
    const created = await t.call('POST', `${TOP}/submit`, tenantAdmin, {
      name: '系统',
      code: `sys_${stamp}`,
      source: 'setting',
      sort: 9,
    });
    const topId = created.body.data.id as string;
    const headerIds = async (token: string) =>
      (await t.call('GET', `${MENU}/top-menu`, token)).body.data.map((m: { id: string }) => m.id);
    expect(await headerIds(tenantAdmin)).not.toContain(topId);

    const grant = await t.call('POST', `${TOP}/grant`, tenantAdmin, {
      topMenuIds: [topId],
      menuIds: [MENUS_ID.menuTopMenu, SYSTEM_MENU],
    });
    expect(grant.body).toMatchObject({ code: 200 });
    expect(await headerIds(tenantAdmin)).toContain(topId);
    expect(await headerIds(platformAdmin)).not.toContain(topId);
    expect(
      (await t.call('GET', `${MENU}/top-tree-keys?topMenuIds=${topId}`, tenantAdmin)).body.data.menu.sort(),
    ).toEqual([MENUS_ID.menuTopMenu, SYSTEM_MENU].sort());
    const sidebar = await t.call('GET', `${MENU}/routes?topMenuId=${topId}`, tenantAdmin);
    expect(sidebar.body.data).toMatchObject([{ id: SYSTEM_MENU, children: [{ id: MENUS_ID.menuTopMenu }] }]);

    // A grant replaces the links; menus the tenant cannot reach, buttons, and other tenants' top menus are refused.
    await t.call('POST', `${TOP}/grant`, tenantAdmin, {
      topMenuIds: [topId],
      menuIds: [CONSOLE_ID.menuDesk],
    });
    expect(
      (await t.call('GET', `${MENU}/top-tree-keys?topMenuIds=${topId}`, tenantAdmin)).body.data.menu,
    ).toEqual([CONSOLE_ID.menuDesk]);
    for (const menuIds of [[MENUS_ID.menuMenu], [PARAM_MENU], [MENUS_ID.topMenuSetting], ['123']]) {
      const res = await t.call('POST', `${TOP}/grant`, tenantAdmin, { topMenuIds: [topId], menuIds });
      expect(res.body, JSON.stringify(menuIds)).toMatchObject({
        code: 400,
        msg: topMenuEntity.messages.menusInvalid,
      });
    }
    const foreign = await t.call('POST', `${TOP}/grant`, tenantAdmin, {
      topMenuIds: [CONSOLE_ID.topMenuPlatformSystem],
      menuIds: [CONSOLE_ID.menuDesk],
    });
    expect(foreign.statusCode).toBe(404);
    const platformKeys = await t.call(
      'GET',
      `${MENU}/top-tree-keys?topMenuIds=${CONSOLE_ID.topMenuPlatformSystem}`,
      platformAdmin,
    );
    expect(platformKeys.body.data.menu).toEqual(keys.body.data.menu);
    expect(
      (await t.call('POST', `${TOP}/grant`, tenantUser, { topMenuIds: [topId], menuIds: [] })).statusCode,
    ).toBe(403);
    expect(
      (await t.call('POST', `${TOP}/grant`, tenantAdmin, { topMenuIds: ['x'], menuIds: [] })).body,
    ).toMatchObject({
      code: 400,
      msg: '请求参数类型错误：顶部菜单',
      field: 'topMenuIds',
    });

    // Removing the top menu drops it from the header and removes its links.
    expect((await t.call('POST', `${TOP}/remove?ids=${topId}`, tenantAdmin)).body.code).toBe(200);
    expect(
      (await t.call('GET', `${MENU}/top-menu`, tenantAdmin)).body.data.map((m: { id: string }) => m.id),
    ).not.toContain(topId);
    const left = await withPlatformScope(() =>
      t.deps.db.db.selectFrom('cubeTopMenuSetting').select('id').where('topMenuId', '=', topId).execute(),
    );
    expect(left).toEqual([]);
  });
});
