import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects, type TestApp } from '../../../../test/helpers.js';
import { withPlatformScope } from '../../../db/row-scope.js';
import { newId } from '../../../platform/ids.js';
import { CONSOLE_ID } from '../../../seed/console-data.js';
import { ID } from '../../../seed/demo-data.js';
import { seed } from '../../../seed/index.js';

interface Node {
  id: string;
  parentId: string;
  code: string;
  category: number;
  hasChildren: boolean;
  children?: Node[];
  source?: string;
  meta?: Record<string, unknown>;
}

/** A tree as nested codes: a leaf is its code, a branch `{ code: [children] }`. */
type Shape = string | { [code: string]: Shape[] };

/**
 * The tree's shape over the codes this file is about: every other module seeds menus of its own beside them, so a
 * node whose code is not listed is left out (with its subtree). A listed code that is missing, misplaced or out of
 * order still fails the comparison, and so does one that is there but should not be.
 */
const CONSOLE_CODES = new Set(['desk', 'notice', 'monitor', 'log', 'log_error', 'system', 'param']);
/** What the demo tenant's administrator must and must not see of them: the desk, never the platform's parameters. */
const TENANT_CODES = new Set(['desk', 'notice', 'param']);
const TENANT_BUTTON_CODES = new Set([
  ...TENANT_CODES,
  ...['notice', 'param'].flatMap((page) => ['add', 'edit', 'delete', 'view'].map((a) => `${page}_${a}`)),
]);
const BUTTON_CODES = new Set([
  ...CONSOLE_CODES,
  ...['notice', 'log_error', 'param'].flatMap((page) =>
    page === 'log_error' ? ['log_error_view'] : ['add', 'edit', 'delete', 'view'].map((a) => `${page}_${a}`),
  ),
]);
const prune = (nodes: Node[], keep: ReadonlySet<string> = CONSOLE_CODES): Shape[] =>
  nodes
    .filter((n) => keep.has(n.code))
    .map((n) => {
      const children = prune(n.children ?? [], keep);
      return children.length ? { [n.code]: children } : n.code;
    });

const ROUTES = '/api/cube-system/menu/routes';
const BUTTONS = '/api/cube-system/menu/buttons';
const TOP_MENU = '/api/cube-system/menu/top-menu';

describe.each(dialects)('console menus on %s', (dialect) => {
  let t: TestApp;
  let platformAdmin: string;
  let tenantAdmin: string;
  let tenantUser: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    platformAdmin = (await t.token(DEMO.platformAdmin)).access_token;
    tenantAdmin = (await t.token(DEMO.tenantAdmin)).access_token;
    tenantUser = (await t.token(DEMO.tenantUser)).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives the platform administrator every menu as a tree sorted by sort, without buttons', async () => {
    const res = await t.call('GET', ROUTES, platformAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ code: 200, success: true });
    expect(prune(res.body.data)).toEqual([
      { desk: ['notice'] },
      { monitor: [{ log: ['log_error'] }] },
      { system: ['param'] },
    ]);
    const [desk] = res.body.data as Node[];
    expect(desk).toMatchObject({
      id: CONSOLE_ID.menuDesk,
      parentId: '0',
      code: 'desk',
      name: '工作台',
      alias: 'menu',
      path: '/desk',
      // A BladeX client draws `source` as an icon-font class or an image: this console's own icon name is no
      // such thing, so the dialect's empty value goes out and the name travels in `meta.icon`.
      source: '',
      meta: { i18n: 'desk', icon: 'dashboard' },
      sort: 1,
      category: 1,
      action: 0,
      isOpen: 1,
      hasChildren: false,
    });
    const notice = desk?.children?.[0];
    expect(notice).toMatchObject({
      code: 'notice',
      parentId: CONSOLE_ID.menuDesk,
      path: '/desk/notice',
      hasChildren: false,
    });
    expect(notice).not.toHaveProperty('children');
    // Every node of the answer carries a source a BladeX client can render.
    const all = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...all(n.children ?? [])]);
    for (const node of all(res.body.data as Node[]))
      expect(node.source, node.code).toMatch(/^(?:|https?:\/\/\S+|data:image\/\S+|iconfont \S+)$/);
  });

  it('keeps an image or icon-font source as stored in the routes answer', async () => {
    const menus = [
      { id: newId(), code: 'icon_url', source: 'https://cdn.example.com/menu.png' },
      { id: newId(), code: 'icon_data', source: 'data:image/svg+xml;base64,PHN2Zy8+' },
      { id: newId(), code: 'icon_font', source: 'iconfont icon-caidan' },
    ];
    await withPlatformScope(() =>
      t.deps.db.db
        .insertInto('cubeMenu')
        .values(
          menus.map((m, i) => ({
            ...m,
            parentId: '0',
            name: m.code,
            alias: 'menu',
            path: `/${m.code}`,
            sort: 900 + i,
            category: 1,
            action: 0,
            isOpen: 1,
            remark: '',
            isDeleted: 0,
          })),
        )
        .execute(),
    );
    try {
      const nodes = (await t.call('GET', ROUTES, platformAdmin)).body.data as Node[];
      for (const m of menus) {
        const node = nodes.find((n) => n.code === m.code);
        expect(node?.source, m.code).toBe(m.source);
        expect(node?.meta, m.code).not.toHaveProperty('icon');
      }
    } finally {
      await withPlatformScope(() =>
        t.deps.db.db
          .deleteFrom('cubeMenu')
          .where(
            'id',
            'in',
            menus.map((m) => m.id),
          )
          .execute(),
      );
      await t.call('GET', '/api/cube-auth/oauth/clear-cache', platformAdmin);
    }
  });

  it('gives a tenant administrator the granted desk only, and a plain user nothing', async () => {
    const admin = await t.call('GET', ROUTES, tenantAdmin);
    expect(prune(admin.body.data, TENANT_CODES)).toEqual([{ desk: ['notice'] }]);
    const user = await t.call('GET', ROUTES, tenantUser);
    expect(user.statusCode).toBe(200);
    // (A plain user holds other modules' menus, e.g. 我的事务, but none of these.)
    expect(prune(user.body.data, TENANT_CODES)).toEqual([]);
  });

  it('adds the ancestors of a granted page, and drops deleted menus', async () => {
    const grantId = newId();
    await withPlatformScope(() =>
      t.deps.db.db
        .insertInto('cubeRoleMenu')
        .values({ id: grantId, roleId: ID.roleDemoUser, menuId: CONSOLE_ID.menuLogError })
        .execute(),
    );
    try {
      const res = await t.call('GET', ROUTES, tenantUser);
      expect(prune(res.body.data)).toEqual([{ monitor: [{ log: ['log_error'] }] }]);
    } finally {
      await withPlatformScope(() =>
        t.deps.db.db.deleteFrom('cubeRoleMenu').where('id', '=', grantId).execute(),
      );
    }
    await withPlatformScope(() =>
      t.deps.db.db
        .updateTable('cubeMenu')
        .set({ isDeleted: 1 })
        .where('id', '=', CONSOLE_ID.menuNotice)
        .execute(),
    );
    try {
      const res = await t.call('GET', ROUTES, tenantAdmin);
      expect(prune(res.body.data, TENANT_CODES)).toEqual(['desk']);
    } finally {
      await withPlatformScope(() =>
        t.deps.db.db
          .updateTable('cubeMenu')
          .set({ isDeleted: 0 })
          .where('id', '=', CONSOLE_ID.menuNotice)
          .execute(),
      );
    }
  });

  it('limits the tree to the menus of one of the caller’s top menus', async () => {
    const desk = await t.call('GET', `${ROUTES}?topMenuId=${CONSOLE_ID.topMenuPlatformDesk}`, platformAdmin);
    expect(prune(desk.body.data)).toEqual([{ desk: ['notice'] }]);
    const system = await t.call(
      'GET',
      `${ROUTES}?topMenuId=${CONSOLE_ID.topMenuPlatformSystem}`,
      platformAdmin,
    );
    expect(prune(system.body.data)).toEqual([{ monitor: [{ log: ['log_error'] }] }, { system: ['param'] }]);

    const own = await t.call('GET', `${ROUTES}?topMenuId=${CONSOLE_ID.topMenuDemoDesk}`, tenantAdmin);
    expect(prune(own.body.data, TENANT_CODES)).toEqual([{ desk: ['notice'] }]);
    // Linked to the top menu but not granted: not shown.
    const ungranted = await t.call('GET', `${ROUTES}?topMenuId=${CONSOLE_ID.topMenuDemoDesk}`, tenantUser);
    expect(prune(ungranted.body.data, TENANT_CODES)).toEqual([]);

    const foreign = await t.call(
      'GET',
      `${ROUTES}?topMenuId=${CONSOLE_ID.topMenuPlatformSystem}`,
      tenantAdmin,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toMatchObject({ code: 404, success: false });
    const invalid = await t.call('GET', `${ROUTES}?topMenuId=abc`, tenantAdmin);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toMatchObject({ msg: '请求参数类型错误：顶部菜单', field: 'topMenuId' });
    const empty = await t.call('GET', `${ROUTES}?topMenuId=`, tenantAdmin);
    expect(prune(empty.body.data, TENANT_CODES)).toEqual([{ desk: ['notice'] }]);
  });

  it('answers the granted buttons under the pages that own them', async () => {
    const all = await t.call('GET', BUTTONS, platformAdmin);
    expect(all.statusCode).toBe(200);
    expect(prune(all.body.data, BUTTON_CODES)).toEqual([
      { notice: ['notice_add', 'notice_edit', 'notice_delete', 'notice_view'] },
      { log_error: ['log_error_view'] },
      { param: ['param_add', 'param_edit', 'param_delete', 'param_view'] },
    ]);
    const noticePage = (all.body.data as Node[])[0];
    // Its children are already filled, so it does not ask a tree table to load them lazily.
    expect(noticePage).toMatchObject({ category: 1, hasChildren: false });
    expect(noticePage?.children?.[0]).toMatchObject({
      category: 2,
      alias: 'add',
      action: 1,
      parentId: CONSOLE_ID.menuNotice,
      hasChildren: false,
    });

    const admin = await t.call('GET', BUTTONS, tenantAdmin);
    expect(prune(admin.body.data, TENANT_BUTTON_CODES)).toEqual([
      { notice: ['notice_add', 'notice_edit', 'notice_delete', 'notice_view'] },
    ]);
    const user = await t.call('GET', BUTTONS, tenantUser);
    expect(prune(user.body.data, TENANT_BUTTON_CODES)).toEqual([]);
  });

  it('lists the caller’s tenant’s top menus by sort', async () => {
    const platform = await t.call('GET', TOP_MENU, platformAdmin);
    expect(platform.statusCode).toBe(200);
    const sorts = (platform.body.data as Array<{ sort: number }>).map((m) => m.sort);
    expect(sorts).toEqual([...sorts].sort((x, y) => x - y));
    // Other modules add top menus of their own; the console's two come first, as seeded.
    const consoleIds = new Set<string>([CONSOLE_ID.topMenuPlatformDesk, CONSOLE_ID.topMenuPlatformSystem]);
    expect(platform.body.data.filter((m: { id: string }) => consoleIds.has(m.id))).toEqual([
      {
        id: CONSOLE_ID.topMenuPlatformDesk,
        tenantId: '000000',
        code: 'desk',
        name: '工作台',
        source: 'dashboard',
        path: '/desk',
        sort: 1,
      },
      {
        id: CONSOLE_ID.topMenuPlatformSystem,
        tenantId: '000000',
        code: 'system',
        name: '系统管理',
        source: 'setting',
        path: '/system',
        sort: 2,
      },
    ]);
    for (const token of [tenantAdmin, tenantUser]) {
      const res = await t.call('GET', TOP_MENU, token);
      const ids = res.body.data.map((m: { id: string }) => m.id);
      expect(ids).toContain(CONSOLE_ID.topMenuDemoDesk);
      expect(res.body.data.every((m: { tenantId: string }) => m.tenantId === '100000')).toBe(true);
    }
  });

  it('seeds the console rows once, however often the seed runs', async () => {
    const db = t.deps.db.db;
    const counts = async () =>
      withPlatformScope(() =>
        Promise.all(
          (['cubeMenu', 'cubeRoleMenu', 'cubeTopMenu', 'cubeTopMenuSetting', 'cubeNotice'] as const).map(
            async (table) =>
              Number(
                (
                  await db
                    .selectFrom(table)
                    .select((eb) => eb.fn.countAll().as('n'))
                    .executeTakeFirstOrThrow()
                ).n,
              ),
          ),
        ),
      );
    const before = await counts();
    await seed(db, t.config);
    expect(await counts()).toEqual(before);
  });

  it('needs a signed-in caller, and documents the recursive tree in the API description', async () => {
    for (const url of [ROUTES, BUTTONS, TOP_MENU]) {
      expect((await t.call('GET', url)).statusCode).toBe(401);
    }
    const docs = await t.call('GET', '/api/openapi.json');
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.body.paths)).toEqual(expect.arrayContaining([ROUTES, BUTTONS, TOP_MENU]));
  });
});
