import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  A,
  grant,
  DEMO_IDS as ID,
  makeRole,
  NOTICE_MENU,
  SYSTEM_MENU,
  signInAs,
} from '../../test/authority-fixtures.js';
import { createTestApp, DEMO, dialects, type TestApp } from '../../test/helpers.js';
import { withPlatformScope } from '../db/row-scope.js';
import { now } from './dates.js';
import { newId } from './ids.js';

const DEPT_VIEW = [SYSTEM_MENU, A.menuDept];
let USER_MENU = '';
const ids = (res: { body: { data: Array<{ id: string; children?: unknown[] }> } }): string[] => {
  const out: string[] = [];
  const walk = (nodes: Array<{ id: string; children?: unknown[] }>) => {
    for (const n of nodes) {
      out.push(n.id);
      if (n.children) walk(n.children as Array<{ id: string; children?: unknown[] }>);
    }
  };
  walk(res.body.data);
  return out.sort();
};
const PATENT_SUBTREE = [ID.deptDemoPatent, A.deptMechanical, A.deptChemical].sort();

/**
 * Data scopes (platform/data-scope.ts) as a caller meets them: each rule type on departments (dept column = id)
 * and on notices (creator/department columns from the audit fields), custom structured rules with variables,
 * the union over several rules, the tenant wall under every rule, and a changed grant applying on the next request.
 */
describe.each(dialects)('data scopes on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let platform: string;
  let role: string;
  let user: { id: string; token: string };
  const list = (token = user.token) => t.call('GET', '/api/cube-system/dept/list', token);
  const scopeRule = async (menuId: string, scopeType: number, scopeValue = '') => {
    const res = await t.call('POST', '/api/cube-system/data-scope/submit', platform, {
      menuId,
      scopeName: `规则${Date.now()}`,
      scopeType,
      scopeValue,
    });
    expect(res.statusCode, res.raw).toBe(200);
    return res.body.data.id as string;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.token(DEMO.tenantAdmin)).access_token;
    platform = (await t.token(DEMO.platformAdmin)).access_token;
    role = await makeRole(t, admin, '数据权限测试');
    user = await signInAs(t, [role], [ID.deptDemoPatent]);
    const menu = await t.deps.db.db
      .selectFrom('cubeMenu')
      .select('id')
      .where('code', '=', 'user')
      .executeTakeFirstOrThrow();
    USER_MENU = menu.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('no rule granted for the menu: every department of the tenant, none of another', async () => {
    expect((await grant(t, admin, { roleIds: [role], menuIds: DEPT_VIEW })).statusCode).toBe(200);
    const res = await list();
    expect(res.statusCode).toBe(200);
    const seen = ids(res);
    expect(seen).toEqual(expect.arrayContaining([ID.deptDemo, ID.deptDemoTrademark, ...PATENT_SUBTREE]));
    expect(seen).not.toContain(ID.deptPlatform);
  });

  it('own department and below (ancestors), then own department only, each from the next request on', async () => {
    await grant(t, admin, { roleIds: [role], menuIds: DEPT_VIEW, dataScopeIds: [A.scopeDeptBelow] });
    expect(ids(await list())).toEqual(PATENT_SUBTREE);
    // Lazy list and lazy tree start at the caller's topmost visible department, one level at a time.
    const roots = await t.call('GET', '/api/cube-system/dept/lazy-list', user.token);
    expect(roots.body.data.map((d: { id: string }) => d.id)).toEqual([ID.deptDemoPatent]);
    expect(roots.body.data[0].hasChildren).toBe(true);
    const level = await t.call(
      'GET',
      `/api/cube-system/dept/lazy-tree?parentId=${ID.deptDemoPatent}`,
      user.token,
    );
    expect(level.body.data.map((d: { id: string }) => d.id).sort()).toEqual(
      [A.deptMechanical, A.deptChemical].sort(),
    );
    // Detail and select read through the same rule: a department outside it is "not found".
    expect(
      (await t.call('GET', `/api/cube-system/dept/detail?id=${ID.deptDemoTrademark}`, user.token)).statusCode,
    ).toBe(404);
    expect(
      (await t.call('GET', `/api/cube-system/dept/detail?id=${A.deptChemical}`, user.token)).statusCode,
    ).toBe(200);

    await grant(t, admin, { roleIds: [role], menuIds: DEPT_VIEW, dataScopeIds: [A.scopeDeptOwn] });
    expect(ids(await list())).toEqual([ID.deptDemoPatent]);
  });

  it('several rules are united; a 全部可见 rule lifts the filter', async () => {
    const custom = await scopeRule(
      A.menuDept,
      5,
      JSON.stringify([{ column: 'id', operator: 'eq', value: ID.deptDemoOffice }]),
    );
    await grant(t, admin, { roleIds: [role], menuIds: DEPT_VIEW, dataScopeIds: [A.scopeDeptOwn, custom] });
    expect(ids(await list())).toEqual([ID.deptDemoPatent, ID.deptDemoOffice].sort());
    await grant(t, admin, {
      roleIds: [role],
      menuIds: DEPT_VIEW,
      dataScopeIds: [A.scopeDeptOwn, A.scopeDeptAll],
    });
    expect(ids(await list())).toContain(ID.deptDemoTrademark);
  });

  it('custom rules take variables from the caller and fail closed on undeclared columns', async () => {
    const mine = await scopeRule(
      A.menuDept,
      5,
      JSON.stringify([{ column: 'id', operator: 'in', value: '${deptIds}' }]),
    );
    await grant(t, admin, { roleIds: [role], menuIds: DEPT_VIEW, dataScopeIds: [mine] });
    expect(ids(await list())).toEqual([ID.deptDemoPatent]);

    const byName = await scopeRule(
      A.menuDept,
      5,
      JSON.stringify([{ column: 'dept_name', operator: 'like', value: '商标' }]),
    );
    await grant(t, admin, { roleIds: [role], menuIds: DEPT_VIEW, dataScopeIds: [byName] });
    expect(ids(await list())).toEqual(
      [ID.deptDemoTrademark, A.deptTrademarkApply, A.deptTrademarkRights].sort(),
    );

    // `ancestors` is not among the department's filter fields: the condition matches nothing.
    const undeclared = await scopeRule(
      A.menuDept,
      5,
      JSON.stringify([{ column: 'ancestors', operator: 'notNull', value: '' }]),
    );
    await grant(t, admin, { roleIds: [role], menuIds: DEPT_VIEW, dataScopeIds: [undeclared] });
    expect(ids(await list())).toEqual([]);
  });

  it('a rule that matches everything still never reaches another tenant', async () => {
    const everything = await scopeRule(
      A.menuDept,
      5,
      JSON.stringify([{ column: 'id', operator: 'notIn', value: '1' }]),
    );
    await grant(t, admin, { roleIds: [role], menuIds: DEPT_VIEW, dataScopeIds: [everything] });
    const res = await list();
    const tenants = new Set<string>();
    const walk = (nodes: Array<{ tenantId: string; children?: unknown[] }>) => {
      for (const n of nodes) {
        tenants.add(n.tenantId);
        if (n.children) walk(n.children as Array<{ tenantId: string; children?: unknown[] }>);
      }
    };
    walk(res.body.data);
    expect([...tenants]).toEqual(['100000']);
    expect(
      (await t.call('GET', `/api/cube-system/dept/detail?id=${ID.deptPlatform}`, user.token)).statusCode,
    ).toBe(404);
  });

  it('users: the 部门经理 sees the accounts of its department and below (users declare cube_user_dept)', async () => {
    const manager = (await t.token({ tenantId: '100000', username: 'manager', password: 'Manager@2026' }))
      .access_token;
    const res = await t.call('GET', '/api/cube-user/page?size=100', manager);
    expect(res.statusCode, res.raw).toBe(200);
    const accounts = (res.body.data.records as Array<{ account: string }>).map((r) => r.account);
    expect(accounts).toEqual(expect.arrayContaining(['manager', 'agent', 'user']));
    expect(accounts).not.toContain('admin');
    const all = await t.call('GET', '/api/cube-user/page?size=100', admin);
    expect(all.body.data.total).toBeGreaterThan(res.body.data.total);
    // Narrowed to own rows through a grant: only the manager's own account, from the next request on.
    await grant(t, admin, {
      roleIds: [A.roleManager],
      menuIds: [SYSTEM_MENU, A.menuDept, '1123598816000000324', USER_MENU],
      dataScopeIds: [A.scopeUserOwn],
    });
    const own = await t.call('GET', '/api/cube-user/page?size=100', manager);
    expect((own.body.data.records as Array<{ account: string }>).map((r) => r.account)).toEqual(['manager']);
  });

  it('own rows and own department on notices (audit columns), administrators unfiltered', async () => {
    const colleague = await signInAs(t, [role], [ID.deptDemoTrademark]);
    const stamp = now();
    const notice = (createUser: string, createDept: string, title: string) => ({
      id: newId(),
      tenantId: '100000',
      title,
      category: 1,
      releaseTime: '2026-01-01 09:00:00',
      content: '',
      createUser,
      createDept,
      createTime: stamp,
      updateUser: createUser,
      updateTime: stamp,
      status: 1,
      isDeleted: 0,
    });
    const mine = notice(user.id, ID.deptDemoPatent, '本人的通知');
    const theirs = notice(colleague.id, ID.deptDemoTrademark, '同事的通知');
    await withPlatformScope(() => t.deps.db.db.insertInto('cubeNotice').values([mine, theirs]).execute());
    const noticeView = ['1123598815738675220', NOTICE_MENU];
    const titles = async (token: string) =>
      (
        (await t.call('GET', '/api/cube-desk/notice/list?size=100', token)).body.data.records as Array<{
          id: string;
        }>
      ).map((r) => r.id);

    await grant(t, admin, { roleIds: [role], menuIds: noticeView, dataScopeIds: [A.scopeNoticeOwn] });
    expect(await titles(user.token)).toEqual([mine.id]);
    expect(await titles(colleague.token)).toEqual([theirs.id]);
    await grant(t, admin, { roleIds: [role], menuIds: noticeView, dataScopeIds: [A.scopeNoticeDept] });
    expect(await titles(user.token)).toContain(mine.id);
    expect(await titles(user.token)).not.toContain(theirs.id);
    // The tenant administrator is never narrowed (BladeX: roles with `admin` skip data scopes).
    expect(await titles(admin)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
  });
});
