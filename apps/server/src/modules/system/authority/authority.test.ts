import { deptEntity, roleEntity } from '@cube/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  A,
  grant,
  DEMO_IDS as ID,
  makeRole,
  NOTICE_MENU,
  SYSTEM_MENU,
  signInAs,
} from '../../../../test/authority-fixtures.js';
import { createTestApp, DEMO, dialects, type TestApp } from '../../../../test/helpers.js';
import { TreeMessage } from '../../../platform/crud/index.js';

const TENANT_MENU = '1123598816000000100';
const TOP_MENU_PAGE = '1123598816000000410';
const ROLE_PAGE = [SYSTEM_MENU, A.menuRole, A.roleGrant, A.menuDept];
const R = roleEntity.messages;

/** Roles and grants (escalation-safe), departments (moves, cycles, removal rules). */
describe.each(dialects)('roles, grants and departments on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let platform: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.token(DEMO.tenantAdmin)).access_token;
    platform = (await t.token(DEMO.platformAdmin)).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('a changed grant takes effect on the very next request', async () => {
    const role = await makeRole(t, admin, '即时生效');
    const user = await signInAs(t, [role], [ID.deptDemo]);
    expect((await t.call('GET', '/api/cube-desk/notice/list', user.token)).statusCode).toBe(403);
    expect(
      (await grant(t, admin, { roleIds: [role], menuIds: ['1123598815738675220', NOTICE_MENU] })).statusCode,
    ).toBe(200);
    expect((await t.call('GET', '/api/cube-desk/notice/list', user.token)).statusCode).toBe(200);
    const keys = await t.call('GET', `/api/cube-system/menu/role-tree-keys?roleIds=${role}`, admin);
    expect(keys.body.data.menu.sort()).toEqual(['1123598815738675220', NOTICE_MENU].sort());
    await grant(t, admin, { roleIds: [role], menuIds: [] });
    expect((await t.call('GET', '/api/cube-desk/notice/list', user.token)).statusCode).toBe(403);
  });

  it('a tenant administrator cannot grant platform-only menus, nor touch another tenant’s roles', async () => {
    const role = await makeRole(t, admin, '越权测试');
    const res = await grant(t, admin, { roleIds: [role], menuIds: [TENANT_MENU] });
    expect(res.statusCode).toBe(400);
    expect(res.body.msg).toBe(R.grantPlatformOnly);
    expect(
      (await t.call('GET', `/api/cube-system/menu/role-tree-keys?roleIds=${role}`, admin)).body.data.menu,
    ).toEqual([]);
    expect((await grant(t, admin, { roleIds: [ID.rolePlatformAdministrator], menuIds: [] })).statusCode).toBe(
      404,
    );
    const tree = await t.call('GET', '/api/cube-system/menu/grant-tree', admin);
    const flat = JSON.stringify(tree.body.data.menu);
    expect(flat).toContain(A.menuRole);
    expect(flat).not.toContain(TENANT_MENU);
    expect(flat).not.toContain(A.menuDataScope);
    // The platform administrator is offered every menu.
    expect(
      JSON.stringify((await t.call('GET', '/api/cube-system/menu/grant-tree', platform)).body.data.menu),
    ).toContain(TENANT_MENU);
  });

  it("a tenant's package bounds what its administrator may grant and what the grant tree offers", async () => {
    // 200000 runs on the 标准版 package (desk, users, departments, posts, roles).
    const second = (await t.token({ tenantId: '200000', username: 'admin', password: 'Demo@2026' }))
      .access_token;
    const tree = JSON.stringify(
      (await t.call('GET', '/api/cube-system/menu/grant-tree', second)).body.data.menu,
    );
    expect(tree).toContain(A.menuDept);
    expect(tree).not.toContain(TOP_MENU_PAGE);
    const roles = await t.call('GET', '/api/cube-system/role/tree', second);
    const userRole = (roles.body.data as Array<{ id: string; title: string }>).find(
      (r) => r.title === '普通员工',
    );
    expect(userRole).toBeDefined();
    // The administrator role of 200000 holds 顶部菜单, which the package leaves out.
    const outside = await grant(t, second, { roleIds: [userRole?.id as string], menuIds: [TOP_MENU_PAGE] });
    expect(outside.body.msg).toBe(R.grantOutsidePackage);
    const inside = await grant(t, second, {
      roleIds: [userRole?.id as string],
      menuIds: [SYSTEM_MENU, A.menuDept],
    });
    expect(inside.statusCode, inside.raw).toBe(200);
  });

  it('nobody grants what they do not hold: menus, or a data scope wider than their own', async () => {
    // A delegate who may manage roles and read departments, narrowed to their own department.
    const delegateRole = await makeRole(t, admin, '角色管理员');
    await grant(t, admin, { roleIds: [delegateRole], menuIds: ROLE_PAGE, dataScopeIds: [A.scopeDeptOwn] });
    const delegate = await signInAs(t, [delegateRole], [ID.deptDemoPatent]);
    const target = await makeRole(t, admin, '被授权角色');

    const notHeld = await grant(t, delegate.token, { roleIds: [target], menuIds: [NOTICE_MENU] });
    expect(notHeld.body.msg).toBe(R.grantNotHeld);
    const wider = await grant(t, delegate.token, {
      roleIds: [target],
      menuIds: [SYSTEM_MENU, A.menuDept],
      dataScopeIds: [A.scopeDeptAll],
    });
    expect(wider.body.msg).toBe(R.grantNotHeld);
    const same = await grant(t, delegate.token, {
      roleIds: [target],
      menuIds: [SYSTEM_MENU, A.menuDept],
      dataScopeIds: [A.scopeDeptOwn],
    });
    expect(same.statusCode, same.raw).toBe(200);
    // The tree the delegate's dialog shows offers exactly that.
    const tree = await t.call('GET', '/api/cube-system/menu/grant-tree', delegate.token);
    const dataTree = JSON.stringify(tree.body.data.dataScope);
    expect(dataTree).toContain(A.scopeDeptOwn);
    expect(dataTree).not.toContain(A.scopeDeptAll);
    // A scope without its menu is refused; an administrator's role is out of a delegate's reach.
    const orphan = await grant(t, admin, { roleIds: [target], menuIds: [], dataScopeIds: [A.scopeDeptOwn] });
    expect(orphan.body.msg).toBe(R.grantScopeMenu);
    expect((await grant(t, delegate.token, { roleIds: [ID.roleDemoAdmin], menuIds: [] })).body.msg).toBe(
      R.adminRoleProtected,
    );
    // Reserved aliases.
    const alias = await t.call('POST', '/api/cube-system/role/submit', delegate.token, {
      roleName: '冒充管理员',
      roleAlias: 'admin',
      sort: 1,
    });
    expect(alias.statusCode).toBe(403); // the delegate lacks role_add altogether
  });

  it('a role held by users or an administrator role cannot be removed; a free one can', async () => {
    const held = await makeRole(t, admin, '已分配角色');
    await signInAs(t, [ID.roleDemoUser, held], [ID.deptDemo]);
    const refused = await t.call('POST', `/api/cube-system/role/remove?ids=${held}`, admin);
    expect(refused.body.msg).toBe(R.roleInUse);
    expect(
      (await t.call('POST', `/api/cube-system/role/remove?ids=${ID.roleDemoAdmin}`, admin)).body.msg,
    ).toBe(R.adminRoleRemove);
    const free = await makeRole(t, admin, '空闲角色');
    await grant(t, admin, { roleIds: [free], menuIds: [NOTICE_MENU] });
    expect((await t.call('POST', `/api/cube-system/role/remove?ids=${free}`, admin)).statusCode).toBe(200);
    const keys = await t.call('GET', `/api/cube-system/menu/role-tree-keys?roleIds=${free}`, admin);
    expect(keys.statusCode).toBe(404);
  });

  it('role trees: own tenant, administrator hidden from non-administrators, another tenant only for the platform', async () => {
    const own = await t.call('GET', '/api/cube-system/role/tree', admin);
    const titles = JSON.stringify(own.body.data);
    expect(titles).toContain('部门经理');
    expect(titles).not.toContain('超级管理员');
    expect((await t.call('GET', '/api/cube-system/role/tree?tenantId=000000', admin)).statusCode).toBe(403);
    const other = await t.call('GET', '/api/cube-system/role/tree?tenantId=100000', platform);
    expect(JSON.stringify(other.body.data)).toContain('部门经理');
    const byId = await t.call('GET', `/api/cube-system/role/tree-by-id?roleId=${A.roleManager}`, admin);
    expect(byId.body.data[0]).toMatchObject({
      key: expect.any(String),
      value: expect.any(String),
      title: expect.any(String),
    });
  });

  it('departments: a move rewrites the subtree’s ancestors, a cycle is refused, removal waits for children and users', async () => {
    const submit = (body: Record<string, unknown>) =>
      t.call('POST', '/api/cube-system/dept/submit', admin, body);
    const make = async (deptName: string, parentId: string) => {
      const res = await submit({ deptName, fullName: deptName, deptCategory: 2, sort: 1, parentId });
      expect(res.statusCode, res.raw).toBe(200);
      return res.body.data.id as string;
    };
    const a = await make('移动测试甲', ID.deptDemoPatent);
    const b = await make('移动测试乙', a);
    const c = await make('移动测试丙', b);
    const detail = async (id: string) =>
      (await t.call('GET', `/api/cube-system/dept/detail?id=${id}`, admin)).body.data;
    expect((await detail(c)).ancestors).toBe(`0,${ID.deptDemo},${ID.deptDemoPatent},${a},${b}`);

    const moved = await submit({
      id: a,
      deptName: '移动测试甲',
      fullName: '移动测试甲',
      deptCategory: 2,
      sort: 1,
      parentId: ID.deptDemoOffice,
    });
    expect(moved.statusCode).toBe(200);
    expect((await detail(c)).ancestors).toBe(`0,${ID.deptDemo},${ID.deptDemoOffice},${a},${b}`);
    expect((await detail(a)).parentName).toBe('综合管理部');

    const cycle = await submit({
      id: a,
      deptName: '移动测试甲',
      fullName: '移动测试甲',
      deptCategory: 2,
      sort: 1,
      parentId: c,
    });
    expect(cycle.body.msg).toBe(TreeMessage.parentCycle);
    expect((await detail(c)).ancestors).toBe(`0,${ID.deptDemo},${ID.deptDemoOffice},${a},${b}`);

    expect((await t.call('POST', `/api/cube-system/dept/remove?ids=${b}`, admin)).body.msg).toBe(
      TreeMessage.hasChildren,
    );
    await signInAs(t, [ID.roleDemoUser], [ID.deptDemoOffice, c]);
    expect((await t.call('POST', `/api/cube-system/dept/remove?ids=${c}`, admin)).body.msg).toBe(
      deptEntity.messages.deptInUse,
    );
    const empty = await make('空部门', ID.deptDemoOffice);
    expect((await t.call('POST', `/api/cube-system/dept/remove?ids=${empty}`, admin)).statusCode).toBe(200);

    const lazy = await t.call('GET', `/api/cube-system/dept/lazy-list?parentId=${ID.deptDemoOffice}`, admin);
    const row = lazy.body.data.find((d: { id: string }) => d.id === a);
    expect(row).toMatchObject({ hasChildren: true, deptCategoryName: '部门' });
    const dictionary = await t.call('GET', '/api/cube-system/dept/deptDictionary', admin);
    expect(dictionary.body.data.some((d: { id: string }) => d.id === A.deptFinance)).toBe(true);
    const tree = await t.call('GET', '/api/cube-system/dept/tree?tenantId=100000', platform);
    expect(JSON.stringify(tree.body.data)).toContain(A.deptFinance);
  });
});
