import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects, type TestApp } from '../../../../test/helpers.js';
import { withPlatformScope } from '../../../db/row-scope.js';

describe.each(dialects)('lookups on %s', (dialect) => {
  let t: TestApp;
  let user: string;
  let tenantAdmin: string;
  let platformAdmin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    user = (await t.token(DEMO.tenantUser)).access_token;
    tenantAdmin = (await t.token(DEMO.tenantAdmin)).access_token;
    platformAdmin = (await t.token(DEMO.platformAdmin)).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers system dictionary items by code, without the root and sealed items', async () => {
    const res = await t.call('GET', '/api/cube-system/dict/dictionary?code=sex', user);
    expect(res.statusCode).toBe(200);
    expect(
      res.body.data.map((d: { dictKey: string; dictValue: string }) => [d.dictKey, d.dictValue]),
    ).toEqual([
      ['1', '男'],
      ['2', '女'],
      ['3', '未知'],
    ]);
    await withPlatformScope(() =>
      t.deps.db.db
        .updateTable('cubeDict')
        .set({ isSealed: 1 })
        .where('code', '=', 'sex')
        .where('dictKey', '=', '3')
        .execute(),
    );
    const sealed = await t.call('GET', '/api/cube-system/dict/dictionary?code=sex', user);
    expect(sealed.body.data).toHaveLength(2);
    expect(
      (await t.call('GET', '/api/cube-system/dict/dictionary?code=no_such_code', user)).body.data,
    ).toEqual([]);
    expect((await t.call('GET', '/api/cube-system/dict/dictionary?code=cube_user;--', user)).statusCode).toBe(
      400,
    );
    expect((await t.call('GET', '/api/cube-system/dict/dictionary', user)).body.msg).toBe(
      '缺少必要的请求参数：编号',
    );
    expect((await t.call('GET', '/api/cube-system/dict/dictionary?code=sex')).statusCode).toBe(401);
  });

  it('answers business dictionary items of the caller’s tenant only', async () => {
    const rows = [
      {
        id: '1999999999999990001',
        tenantId: '100000',
        parentId: '0',
        code: 'lookup_flow',
        dictKey: '-1',
        dictValue: '流程',
        sort: 0,
      },
      {
        id: '1999999999999990002',
        tenantId: '100000',
        parentId: '1999999999999990001',
        code: 'lookup_flow',
        dictKey: 'invention',
        dictValue: '发明专利全流程',
        sort: 1,
      },
      {
        id: '1999999999999990003',
        tenantId: '000000',
        parentId: '1999999999999990004',
        code: 'lookup_flow',
        dictKey: 'secret',
        dictValue: '平台流程',
        sort: 1,
      },
    ];
    for (const row of rows)
      await withPlatformScope(() =>
        t.deps.db.db
          .insertInto('cubeDictBiz')
          .values({ ...row, remark: '/flow/x', isSealed: 0, isDeleted: 0 })
          .execute(),
      );
    const res = await t.call('GET', '/api/cube-system/dict-biz/dictionary?code=lookup_flow', user);
    expect(res.body.data.map((d: { dictKey: string }) => d.dictKey)).toEqual(['invention']);
    const platform = await t.call(
      'GET',
      '/api/cube-system/dict-biz/dictionary?code=lookup_flow',
      platformAdmin,
    );
    expect(platform.body.data.map((d: { dictKey: string }) => d.dictKey)).toEqual(['secret']);
  });

  it('lists the caller’s own departments and roles, and another user’s only with the user permission', async () => {
    const depts = await t.call('GET', '/api/cube-system/dept/select', user);
    expect(depts.body.data).toEqual([{ id: '1123598813738675203', deptName: '专利代理部' }]);
    const roles = await t.call('GET', '/api/cube-system/role/select', tenantAdmin);
    expect(roles.body.data).toEqual([{ id: '1123598816738675202', roleName: '管理员' }]);
    const other = await t.call('GET', '/api/cube-system/role/select?userId=1123598821738675202', user);
    expect(other.statusCode).toBe(403);
    const foreign = await t.call(
      'GET',
      '/api/cube-system/role/select?userId=1123598821738675202',
      platformAdmin,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('reports the self-check to administrators only', async () => {
    expect((await t.call('GET', '/api/cube-system/self-check')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/cube-system/self-check', user)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/cube-system/self-check', platformAdmin)).statusCode).toBe(200);
    const res = await t.call('GET', '/api/cube-system/self-check', tenantAdmin);
    expect(res.body.data).toMatchObject({
      api: 'UP',
      database: { kind: dialect, status: 'UP' },
      store: { kind: 'memory', status: 'UP' },
      tenantIsolation: dialect === 'postgres' ? 'row-security' : 'application',
      version: '0.1.0',
    });
    expect(res.body.data.serverTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('gives the console home live figures of the caller’s tenant only', async () => {
    const res = await t.call('GET', '/api/cube-desk/dashboard/overview', user);
    expect(res.statusCode).toBe(200);
    const d = res.body.data;
    // Other seeds add departments, roles and staff to 100000 (authority, users), so the
    // expected figures are counted from the tenant's own live rows.
    const live = async (table: 'cubeDept' | 'cubeRole' | 'cubeUser') =>
      (
        await withPlatformScope(() =>
          t.deps.db.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('tenantId', '=', '100000')
            .where('isDeleted', '=', 0)
            .executeTakeFirstOrThrow(),
        )
      ).n;
    expect(d).toMatchObject({
      tenantId: '100000',
      tenantName: '立方知识产权代理有限公司',
      userCount: Number(await live('cubeUser')),
      deptCount: Number(await live('cubeDept')),
      roleCount: Number(await live('cubeRole')),
    });
    expect(d.loginsByDay).toHaveLength(7);
    expect(d.loginsByDay[6].count).toBeGreaterThanOrEqual(2);
    expect(d.activeSessions).toBeGreaterThanOrEqual(2);
    expect(d.usersByDept).toEqual(
      expect.arrayContaining([
        { deptName: '立方知识产权', count: expect.any(Number) },
        { deptName: '专利代理部', count: expect.any(Number) },
      ]),
    );
    const platform = await t.call('GET', '/api/cube-desk/dashboard/overview', platformAdmin);
    expect(platform.body.data).toMatchObject({ tenantId: '000000', userCount: 1 });
  });
});
