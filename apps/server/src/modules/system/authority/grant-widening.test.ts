import { roleEntity } from '@cube/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A, grant, makeRole, signInAs } from '../../../../test/authority-fixtures.js';
import { createTestApp, DEMO, dialects, type TestApp } from '../../../../test/helpers.js';

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
    const wanted = new Set(['role', 'role_grant', 'lead']);
    const ids = new Set(menus.filter((m) => wanted.has(m.code)).map((m) => String(m.id)));
    for (const id of [...ids]) {
      let parent = menus.find((m) => String(m.id) === id)?.parentId;
      while (parent && String(parent) !== '0') {
        ids.add(String(parent));
        parent = menus.find((m) => String(m.id) === String(parent))?.parentId;
      }
    }
    menuIds = [...ids];
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
});
