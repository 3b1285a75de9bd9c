import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects, type TestApp } from '../../test/helpers.js';
import { withPlatformScope } from '../db/row-scope.js';
import { MissingAccessDeclarationError } from './access.js';
import { DATE_TIME_PATTERN } from './dates.js';
import { TenantContextMissingError } from './errors.js';
import { TenantData } from './tenant-data.js';

describe.each(dialects)('API core on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, (app) => {
      app.get('/api/test/boom', { config: { access: { kind: 'public' } } }, async () => {
        throw new Error('SELECT secret FROM internals failed at /srv/app.ts:12');
      });
    });
    admin = (await t.token(DEMO.platformAdmin)).access_token;
    tenantAdmin = (await t.token(DEMO.tenantAdmin)).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('every /api route declares who may call it', () => {
    const api = t.routes.filter((r) => r.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(10);
    const undeclared = api.filter((r) => !r.access);
    expect(undeclared).toEqual([]);
  });

  it('refuses to build an app with a route that declares no access', async () => {
    await expect(
      createTestApp(dialect, {}, (app) => {
        app.get('/api/test/forgotten', async () => ({ ok: true }));
      }),
    ).rejects.toBeInstanceOf(MissingAccessDeclarationError);
  });

  it('answers 401 on every non-public route for an anonymous caller', async () => {
    const guarded = t.routes.filter(
      (r) => r.url.startsWith('/api/') && r.access?.kind !== 'public' && r.method !== 'HEAD',
    );
    expect(guarded.length).toBeGreaterThan(5);
    for (const route of guarded) {
      const res = await t.app.inject({ method: route.method as 'GET', url: route.url });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(JSON.parse(res.body)).toMatchObject({ code: 401, success: false });
    }
  });

  it('uses the R envelope for unknown paths and hides internals on a 500', async () => {
    const missing = await t.call('GET', '/api/cube-system/does-not-exist');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toEqual({ code: 404, success: false, msg: '没找到请求', data: {} });
    const boom = await t.call('GET', '/api/test/boom');
    expect(boom.statusCode).toBe(500);
    expect(boom.body).toEqual({ code: 500, success: false, msg: '服务器异常', data: {} });
    expect(boom.raw).not.toContain('internals');
  });

  it('gives path variants of a protected route no way around the token', async () => {
    const token = (await t.token(DEMO.tenantUser)).access_token;
    for (const url of [
      '/API/cube-auth/oauth/user-info',
      '/api/cube-auth/oauth/user-info/',
      '/api/cube-auth/oauth/user-info;.js',
      '/api/cube-auth/oauth/../oauth/user-info',
      '/api/cube-auth/oauth/%2e%2e/oauth/user-info',
      '//api/cube-auth/oauth/user-info',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([401, 404], url).toContain(res.statusCode);
    }
    expect((await t.call('GET', '/api/cube-auth/oauth/user-info', token)).statusCode).toBe(200);
  });

  it('reports health and readiness without revealing versions', async () => {
    const live = await t.call('GET', '/api/health');
    expect(live.body).toEqual({ status: 'UP' });
    const ready = await t.call('GET', '/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.body).toEqual({ status: 'UP', database: 'UP', store: 'UP' });
  });

  it('runs the parameter CRUD with string ids, formatted dates and Chinese validation messages', async () => {
    const missing = await t.call('POST', '/api/cube-system/param/submit', admin, {
      paramKey: 'k',
      paramValue: 'v',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toMatchObject({ code: 400, success: false, msg: '请输入参数名称' });
    const missingValue = await t.call('POST', '/api/cube-system/param/submit', admin, {
      paramName: 'n',
      paramKey: 'k',
      paramValue: '  ',
    });
    expect(missingValue.body.msg).toBe('请输入参数键值');

    const created = await t.call('POST', '/api/cube-system/param/submit', admin, {
      paramName: '测试参数',
      paramKey: 'test.platform.key',
      paramValue: '42',
      remark: '备注',
      tenantId: '100000',
      isDeleted: 1,
      createUser: '1',
    });
    expect(created.statusCode).toBe(200);
    const id = created.body.data.id as string;
    expect(id).toMatch(/^\d{15,19}$/);

    const duplicate = await t.call('POST', '/api/cube-system/param/submit', admin, {
      paramName: 'x',
      paramKey: 'test.platform.key',
      paramValue: '1',
    });
    expect(duplicate.body.msg).toBe('参数键名已存在');

    const detail = await t.call('GET', `/api/cube-system/param/detail?id=${id}`, admin);
    expect(detail.body.data).toMatchObject({
      id,
      paramName: '测试参数',
      paramValue: '42',
      isDeleted: 0,
      status: 1,
    });
    expect(typeof detail.body.data.createUser).toBe('string');
    expect(detail.body.data.createTime).toMatch(DATE_TIME_PATTERN);

    const updated = await t.call('POST', '/api/cube-system/param/submit', admin, {
      id,
      paramName: '测试参数2',
      paramKey: 'test.platform.key',
      paramValue: '43',
    });
    expect(updated.statusCode).toBe(200);

    const list = await t.call('GET', '/api/cube-system/param/list?current=1&size=2&paramName=测试', admin);
    expect(list.body.data).toMatchObject({ total: 1, size: 2, current: 1, pages: 1 });
    expect(list.body.data.records[0]).toMatchObject({ id, paramName: '测试参数2' });
    const all = await t.call('GET', '/api/cube-system/param/list?current=1&size=2', admin);
    expect(all.body.data.records).toHaveLength(2);
    expect(all.body.data.total).toBeGreaterThanOrEqual(5);
    const exact = await t.call(
      'GET',
      '/api/cube-system/param/list?paramKey_equal=account.failCount&ascs=param_key',
      admin,
    );
    expect(exact.body.data.records.map((r: { paramKey: string }) => r.paramKey)).toEqual([
      'account.failCount',
    ]);
    const dated = await t.call(
      'GET',
      `/api/cube-system/param/list?createTime_datege=2000-01-01 00:00:00&createTime_datelt=2999-01-01 00:00:00&paramKey=test.platform`,
      admin,
    );
    expect(dated.body.data.total).toBe(1);

    const removeNone = await t.call('POST', '/api/cube-system/param/remove', admin);
    expect(removeNone.statusCode).toBe(400);
    const removed = await t.call('POST', `/api/cube-system/param/remove?ids=${id}`, admin);
    expect(removed.body).toMatchObject({ code: 200, success: true });
    expect((await t.call('GET', `/api/cube-system/param/detail?id=${id}`, admin)).statusCode).toBe(404);
  });

  it('refuses unknown filter and sort fields before any SQL is built', async () => {
    const attacks = [
      'password=x',
      'paramName_like=x&is_deleted=1',
      'descs=case when 1=1 then id else param_name end',
      'ascs=id;select pg_sleep(5)',
      'paramName)--=x',
      'tenantId=000000',
      'status_like=1',
    ];
    for (const query of attacks) {
      t.sql.length = 0;
      const res = await t.call('GET', `/api/cube-system/param/list?${query}`, admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.body.success).toBe(false);
      expect(
        t.sql.some((s) => s.includes('cube_param')),
        query,
      ).toBe(false);
    }
    const badPage = await t.call('GET', '/api/cube-system/param/list?current=abc', admin);
    expect(badPage.statusCode).toBe(400);
  });

  it('keeps platform-global parameters away from tenant administrators', async () => {
    expect((await t.call('GET', '/api/cube-system/param/list', tenantAdmin)).statusCode).toBe(403);
    const write = await t.call('POST', '/api/cube-system/param/submit', tenantAdmin, {
      paramName: 'x',
      paramKey: 'evil',
      paramValue: '1',
    });
    expect(write.statusCode).toBe(403);
    const remove = await t.call('POST', '/api/cube-system/param/remove?ids=1123598819738675201', tenantAdmin);
    expect(remove.statusCode).toBe(403);
    const still = await t.call('GET', '/api/cube-system/param/detail?id=1123598819738675201', admin);
    expect(still.body.data.paramKey).toBe('account.registerUser');
  });

  it('rejects a batch remove that names an id that does not exist, changing nothing', async () => {
    const created = await t.call('POST', '/api/cube-system/param/submit', admin, {
      paramName: 'n',
      paramKey: 'batch.key',
      paramValue: 'v',
    });
    const id = created.body.data.id;
    const res = await t.call('POST', `/api/cube-system/param/remove?ids=${id},999999999999999`, admin);
    expect(res.statusCode).toBe(404);
    expect((await t.call('GET', `/api/cube-system/param/detail?id=${id}`, admin)).statusCode).toBe(200);
  });

  it('fails closed when tenant-owned data is reached without a tenant', () => {
    expect(() => new TenantData(t.deps.db.db, '')).toThrow(TenantContextMissingError);
    expect(() => new TenantData(t.deps.db.db, undefined)).toThrow(TenantContextMissingError);
    const scoped = new TenantData(t.deps.db.db, '100000').selectFrom('cubeUser').selectAll().compile();
    expect(scoped.sql).toContain('"tenant_id" = ?'.replace('?', dialect === 'postgres' ? '$1' : '?'));
  });

  it('answers site info by domain with branding resources over the platform defaults', async () => {
    const none = await t.call('GET', '/api/cube-system/tenant/info?domain=http://unknown.example.com');
    expect(none.body.data).toMatchObject({ tenantId: '', domain: '' });
    expect(none.body.data.resources).toContainEqual({
      resources_code: 'title',
      resources_content: '立方门户',
    });
    expect(none.body.data.config).toMatchObject({
      clientId: 'cube_web',
      defaultTenantId: '100000',
      tokenTime: 43000,
      captchaMode: false,
    });
    await withPlatformScope(() =>
      t.deps.db.db
        .updateTable('cubeTenant')
        .set({ domain: 'portal.lifang-ip.cn' })
        .where('tenantId', '=', '100000')
        .execute(),
    );
    await withPlatformScope(() =>
      t.deps.db.db
        .insertInto('cubeSiteResource')
        .values({
          id: '1999999999999999991',
          tenantId: '100000',
          resourcesCode: 'title',
          resourcesContent: '立方知识产权',
        })
        // The demo seed may already give the tenant its own title (the public site's branding).
        .onConflict((oc) =>
          oc.columns(['tenantId', 'resourcesCode']).doUpdateSet({ resourcesContent: '立方知识产权' }),
        )
        .execute(),
    );
    const found = await t.call('GET', '/api/cube-system/tenant/info?domain=https://Portal.lifang-ip.cn/');
    expect(found.body.data).toMatchObject({ tenantId: '100000', tenantName: '立方知识产权代理有限公司' });
    expect(found.body.data.resources).toContainEqual({
      resources_code: 'title',
      resources_content: '立方知识产权',
    });
    expect(found.body.data.resources).toContainEqual({
      resources_code: 'loginTitle',
      resources_content: '立方企业门户管理平台',
    });
  });
});
