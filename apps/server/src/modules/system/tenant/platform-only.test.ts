import * as contract from '@cube/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects, type TestApp } from '../../../../test/helpers.js';
import { withPlatformScope } from '../../../db/row-scope.js';
import { newId } from '../../../platform/ids.js';
import { md5Hex } from '../../../platform/passwords.js';
import { PLATFORM_ONLY_MENU_CODES } from '../../../platform/tenant-package.js';

/**
 * The platform's own screens (menus, system dictionaries, clients, tenants, packages, parameters, scope rules)
 * never reach a tenant outside 000000: not by provisioning, not in a package, not by a role grant, not in a read.
 * A freshly provisioned tenant's administrator sees only buttons that work: every granted button's API is walked
 * and none answers 请求被拒绝.
 */
type Entity = { api: string; permissions: contract.EntityPermissions };
const ENTITIES = Object.values(contract).filter(
  (v): v is Entity =>
    typeof v === 'object' && v !== null && 'permissions' in v && 'api' in v && typeof v.api === 'string',
);

describe.each(dialects)('platform-only menus on %s', (dialect) => {
  let t: TestApp;
  let platform: string;
  let n = 0;
  const menuId = new Map<string, string>();

  const createTenant = async (extra: Record<string, unknown> = {}) => {
    const res = await t.call('POST', '/api/cube-system/tenant/submit', platform, {
      tenantName: `平台专属测试${++n}-${Date.now()}`,
      linkman: '周测试',
      contactNumber: '021-5555 6666',
      adminPassword: 'First@2026',
      ...extra,
    });
    expect(res.body, res.raw).toMatchObject({ code: 200 });
    return res.body.data as { id: string; tenantId: string };
  };
  const firstSignIn = async (tenantId: string) => {
    const first = await t.token({ tenantId, username: 'admin', password: 'First@2026' });
    const next = md5Hex('Changed@2026');
    const changed = await t.call(
      'POST',
      `/api/cube-user/update-password?oldPassword=${md5Hex('First@2026')}&newPassword=${next}&newPassword1=${next}`,
      first.access_token,
    );
    expect(changed.body, changed.raw).toMatchObject({ code: 200 });
    return (await t.token({ tenantId, username: 'admin', password: 'Changed@2026' })).access_token;
  };
  /** Every code in a MenuVO forest. */
  const codesOf = (nodes: Array<{ code: string; children?: unknown[] }>): string[] =>
    nodes.flatMap((n) => [n.code, ...codesOf((n.children ?? []) as typeof nodes)]);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    platform = (await t.token(DEMO.platformAdmin)).access_token;
    const menus = await t.deps.db.db.selectFrom('cubeMenu').select(['id', 'code']).execute();
    for (const m of menus) menuId.set(m.code, String(m.id));
  });
  afterAll(async () => {
    await t.close();
  });

  it("a new tenant's administrator holds none of the platform's menus, and no granted button answers 请求被拒绝", async () => {
    const { tenantId } = await createTenant();
    const token = await firstSignIn(tenantId);
    const routes = (await t.call('GET', '/api/cube-system/menu/routes', token)).body.data;
    const buttons = (await t.call('GET', '/api/cube-system/menu/buttons', token)).body.data;
    const pageCodes = codesOf(routes);
    const buttonCodes = codesOf(buttons).filter((c) => !pageCodes.includes(c));
    // The default grants (parameter tenant.default.menuCode = system) still give the tenant's own screens.
    expect(pageCodes).toEqual(expect.arrayContaining(['user', 'role', 'dept', 'post', 'dictbiz', 'topmenu']));
    for (const code of [
      'menu',
      'dict',
      'client',
      'tenant',
      'tenant_package',
      'param',
      'menu_add',
      'dict_edit',
    ])
      expect([...pageCodes, ...buttonCodes]).not.toContain(code);

    // Walk every API the held buttons stand for: the routes that declare the code, and the CRUD routes the
    // standard buttons drive (新增/修改 → submit, 删除 → remove, 查看 → detail). None may be refused outright;
    // an empty request answers 400 (or 404), which is the form's business, not a missing permission.
    const calls = new Set<string>();
    for (const r of t.routes)
      if (r.access?.kind === 'permission' && buttonCodes.includes(r.access.code) && r.method !== 'HEAD')
        calls.add(`${r.method} ${r.url}`);
    for (const e of ENTITIES) {
      const p = e.permissions;
      if ((p.add && buttonCodes.includes(p.add)) || (p.edit && buttonCodes.includes(p.edit)))
        calls.add(`POST ${e.api}/submit`);
      if (p.remove && buttonCodes.includes(p.remove)) calls.add(`POST ${e.api}/remove`);
      if (p.view && buttonCodes.includes(p.view)) calls.add(`GET ${e.api}/detail`);
      if (pageCodes.includes(p.read)) calls.add(`GET ${e.api}/list`);
    }
    const known = new Set(t.routes.map((r) => `${r.method} ${r.url}`));
    expect(calls.size).toBeGreaterThan(20);
    const refused: string[] = [];
    for (const call of calls) {
      if (!known.has(call)) continue;
      const [method, url] = call.split(' ') as ['GET' | 'POST', string];
      const path = url.replace(/:[A-Za-z]+/g, '1');
      const res = await t.call(method, method === 'GET' ? `${path}?id=1` : path, token, {});
      if (res.statusCode === 403 || res.body?.msg === '请求被拒绝') refused.push(call);
    }
    expect(refused).toEqual([]);
  });

  it('a read of a platform screen is refused outside 000000 even when a role was given its menu', async () => {
    // A grant written by hand (or before this rule): the tenant's administrator role is given the menus.
    const { tenantId } = await createTenant();
    const token = await firstSignIn(tenantId);
    const role = await withPlatformScope(() =>
      t.deps.db.db
        .selectFrom('cubeRole')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('roleAlias', '=', 'admin')
        .executeTakeFirstOrThrow(),
    );
    const codes = ['menu', 'dict', 'client', 'param', 'tenant', 'dict_add', 'client_view'];
    await withPlatformScope(() =>
      t.deps.db.db
        .insertInto('cubeRoleMenu')
        .values(codes.map((code) => ({ id: newId(), roleId: role.id, menuId: menuId.get(code)! })))
        .execute(),
    );
    await t.deps.sessions.invalidateGrants();
    for (const url of [
      '/api/cube-system/menu/list',
      '/api/cube-system/menu/lazy-list',
      '/api/cube-system/dict/list',
      '/api/cube-system/dict/parent-list',
      `/api/cube-system/dict/detail?id=${menuId.get('dict')}`,
      '/api/cube-system/client/list',
      '/api/cube-system/param/list',
      '/api/cube-system/tenant/list',
    ]) {
      const res = await t.call('GET', url, token);
      expect(res.statusCode, url).toBe(403);
    }
    const routes = codesOf((await t.call('GET', '/api/cube-system/menu/routes', token)).body.data);
    const buttons = codesOf((await t.call('GET', '/api/cube-system/menu/buttons', token)).body.data);
    for (const code of codes) {
      expect(routes).not.toContain(code);
      expect(buttons).not.toContain(code);
    }
    // Tenant-facing reads stay open.
    expect((await t.call('GET', '/api/cube-system/dict/dictionary?code=sex', token)).statusCode).toBe(200);
    // The platform administrator still reads them.
    expect((await t.call('GET', '/api/cube-system/dict/list', platform)).statusCode).toBe(200);
  });

  it('a package cannot hold a platform menu; the package editor does not offer one; provisioning strips one', async () => {
    const res = await t.call('POST', '/api/cube-system/tenant-package/submit', platform, {
      packageName: `含字典${Date.now()}`,
      menuId: `${menuId.get('user')},${menuId.get('dict')}`,
    });
    expect(res.body).toMatchObject({
      code: 400,
      msg: contract.tenantPackageEntity.messages.menuPlatformOnly,
    });

    const ids = (nodes: Array<{ id: string; children?: unknown[] }>): string[] =>
      nodes.flatMap((n) => [n.id, ...ids((n.children ?? []) as typeof nodes)]);
    const forTenants = ids(
      (await t.call('GET', '/api/cube-system/menu/grant-tree?scope=tenant', platform)).body.data.menu,
    );
    const all = ids((await t.call('GET', '/api/cube-system/menu/grant-tree', platform)).body.data.menu);
    for (const code of PLATFORM_ONLY_MENU_CODES) {
      const id = menuId.get(code);
      if (!id) continue;
      expect(all).toContain(id);
      expect(forTenants).not.toContain(id);
    }
    expect(forTenants).toContain(menuId.get('user'));
    expect(forTenants).toContain(menuId.get('region'));

    // A package written before the rule (by hand) still provisions without the platform's menus.
    const made = await t.call('POST', '/api/cube-system/tenant-package/submit', platform, {
      packageName: `旧包${Date.now()}`,
      menuId: menuId.get('user'),
    });
    expect(made.body, made.raw).toMatchObject({ code: 200 });
    const pkg = { id: made.body.data.id as string };
    await t.deps.db.db
      .updateTable('cubeTenantPackage')
      .set({ menuId: [menuId.get('user'), menuId.get('menu'), menuId.get('client_view')].join(',') })
      .where('id', '=', pkg.id)
      .execute();
    const { tenantId } = await createTenant({ packageId: String(pkg.id) });
    const granted = await withPlatformScope(() =>
      t.deps.db.db
        .selectFrom('cubeRoleMenu as rm')
        .innerJoin('cubeRole as r', 'r.id', 'rm.roleId')
        .innerJoin('cubeMenu as m', 'm.id', 'rm.menuId')
        .select('m.code')
        .where('r.tenantId', '=', tenantId)
        .execute(),
    );
    expect(granted.map((g) => g.code)).toEqual(['user']);
  });

  it("a tenant's role grant refuses a platform menu", async () => {
    const admin = (await t.token(DEMO.tenantAdmin)).access_token;
    const roles = (await t.call('GET', '/api/cube-system/role/list', admin)).body.data;
    const user = (roles as Array<{ id: string; roleAlias: string }>).find((r) => r.roleAlias === 'user')!;
    for (const code of ['dict', 'menu', 'client']) {
      const res = await t.call('POST', '/api/cube-system/role/grant', admin, {
        roleIds: [user.id],
        menuIds: [menuId.get(code)],
        dataScopeIds: [],
        apiScopeIds: [],
      });
      expect(res.body, code).toMatchObject({
        code: 400,
        msg: contract.roleEntity.messages.grantPlatformOnly,
      });
    }
  });

  it('shows a top menu only while its sidebar holds something for the caller', async () => {
    for (const who of [DEMO.tenantUser, DEMO.tenantAdmin, DEMO.platformAdmin]) {
      const token = (await t.token(who)).access_token;
      const tops = (await t.call('GET', '/api/cube-system/menu/top-menu', token)).body.data as Array<{
        id: string;
        code: string;
      }>;
      for (const top of tops) {
        const side = (await t.call('GET', `/api/cube-system/menu/routes?topMenuId=${top.id}`, token)).body
          .data;
        expect(side.length, `${who.username}@${who.tenantId} ${top.code}`).toBeGreaterThan(0);
      }
      if (who === DEMO.tenantUser) expect(tops.map((x) => x.code)).not.toContain('system');
    }
  });
});
