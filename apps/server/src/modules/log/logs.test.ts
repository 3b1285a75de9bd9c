import { logApiEntity, logErrorEntity, logUsualEntity } from '@cube/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects, type TestApp } from '../../../test/helpers.js';
import { runReadOnlyCrudKit } from '../../../test/kit/read-only-kit.js';
import { withPlatformScope } from '../../db/row-scope.js';
import type { TableName } from '../../db/types.js';
import { access } from '../../platform/access.js';
import { formatDateTime } from '../../platform/dates.js';
import { newId } from '../../platform/ids.js';
import { isApiLogged, LOG_RETENTION_PARAM, paramsText } from '../../platform/log-recorder.js';
import { md5Hex } from '../../platform/passwords.js';

const common = (n: number) => ({
  serviceId: 'cube-server',
  serverHost: 'host-a',
  serverIp: '10.0.0.1',
  env: 'dev',
  method: 'GET',
  requestUri: `/api/cube-system/param/list/${n}`,
  userAgent: 'Mozilla/5.0',
  remoteIp: '10.0.0.9',
  params: '',
  createBy: 'admin',
  createTime: formatDateTime(),
});

runReadOnlyCrudKit({
  entity: logUsualEntity,
  table: 'cubeLogUsual',
  admin: 'tenantAdmin',
  outsider: 'tenantUser',
  row: (n) => ({
    ...common(n),
    methodClass: '',
    methodName: '',
    logLevel: 'info',
    logId: 'auth.login',
    title: '登录成功',
    logData: '',
    userId: '1',
  }),
});
runReadOnlyCrudKit({
  entity: logApiEntity,
  table: 'cubeLogApi',
  admin: 'tenantAdmin',
  outsider: 'tenantUser',
  row: (n) => ({
    ...common(n),
    methodClass: '/api/cube-system/param/list',
    methodName: '',
    type: '1',
    title: '参数管理-列表',
    status: 200,
    time: n,
    userId: '1',
  }),
});
runReadOnlyCrudKit({
  entity: logErrorEntity,
  table: 'cubeLogError',
  admin: 'tenantAdmin',
  outsider: 'tenantUser',
  row: (n) => ({
    ...common(n),
    stackTrace: 'Error: x\n    at f (/app/x.js:1:2)',
    exceptionName: 'Error',
    message: 'x',
    fileName: '/app/x.js',
    lineNumber: n,
  }),
});

describe('paramsText', () => {
  it('keeps the names of secret parameters and drops their values, at any depth', () => {
    const text = paramsText({
      account: 'admin',
      password: 'p1',
      nested: { refresh_token: 'r1', client_secret: 's1', list: [{ oldPassword: 'o1' }] },
      note: 'Authorization: Bearer abcdefghijklmnop',
    });
    expect(text).toContain('"account":"admin"');
    expect(text).toContain('"password":"[REDACTED]"');
    for (const secret of ['p1', 'r1', 's1', 'o1', 'abcdefghijklmnop']) expect(text).not.toContain(secret);
  });

  it('does not write buffers or files into the log', () => {
    expect(paramsText({ file: Buffer.from('x'.repeat(100)) })).toBe('{"file":"[binary]"}');
  });
});

const waitFor = async <T>(probe: () => Promise<T | undefined>, ms = 5000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error('not found in time');
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe.each(dialects)('logs on %s', (dialect) => {
  let t: TestApp;
  let platformAdmin: string;
  let tenantAdmin: string;
  const rawRows = async (table: TableName, where: (r: Record<string, unknown>) => boolean) => {
    // biome-ignore lint/suspicious/noExplicitAny: reads any log table
    const query = (t.deps.db.db.selectFrom(table) as any).selectAll();
    const rows = (await withPlatformScope(() => query.execute())) as Array<Record<string, unknown>>;
    return rows.filter(where);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, (app) => {
      app.get('/api/test/boom', { config: { access: access.authenticated } }, async () => {
        throw new Error('database exploded near access_token=abc123secret');
      });
      app.get('/api/test/refused', { config: { access: access.authenticated } }, async () => {
        const error = new Error('bad input') as Error & { statusCode: number };
        error.statusCode = 400;
        throw error;
      });
    });
    platformAdmin = (await t.token(DEMO.platformAdmin)).access_token;
    tenantAdmin = (await t.token(DEMO.tenantAdmin)).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  it("records a tenant's API call in its API log within seconds, never in another tenant's", async () => {
    const marker = '/api/cube-user/update-info';
    const probe = `probe${Date.now()}`;
    const call = await t.call('POST', `${marker}?probe=${probe}`, tenantAdmin, { email: 'admin@example.cn' });
    expect(call.statusCode).toBe(200);
    // Written by the recorder's timer, not by a flush the test asks for.
    const row = await waitFor(async () => {
      const res = await t.call(
        'GET',
        `/api/cube-log/api/list?requestUri=${marker}&createBy=admin`,
        tenantAdmin,
      );
      return (res.body.data.records as Array<Record<string, unknown>>).find((r) =>
        String(r.params).includes(probe),
      );
    });
    expect(row).toMatchObject({
      tenantId: '100000',
      method: 'POST',
      requestUri: marker,
      methodClass: marker,
      status: 200,
      type: '1',
      createBy: 'admin',
      title: '用户管理-修改个人信息',
      serviceId: 'cube-server',
    });
    expect(String(row.params)).toContain('admin@example.cn');
    expect(row.time).toBeGreaterThanOrEqual(0);
    expect(row.remoteIp).not.toBe('');
    // Not in the platform's own log, and stored for tenant 100000 only.
    const platformList = await t.call('GET', `/api/cube-log/api/list?id_equal=${row.id}`, platformAdmin);
    expect(platformList.body.data.records).toEqual([]);
    const raw = await rawRows('cubeLogApi', (r) => r.id === row.id);
    expect(raw.map((r) => r.tenantId)).toEqual(['100000']);
    // The platform administrator names the tenant to read it.
    const named = await t.call(
      'GET',
      `/api/cube-log/api/list?id_equal=${row.id}&tenantId=100000`,
      platformAdmin,
    );
    expect(named.body.data.records).toHaveLength(1);
  });

  it('does not log successful reads, reads of the log screens, nor public calls; logs failed reads', async () => {
    const user = (await t.token(DEMO.tenantUser)).access_token;
    await t.call('GET', '/api/cube-user/info?quiet=1', tenantAdmin);
    await t.call('GET', '/api/cube-log/usual/list', tenantAdmin);
    await t.call('GET', '/api/cube-log/usual/list?denied=1', user);
    await t.call('GET', '/api/cube-auth/oauth/captcha');
    await t.deps.audit.flush();
    const raw = await rawRows(
      'cubeLogApi',
      (r) =>
        String(r.requestUri).startsWith('/api/cube-log/') ||
        String(r.requestUri).includes('captcha') ||
        String(r.params).includes('quiet'),
    );
    expect(raw).toEqual([]);
    const denied = await t.call('GET', '/api/cube-system/param/list?denied=1', user);
    expect(denied.statusCode).toBe(403);
    await t.deps.audit.flush();
    const [row] = await rawRows('cubeLogApi', (r) => r.requestUri === '/api/cube-system/param/list');
    expect(row).toMatchObject({ status: 403, createBy: 'user', tenantId: '100000' });
    const ctx = { ctx: {}, method: 'POST', url: '/api/cube-log/error/upload' } as never;
    expect(isApiLogged(ctx, 200)).toBe(true);
    expect(isApiLogged({ ctx: {}, method: 'GET', url: '/api/cube-user/info' } as never, 200)).toBe(false);
    expect(isApiLogged({ ctx: {}, method: 'GET', url: '/api/cube-user/info' } as never, 500)).toBe(true);
  });

  it('redacts secrets in the parameters of an API log row', async () => {
    const user = await t.token(DEMO.tenantUser);
    const wrong = md5Hex('not-my-password');
    const res = await t.call(
      'POST',
      `/api/cube-user/update-password?oldPassword=${wrong}&newPassword=${md5Hex('N3w@pass')}&newPassword1=${md5Hex('N3w@pass')}`,
      user.access_token,
    );
    expect(res.statusCode).toBe(400);
    await t.deps.audit.flush();
    const [row] = await rawRows(
      'cubeLogApi',
      (r) => r.requestUri === '/api/cube-user/update-password' && r.createBy === 'user',
    );
    expect(row?.status).toBe(400);
    expect(row?.params).toContain('"oldPassword":"[REDACTED]"');
    expect(String(row?.params)).not.toContain(wrong);
    // The failed change is a usual-log event too, for the user's tenant.
    const [event] = await rawRows('cubeLogUsual', (r) => r.logId === 'user.password.change.failed');
    expect(event).toMatchObject({ tenantId: '100000', createBy: 'user', logLevel: 'warn' });
  });

  it('records sign-in and sign-out as usual-log events', async () => {
    const session = await t.token(DEMO.tenantUser);
    expect((await t.call('GET', '/api/cube-auth/oauth/logout', session.access_token)).statusCode).toBe(200);
    await t.deps.audit.flush();
    const events = await rawRows(
      'cubeLogUsual',
      (r) => r.tenantId === '100000' && r.createBy === 'user' && String(r.logId).startsWith('auth.'),
    );
    expect(events.map((e) => e.logId)).toEqual(expect.arrayContaining(['auth.login', 'auth.logout']));
    const login = events.find((e) => e.logId === 'auth.login');
    expect(login).toMatchObject({ title: '登录成功', requestUri: '/api/cube-auth/oauth/token' });
    expect(String(login?.params)).not.toContain(md5Hex(DEMO.tenantUser.password));
    const res = await t.call('GET', '/api/cube-log/usual/list?logId=auth.login', tenantAdmin);
    expect(res.body.data.total).toBeGreaterThan(0);
  });

  it('stores the log data posted with POST /oauth/logout before revoking the session', async () => {
    const session = await t.token(DEMO.tenantUser);
    const message = `logout-entry-${Date.now()}`;
    const res = await t.call('POST', '/api/cube-auth/oauth/logout', session.access_token, [
      {
        url: 'https://portal.example.cn/desk/notice',
        time: '2026-01-02 03:04:05',
        type: 'error',
        message,
        stack: '',
        info: 'x',
      },
      { url: 'https://portal.example.cn/', type: 'error', message: `${message}-2`, stack: '', info: null },
    ]);
    expect(res.statusCode).toBe(200);
    const stored = await rawRows('cubeLogError', (r) => String(r.message).startsWith(message));
    expect(stored).toHaveLength(2);
    expect(stored.every((r) => r.tenantId === '100000' && r.serviceId === 'cube-web')).toBe(true);
    // The data as posted is also the sign-out event's log data, as BladeX's usual log keeps it.
    await t.deps.audit.flush();
    const [event] = await rawRows(
      'cubeLogUsual',
      (r) => r.logId === 'auth.logout' && String(r.logData).includes(message),
    );
    expect(event).toMatchObject({ tenantId: '100000', createBy: 'user', method: 'POST', title: '退出登录' });
    expect(JSON.parse(String(event?.logData))).toHaveLength(2);
    expect((await t.call('GET', '/api/cube-auth/oauth/user-info', session.access_token)).statusCode).toBe(
      401,
    );
    // Invalid log data never blocks the sign-out.
    const other = await t.token(DEMO.tenantUser);
    const bad = await t.call('POST', '/api/cube-auth/oauth/logout', other.access_token, [{ time: 'soon' }]);
    expect(bad.statusCode).toBe(200);
    expect((await t.call('GET', '/api/cube-auth/oauth/user-info', other.access_token)).statusCode).toBe(401);
    // Log data that is no error-log list is kept in the sign-out event, secrets redacted.
    const third = await t.token(DEMO.tenantUser);
    const marker = `logout-object-${Date.now()}`;
    const object = await t.call('POST', '/api/cube-auth/oauth/logout', third.access_token, {
      marker,
      password: 'hunter2',
    });
    expect(object.statusCode).toBe(200);
    await t.deps.audit.flush();
    const [kept] = await rawRows('cubeLogUsual', (r) => String(r.logData).includes(marker));
    expect(kept?.logId).toBe('auth.logout');
    expect(String(kept?.logData)).not.toContain('hunter2');
  });

  it('records a server 500 in the error log, scrubbed, and not a 4xx', async () => {
    expect((await t.call('GET', '/api/test/boom?password=hunter2', tenantAdmin)).statusCode).toBe(500);
    expect((await t.call('GET', '/api/test/refused', tenantAdmin)).statusCode).toBe(400);
    await t.deps.audit.flush();
    const rows = await rawRows('cubeLogError', (r) => String(r.requestUri).startsWith('/api/test/'));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      tenantId: '100000',
      serviceId: 'cube-server',
      method: 'GET',
      requestUri: '/api/test/boom',
      exceptionName: 'Error',
      createBy: 'admin',
    });
    expect(row?.message).toContain('database exploded');
    for (const secret of ['abc123secret', 'hunter2']) {
      expect(String(row?.message)).not.toContain(secret);
      expect(String(row?.params)).not.toContain(secret);
      expect(String(row?.stackTrace)).not.toContain(secret);
    }
    expect(String(row?.fileName)).toMatch(/\.ts$|\.js$/);
    const listed = await t.call('GET', `/api/cube-log/error/list?requestUri=/api/test/boom`, tenantAdmin);
    expect(listed.body.data.total).toBe(1);
  });

  it('answers strId, the id as a string, beside id on every log list and detail', async () => {
    expect((await t.call('GET', '/api/test/boom', tenantAdmin)).statusCode).toBe(500);
    await t.call('GET', '/api/test/refused', tenantAdmin);
    await t.deps.audit.flush();
    for (const log of ['usual', 'api', 'error']) {
      const list = await t.call('GET', `/api/cube-log/${log}/list?size=5`, tenantAdmin);
      expect(list.statusCode).toBe(200);
      const records = list.body.data.records as Array<{ id: string; strId: string }>;
      expect(records.length).toBeGreaterThan(0);
      for (const r of records) expect(r.strId).toBe(r.id);
      const first = records[0] as { id: string };
      const detail = await t.call('GET', `/api/cube-log/${log}/detail?id=${first.id}`, tenantAdmin);
      expect(detail.body.data).toMatchObject({ id: first.id, strId: first.id });
    }
  });

  it('answers chart data for the three screens', async () => {
    const api = await t.call('GET', '/api/cube-log/api/stats', tenantAdmin);
    expect(api.statusCode).toBe(200);
    expect(api.body.data.perHour).toHaveLength(24);
    expect(api.body.data.perHour.reduce((n: number, c: { value: number }) => n + c.value, 0)).toBeGreaterThan(
      0,
    );
    expect(api.body.data.slowest.length).toBeGreaterThan(0);
    expect(api.body.data.byStatus.map((s: { label: string }) => s.label)).toEqual(['2xx', '4xx', '5xx']);
    const error = await t.call('GET', '/api/cube-log/error/stats', tenantAdmin);
    expect(error.body.data.perDay).toHaveLength(7);
    expect(error.body.data.byName.length).toBeGreaterThan(0);
    const usual = await t.call('GET', '/api/cube-log/usual/stats', tenantAdmin);
    expect(usual.body.data.byEvent.length).toBeGreaterThan(0);
    // The platform's own charts do not count the tenant's calls.
    const platformStats = await t.call('GET', '/api/cube-log/error/stats', platformAdmin);
    expect(platformStats.body.data.byName).toEqual([]);
    const user = (await t.token(DEMO.tenantUser)).access_token;
    expect((await t.call('GET', '/api/cube-log/api/stats', user)).statusCode).toBe(403);
  });

  it('purges rows older than log.retentionDays, idempotently, and keeps everything with 0', async () => {
    const old = formatDateTime(new Date(Date.now() - 40 * 86_400_000));
    const ids = { old: newId(), recent: newId() };
    await withPlatformScope(async () => {
      for (const [id, createTime] of [
        [ids.old, old],
        [ids.recent, formatDateTime()],
      ] as const)
        await t.deps.db.db
          .insertInto('cubeLogApi')
          .values({
            ...common(1),
            id,
            tenantId: '100000',
            methodClass: '',
            methodName: '',
            type: '1',
            title: '',
            status: 200,
            time: 1,
            userId: null,
            createTime,
          })
          .execute();
    });
    const setRetention = (value: string) =>
      t.deps.db.db
        .updateTable('cubeParam')
        .set({ paramValue: value })
        .where('paramKey', '=', LOG_RETENTION_PARAM)
        .execute();
    await setRetention('0');
    expect((await t.deps.audit.purge()).cubeLogApi).toBe(0);
    await setRetention('30');
    const first = await t.deps.audit.purge();
    expect(first.cubeLogApi).toBeGreaterThanOrEqual(1);
    expect((await t.deps.audit.purge()).cubeLogApi).toBe(0);
    const left = await rawRows('cubeLogApi', (r) => r.id === ids.old || r.id === ids.recent);
    expect(left.map((r) => r.id)).toEqual([ids.recent]);
  });

  it('records an event of nobody (a public form) without failing the batch', async () => {
    const failed = t.deps.audit.failed;
    t.deps.audit.usual(null, {
      event: 'test.public',
      title: '公开表单',
      tenantId: '100000',
      userId: '',
      account: '',
      data: { company: '立方', password: 'never-stored' },
    });
    await t.deps.audit.flush();
    expect(t.deps.audit.failed).toBe(failed);
    const [row] = await rawRows('cubeLogUsual', (r) => r.logId === 'test.public');
    expect(row).toMatchObject({ tenantId: '100000', userId: null, createBy: '' });
    expect(String(row?.logData)).toContain('立方');
    expect(String(row?.logData)).not.toContain('never-stored');
  });

  it('drops the oldest entries beyond the buffer bound, counting them', async () => {
    await t.deps.audit.flush();
    t.deps.audit.configure({ flushIntervalMs: 60_000, batchSize: 1000, maxBuffered: 5 });
    const before = t.deps.audit.dropped;
    for (let i = 0; i < 8; i++)
      t.deps.audit.usual(null, { event: 'test.bound', title: `事件${i}`, tenantId: '100000' });
    expect(t.deps.audit.pending).toBe(5);
    expect(t.deps.audit.dropped - before).toBe(3);
    await t.deps.audit.flush();
    const rows = await rawRows('cubeLogUsual', (r) => r.logId === 'test.bound');
    expect(rows.map((r) => r.title).sort()).toEqual(['事件3', '事件4', '事件5', '事件6', '事件7']);
    t.deps.audit.configure({ flushIntervalMs: 1000, batchSize: 200, maxBuffered: 10_000 });
  });
});

describe.each(dialects)('log buffer on shutdown (%s)', (dialect) => {
  it('writes every waiting entry when the app closes', async () => {
    const t = await createTestApp(dialect);
    try {
      // No timer flush and no early flush: only the close can write these.
      t.deps.audit.configure({ flushIntervalMs: 600_000, batchSize: 100_000 });
      const admin = (await t.token(DEMO.tenantAdmin)).access_token;
      for (let i = 0; i < 30; i++)
        await t.call('POST', `/api/cube-user/update-info?n=${i}`, admin, { email: 'admin@example.cn' });
      for (let i = 0; i < 5; i++)
        t.deps.audit.usual(null, { event: 'test.shutdown', title: '关闭前', tenantId: '100000' });
      expect(t.deps.audit.pending).toBeGreaterThanOrEqual(35);
      await t.app.close();
      expect(t.deps.audit.pending).toBe(0);
      const api = await withPlatformScope(() =>
        t.deps.db.db
          .selectFrom('cubeLogApi')
          .select('id')
          .where('requestUri', '=', '/api/cube-user/update-info')
          .execute(),
      );
      expect(api).toHaveLength(30);
      const usual = await withPlatformScope(() =>
        t.deps.db.db.selectFrom('cubeLogUsual').select('id').where('logId', '=', 'test.shutdown').execute(),
      );
      expect(usual).toHaveLength(5);
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});
