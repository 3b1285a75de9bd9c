import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects, type TestApp } from '../../../test/helpers.js';
import { withPlatformScope } from '../../db/row-scope.js';
import { TENANT_MISSING } from './tenant-choice.js';

/**
 * The platform administers every tenant's users (BladeX): every user route takes `tenantId` from the platform
 * administrator, and refuses it from anyone else when it names another tenant. `user-list` answers user rows.
 */
const TENANT = '100000';
const ROLE_USER = '1123598816738675203';
const DEPT_PATENT = '1123598813738675203';
const USER_ID = '1123598821738675203';
const U = '/api/cube-user';

describe.each(dialects)('the platform administers every tenant’s users on %s', (dialect) => {
  let t: TestApp;
  let platform: string;
  let tenantAdmin: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    platform = (await t.token(DEMO.platformAdmin)).access_token;
    tenantAdmin = (await t.token(DEMO.tenantAdmin)).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads another tenant’s users with their tenant for the platform administrator only', async () => {
    for (const path of ['page', 'list']) {
      const res = await t.call('GET', `${U}/${path}?tenantId=${TENANT}&size=100`, platform);
      expect(res.body, res.raw).toMatchObject({ code: 200 });
      const records = res.body.data.records as Array<{ tenantId: string; tenantName: string }>;
      expect(records.length).toBeGreaterThan(2);
      expect(new Set(records.map((r) => r.tenantId))).toEqual(new Set([TENANT]));
      expect(records[0]!.tenantName).toBe('立方知识产权代理有限公司');
    }
    const own = await t.call('GET', `${U}/page?size=100`, platform);
    expect(new Set(own.body.data.records.map((r: { tenantId: string }) => r.tenantId))).toEqual(
      new Set(['000000']),
    );
    expect(
      (await t.call('GET', `${U}/detail?id=${USER_ID}&tenantId=${TENANT}`, platform)).body,
    ).toMatchObject({
      code: 200,
      data: { id: USER_ID, tenantId: TENANT },
    });
    expect((await t.call('GET', `${U}/detail?id=${USER_ID}`, platform)).statusCode).toBe(404);
    expect(
      (await t.call('GET', `${U}/platform-detail?id=${USER_ID}&tenantId=${TENANT}`, platform)).body,
    ).toMatchObject({ code: 200, data: { id: USER_ID } });
    const exported = await t.call('GET', `${U}/export-user?tenantId=${TENANT}`, platform);
    expect(exported.statusCode).toBe(200);

    // Anyone else naming another tenant is refused, not quietly answered with their own rows.
    for (const url of [
      `${U}/page?tenantId=000000`,
      `${U}/list?tenantId=000000`,
      `${U}/user-list?tenantId=000000`,
      `${U}/detail?id=1&tenantId=000000`,
    ])
      expect((await t.call('GET', url, tenantAdmin)).statusCode, url).toBe(403);
    expect((await t.call('GET', `${U}/page?tenantId=${TENANT}`, tenantAdmin)).body).toMatchObject({
      code: 200,
    });
    expect((await t.call('GET', `${U}/page?tenantId=999999`, platform)).body).toMatchObject({
      code: 400,
      msg: TENANT_MISSING,
    });
  });

  it('writes another tenant’s users for the platform administrator: submit, reset, unlock, grant, platform', async () => {
    const account = `plat${Date.now().toString(36)}`;
    const created = await t.call('POST', `${U}/submit`, platform, {
      tenantId: TENANT,
      account,
      name: '跨租户',
      realName: '跨租户',
      roleId: ROLE_USER,
      deptId: DEPT_PATENT,
      phone: '13900001111',
      password: 'Cross@2026',
    });
    expect(created.body, created.raw).toMatchObject({ code: 200 });
    const id = created.body.data.id as string;
    const row = await withPlatformScope(() =>
      t.deps.db.db.selectFrom('cubeUser').select(['tenantId']).where('id', '=', id).executeTakeFirstOrThrow(),
    );
    expect(row.tenantId).toBe(TENANT);

    for (const url of [
      `${U}/reset-password?userIds=${id}&tenantId=${TENANT}`,
      `${U}/unlock?userIds=${id}&tenantId=${TENANT}`,
      `${U}/grant?userIds=${id}&roleIds=${ROLE_USER}&tenantId=${TENANT}`,
      `${U}/update-platform?userId=${id}&userType=2&userExt=x&tenantId=${TENANT}`,
    ]) {
      const res = await t.call('POST', url, platform);
      expect(res.body, url).toMatchObject({ code: 200 });
    }
    // Without the tenant the same user is not the platform's.
    expect((await t.call('POST', `${U}/unlock?userIds=${id}`, platform)).statusCode).toBe(404);
    // A tenant's administrator cannot write into the platform tenant.
    const refused = await t.call('POST', `${U}/submit`, tenantAdmin, {
      tenantId: '000000',
      account: `${account}x`,
      name: 'x',
      realName: 'x',
      roleId: ROLE_USER,
      deptId: DEPT_PATENT,
      phone: '13900001112',
    });
    expect(refused.statusCode).toBe(403);
    expect((await t.call('POST', `${U}/remove?ids=${id}&tenantId=${TENANT}`, platform)).body).toMatchObject({
      code: 200,
    });
  });

  it('answers user-list as user rows', async () => {
    const res = await t.call('GET', `${U}/user-list`, tenantAdmin);
    expect(res.body).toMatchObject({ code: 200 });
    const row = (res.body.data as Array<Record<string, unknown>>).find((u) => u.id === USER_ID)!;
    for (const key of [
      'tenantId',
      'account',
      'name',
      'realName',
      'avatar',
      'email',
      'phone',
      'sex',
      'deptId',
      'postId',
      'roleId',
      'status',
      'userType',
    ])
      expect(row, key).toHaveProperty(key);
    expect(row).toMatchObject({ tenantId: TENANT, account: 'user', password: '' });
  });
});
