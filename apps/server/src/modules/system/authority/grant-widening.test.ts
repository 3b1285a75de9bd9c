import { roleEntity } from '@cube/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A, grant, makeRole, signInAs } from '../../../../test/authority-fixtures.js';
import { createTestApp, DEMO, dialects, type TestApp } from '../../../../test/helpers.js';
import { withPlatformScope } from '../../../db/row-scope.js';

/**
 * A role manager who is not an administrator cannot loosen the rules that bind themselves: removing the data
 * scope (or API scope) that narrows their own role, or swapping it for a rule they do not hold, is refused with a
 * Chinese message and changes nothing; the same grant kept as it is, or a change to a role they do not hold, goes
 * through.
 */
describe.each(dialects)('no grant widens the granter’s own reach on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let role: string;
  let other: string;
  let manager: { id: string; token: string };
  let menuIds: string[];
  let ownRule: string;
  let allRule: string;
  /** Roles of the user-screen cases: `managing` narrows 客户咨询 to own rows, `wide` holds it without a rule. */
  let managing: string;
  let wide: string;
  let adminRole: string;
  let userMenuIds: string[];

  const leadCountOf = async (token: string) => {
    const res = await t.call('GET', '/api/cube-pr/lead/list?size=100', token);
    expect(res.statusCode, res.raw).toBe(200);
    return res.body.data.total as number;
  };
  const storedRoles = async (userId: string) =>
    String(
      (
        await withPlatformScope(() =>
          t.deps.db.db
            .selectFrom('cubeUser')
            .select('roleId')
            .where('id', '=', userId)
            .executeTakeFirstOrThrow(),
        )
      ).roleId,
    );

  const leadCount = async () => {
    const res = await t.call('GET', '/api/cube-pr/lead/list?size=100', manager.token);
    expect(res.statusCode, res.raw).toBe(200);
    return res.body.data.total as number;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.token(DEMO.tenantAdmin)).access_token;
    const platform = (await t.token(DEMO.platformAdmin)).access_token;
    const menus = await t.deps.db.db.selectFrom('cubeMenu').select(['id', 'code', 'parentId']).execute();
    const withParents = (codes: string[]) => {
      const wanted = new Set(codes);
      const ids = new Set(menus.filter((m) => wanted.has(m.code)).map((m) => String(m.id)));
      expect(ids.size).toBe(codes.length);
      for (const id of [...ids]) {
        let parent = menus.find((m) => String(m.id) === id)?.parentId;
        while (parent && String(parent) !== '0') {
          ids.add(String(parent));
          parent = menus.find((m) => String(m.id) === String(parent))?.parentId;
        }
      }
      return [...ids];
    };
    menuIds = withParents(['role', 'role_grant', 'lead']);
    userMenuIds = withParents(['role', 'role_edit', 'role_grant', 'lead', 'user', 'user_edit', 'user_role']);
    const leadMenu = String(menus.find((m) => m.code === 'lead')?.id);
    const rule = async (scopeType: number) => {
      const res = await t.call('POST', '/api/cube-system/data-scope/submit', platform, {
        menuId: leadMenu,
        scopeName: `客户咨询-${scopeType}`,
        scopeType,
        scopeValue: '',
      });
      expect(res.statusCode, res.raw).toBe(200);
      return res.body.data.id as string;
    };
    ownRule = await rule(2);
    allRule = await rule(1);
    role = await makeRole(t, admin, '角色管理员');
    other = await makeRole(t, admin, '其他角色');
    expect((await grant(t, admin, { roleIds: [role], menuIds, dataScopeIds: [ownRule] })).statusCode).toBe(
      200,
    );
    manager = await signInAs(t, [role], [A.deptMechanical]);
    managing = await makeRole(t, admin, '用户管理员');
    wide = await makeRole(t, admin, '客户咨询全部');
    expect(
      (await grant(t, admin, { roleIds: [managing], menuIds: userMenuIds, dataScopeIds: [ownRule] }))
        .statusCode,
    ).toBe(200);
    expect((await grant(t, admin, { roleIds: [wide], menuIds: withParents(['lead']) })).statusCode).toBe(200);
    adminRole = String(
      (
        await withPlatformScope(() =>
          t.deps.db.db
            .selectFrom('cubeRole')
            .select('id')
            .where('tenantId', '=', '100000')
            .where('roleAlias', '=', 'admin')
            .executeTakeFirstOrThrow(),
        )
      ).id,
    );
    for (let i = 0; i < 5; i++) {
      const lead = await t.call('POST', '/api/cube-pr/lead/submit', admin, {
        name: `客户${i}`,
        phone: '13800138000',
        company: '公司',
        service: '专利申请',
        message: 'x',
      });
      expect(lead.statusCode, lead.raw).toBe(200);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses removing the data scope that narrows the caller’s own role', async () => {
    expect(await leadCount()).toBe(0);
    const res = await grant(t, manager.token, { roleIds: [role], menuIds, dataScopeIds: [] });
    expect(res.body.msg).toBe(roleEntity.messages.grantWidensOwn);
    expect(res.body.msg).toBe('不能放宽自己所属角色的数据权限或接口权限');
    expect(await leadCount()).toBe(0);
  });

  it('refuses swapping the rule for a wider one, alone or with the caller’s rule', async () => {
    for (const dataScopeIds of [[allRule], [ownRule, allRule]]) {
      const res = await grant(t, manager.token, { roleIds: [role], menuIds, dataScopeIds });
      expect(res.statusCode).not.toBe(200);
      expect(await leadCount()).toBe(0);
    }
  });

  it('refuses it when the caller’s role is one of several changed at once', async () => {
    const res = await grant(t, manager.token, { roleIds: [other, role], menuIds, dataScopeIds: [] });
    expect(res.body.msg).toBe(roleEntity.messages.grantWidensOwn);
    expect(await leadCount()).toBe(0);
  });

  it('lets the same grant be saved again, and another role be granted what the caller holds', async () => {
    const same = await grant(t, manager.token, { roleIds: [role], menuIds, dataScopeIds: [ownRule] });
    expect(same.statusCode, same.raw).toBe(200);
    const others = await grant(t, manager.token, { roleIds: [other], menuIds, dataScopeIds: [ownRule] });
    expect(others.statusCode, others.raw).toBe(200);
    expect(await leadCount()).toBe(0);
  });

  it('refuses a user grant or user edit that drops the caller’s own narrowing role, and nothing changes', async () => {
    // Both roles: the rules of a code are the union over the roles, so 客户咨询 is narrowed to own rows.
    const self = await signInAs(t, [managing, wide], [A.deptMechanical]);
    expect(await leadCountOf(self.token)).toBe(0);
    const byGrant = await t.call(
      'POST',
      `/api/cube-user/grant?userIds=${self.id}&roleIds=${wide}`,
      self.token,
    );
    expect(byGrant.body.msg, byGrant.raw).toBe(roleEntity.messages.grantWidensOwn);
    const detail = await t.call('GET', `/api/cube-user/detail?id=${self.id}`, self.token);
    expect(detail.statusCode, detail.raw).toBe(200);
    const edited = { ...detail.body.data, roleId: wide, password: undefined };
    for (const url of ['/api/cube-user/submit', '/api/cube-user/update']) {
      const res = await t.call('POST', url, self.token, edited);
      expect(res.body.msg, `${url} ${res.raw}`).toBe(roleEntity.messages.grantWidensOwn);
    }
    expect(await storedRoles(self.id)).toBe(`${managing},${wide}`);
    expect(await leadCountOf(self.token)).toBe(0);
    // The same caller still hands their roles to someone else, and keeps a role set that is no wider.
    const colleague = await signInAs(t, [managing], [A.deptMechanical]);
    const other = await t.call(
      'POST',
      `/api/cube-user/grant?userIds=${colleague.id}&roleIds=${wide}`,
      self.token,
    );
    expect(other.statusCode, other.raw).toBe(200);
    expect(await storedRoles(colleague.id)).toBe(wide);
    const narrower = await t.call(
      'POST',
      `/api/cube-user/grant?userIds=${self.id}&roleIds=${managing}`,
      self.token,
    );
    expect(narrower.statusCode, narrower.raw).toBe(200);
    expect(await storedRoles(self.id)).toBe(managing);
  });

  it('refuses renaming the alias of a role the caller holds; its name and other roles stay editable', async () => {
    const self = await signInAs(t, [managing], [A.deptMechanical]);
    const detail = (await t.call('GET', `/api/cube-system/role/detail?id=${managing}`, self.token)).body.data;
    const renamed = await t.call('POST', '/api/cube-system/role/submit', self.token, {
      ...detail,
      roleAlias: 'manager',
    });
    expect(renamed.body.msg, renamed.raw).toBe(roleEntity.messages.ownRoleAlias);
    expect(roleEntity.messages.ownRoleAlias).toBe('不能修改自己所属角色的别名');
    const named = await t.call('POST', '/api/cube-system/role/submit', self.token, {
      ...detail,
      roleName: '用户管理员（改名）',
    });
    expect(named.statusCode, named.raw).toBe(200);
    const otherDetail = (await t.call('GET', `/api/cube-system/role/detail?id=${other}`, self.token)).body
      .data;
    const others = await t.call('POST', '/api/cube-system/role/submit', self.token, {
      ...otherDetail,
      roleAlias: `${otherDetail.roleAlias}x`,
    });
    expect(others.statusCode, others.raw).toBe(200);
  });

  it('leaves the tenant administrator their full power over their own roles and grants', async () => {
    const chief = await signInAs(t, [adminRole, managing], [A.deptMechanical]);
    const regrant = await grant(t, chief.token, {
      roleIds: [managing],
      menuIds: userMenuIds,
      dataScopeIds: [],
    });
    expect(regrant.statusCode, regrant.raw).toBe(200);
    const own = await t.call(
      'POST',
      `/api/cube-user/grant?userIds=${chief.id}&roleIds=${adminRole}`,
      chief.token,
    );
    expect(own.statusCode, own.raw).toBe(200);
    expect(await storedRoles(chief.id)).toBe(adminRole);
  });
});
