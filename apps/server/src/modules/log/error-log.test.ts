import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects, type TestApp } from '../../../test/helpers.js';
import { withPlatformScope } from '../../db/row-scope.js';
import { DATE_TIME_PATTERN, formatDateTime } from '../../platform/dates.js';
import { md5Hex } from '../../platform/passwords.js';

const UPLOAD = '/api/cube-log/error/upload';
const LIST = '/api/cube-log/error/list';
const DETAIL = '/api/cube-log/error/detail';

const chromeStack = [
  "TypeError: Cannot read properties of undefined (reading 'records')",
  '    at loadPage (https://portal.example.cn/assets/index-3f9a.js:12:345)',
  '    at https://portal.example.cn/assets/vendor-77aa.js:1:99',
].join('\n');

const entry = (overrides: Record<string, unknown> = {}) => ({
  url: 'https://portal.example.cn/system/param/index',
  time: '2026-01-02 03:04:05',
  type: 'error',
  message: "Cannot read properties of undefined (reading 'records')",
  stack: chromeStack,
  info: 'render function',
  ...overrides,
});

describe.each(dialects)('error log on %s', (dialect) => {
  let t: TestApp;
  let platformAdmin: string;
  let tenantAdmin: string;
  let tenantUser: string;
  let userRefreshToken: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    platformAdmin = (await t.token(DEMO.platformAdmin)).access_token;
    tenantAdmin = (await t.token(DEMO.tenantAdmin)).access_token;
    const user = await t.token(DEMO.tenantUser);
    tenantUser = user.access_token;
    userRefreshToken = user.refresh_token;
  });
  afterAll(async () => {
    await t.close();
  });

  const rowsOf = (tenantId: string) =>
    withPlatformScope(() =>
      t.deps.db.db
        .selectFrom('cubeLogError')
        .selectAll()
        .where('tenantId', '=', tenantId)
        .orderBy('id')
        .execute(),
    );

  it('stores an uploaded browser log in the caller’s tenant, mapped onto the error-log fields', async () => {
    const before = (await rowsOf('100000')).length;
    const res = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      headers: { 'cube-auth': `bearer ${tenantUser}`, 'user-agent': 'Mozilla/5.0 (Test) Chrome/130' },
      payload: [
        entry(),
        entry({
          time: undefined,
          stack: '',
          message: 'ChunkLoadError: Loading chunk 7 failed.',
          type: 'error',
        }),
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ code: 200, success: true, data: { count: 2 } });
    const rows = (await rowsOf('100000')).slice(before);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      tenantId: '100000',
      serviceId: 'cube-web',
      env: 'dev',
      requestUri: 'https://portal.example.cn/system/param/index',
      userAgent: 'Mozilla/5.0 (Test) Chrome/130',
      params: 'render function',
      stackTrace: chromeStack,
      exceptionName: 'TypeError',
      message: "Cannot read properties of undefined (reading 'records')",
      fileName: 'https://portal.example.cn/assets/index-3f9a.js',
      lineNumber: 12,
      createBy: 'user',
      createTime: '2026-01-02 03:04:05',
      isDeleted: 0,
    });
    expect(rows[0]?.serverHost).not.toBe('');
    expect(rows[0]?.remoteIp).not.toBe('');
    // No time given: the moment it arrived; no frame: no file.
    expect(rows[1]).toMatchObject({ exceptionName: 'ChunkLoadError', fileName: '', lineNumber: null });
    expect(rows[1]?.createTime).toMatch(DATE_TIME_PATTERN);
    expect(Date.now() - new Date(rows[1]!.createTime.replace(' ', 'T')).getTime()).toBeLessThan(60_000);
  });

  it('accepts ISO and epoch times but never dates an entry after its arrival', async () => {
    const before = (await rowsOf('100000')).length;
    const inAYear = formatDateTime(new Date(Date.now() + 365 * 24 * 3600 * 1000));
    const res = await t.call('POST', UPLOAD, tenantUser, [
      entry({ time: '2026-01-02T03:04:05' }),
      entry({ time: new Date(2026, 0, 2, 3, 4, 5).getTime() }),
      entry({ time: inAYear }),
    ]);
    expect(res.statusCode).toBe(200);
    const rows = (await rowsOf('100000')).slice(before);
    expect(rows.map((r) => r.createTime).slice(0, 2)).toEqual(['2026-01-02 03:04:05', '2026-01-02 03:04:05']);
    expect(rows[2]!.createTime < inAYear).toBe(true);
  });

  it('never stores tokens or passwords that the browser had in its log', async () => {
    const password = md5Hex(DEMO.tenantUser.password);
    const res = await t.call('POST', UPLOAD, tenantUser, [
      entry({
        url: `https://portal.example.cn/download?cube-auth=bearer%20${tenantUser}&password=${password}&page=2`,
        message: `request failed with Cube-Auth: bearer ${tenantUser}`,
        stack: `Error: {"password":"${password}","refresh_token":"${userRefreshToken}"}\n    at send (https://portal.example.cn/assets/a.js:1:2)`,
        info: {
          headers: { Authorization: 'Basic Y3ViZV93ZWI6dGVzdC13ZWItY2xpZW50LXNlY3JldA==' },
          token: tenantUser,
        },
      }),
    ]);
    expect(res.statusCode).toBe(200);
    const stored = JSON.stringify(await rowsOf('100000'));
    for (const secret of [
      tenantUser,
      password,
      userRefreshToken,
      'Y3ViZV93ZWI6dGVzdC13ZWItY2xpZW50LXNlY3JldA==',
    ]) {
      expect(stored).not.toContain(secret);
    }
    expect(stored).toContain('[REDACTED]');
    expect(stored).toContain('page=2');
  });

  it('validates the whole upload and stores nothing from a refused one', async () => {
    const before = (await rowsOf('100000')).length;
    const cases: Array<[unknown, string]> = [
      [{ url: 'x' }, '日志格式不正确'],
      [[], '没有需要上传的日志'],
      [Array.from({ length: 101 }, () => entry()), '单次最多上传100条日志'],
      [[entry(), entry({ time: 'yesterday' })], '日志时间格式不正确'],
      [[entry({ time: '2026-02-30 10:00:00' })], '日志时间格式不正确'],
      [[entry(), entry({ message: 42 })], '日志内容格式不正确'],
    ];
    for (const [body, message] of cases) {
      const res = await t.call('POST', UPLOAD, tenantUser, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.body, message).toMatchObject({ code: 400, success: false, msg: message });
    }
    expect(await rowsOf('100000')).toHaveLength(before);

    const full = await t.call(
      'POST',
      UPLOAD,
      tenantUser,
      Array.from({ length: 100 }, () => entry({ stack: 'x'.repeat(50_000) })),
    );
    expect(full.statusCode).toBe(413);
    expect(full.body).toMatchObject({ code: 413, success: false });
    const long = await t.call('POST', UPLOAD, tenantUser, [
      entry({ stack: 's'.repeat(20_000), url: 'u'.repeat(5000) }),
    ]);
    expect(long.statusCode).toBe(200);
    const last = (await rowsOf('100000')).at(-1)!;
    expect(last.stackTrace).toHaveLength(8000);
    expect(last.requestUri).toHaveLength(2000);
    expect((await t.call('POST', UPLOAD, undefined, [entry()])).statusCode).toBe(401);
  });

  it('writes all entries of an upload in one transaction', async () => {
    const db = t.deps.db.db;
    if (dialect === 'postgres') {
      await sql`create function refuse_marked_log() returns trigger as $$
        begin if new.message = 'refuse-me' then raise exception 'refused'; end if; return new; end $$ language plpgsql`.execute(
        db,
      );
      await sql`create trigger refuse_marked_log before insert on cube_log_error for each row execute function refuse_marked_log()`.execute(
        db,
      );
    } else {
      await sql`create trigger refuse_marked_log before insert on cube_log_error when new.message = 'refuse-me'
        begin select raise(abort, 'refused'); end`.execute(db);
    }
    try {
      const before = (await rowsOf('100000')).length;
      const res = await t.call('POST', UPLOAD, tenantUser, [
        entry({ message: 'first' }),
        entry({ message: 'refuse-me' }),
        entry({ message: 'third' }),
      ]);
      expect(res.statusCode).toBe(500);
      expect(res.body).toMatchObject({ code: 500, success: false, msg: '服务器异常' });
      expect(await rowsOf('100000')).toHaveLength(before);
    } finally {
      await sql`drop trigger refuse_marked_log${sql.raw(dialect === 'postgres' ? ' on cube_log_error' : '')}`.execute(
        db,
      );
      if (dialect === 'postgres') await sql`drop function refuse_marked_log()`.execute(db);
    }
  });

  it('lists and shows error logs to holders of log_error only, within their own tenant', async () => {
    await t.deps.audit.flush();
    const upload = await t.call('POST', UPLOAD, platformAdmin, [
      entry({ message: 'platform first', time: '2026-03-01 08:00:00' }),
      entry({ message: 'platform second', time: '2026-03-02 08:00:00', stack: 'RangeError: too deep' }),
    ]);
    expect(upload.statusCode).toBe(200);

    // The demo tenant's administrator holds log_error (seed/logs.ts); its plain user does not.
    expect((await t.call('GET', LIST, tenantUser)).statusCode).toBe(403);
    const list = await t.call('GET', `${LIST}?current=1&size=10`, platformAdmin);
    expect(list.statusCode).toBe(200);
    expect(list.body.data).toMatchObject({ total: 2, current: 1, size: 10, pages: 1 });
    expect(list.body.data.records.map((r: { message: string }) => r.message)).toEqual([
      'platform second',
      'platform first',
    ]);
    expect(list.body.data.records[0]).toMatchObject({
      tenantId: '000000',
      exceptionName: 'RangeError',
      createBy: 'admin',
    });
    expect(typeof list.body.data.records[0].id).toBe('string');

    const filtered = await t.call(
      'GET',
      `${LIST}?exceptionName=Type&createTime_datelt=2026-03-02 00:00:00`,
      platformAdmin,
    );
    expect(filtered.body.data.records.map((r: { message: string }) => r.message)).toEqual(['platform first']);
    const ascending = await t.call('GET', `${LIST}?ascs=create_time`, platformAdmin);
    expect(ascending.body.data.records[0].message).toBe('platform first');
    // `tenantId` names the tenant the platform administrator reads (modules/log/reads.ts), it is no filter.
    const named = await t.call('GET', `${LIST}?tenantId=100000&size=100`, platformAdmin);
    expect(named.body.data.records.every((r: { tenantId: string }) => r.tenantId === '100000')).toBe(true);
    expect(named.body.data.total).toBe((await rowsOf('100000')).length);
    for (const query of ['stackTrace=x', 'descs=tenant_id']) {
      expect((await t.call('GET', `${LIST}?${query}`, platformAdmin)).statusCode, query).toBe(400);
    }

    const platformId = list.body.data.records[0].id as string;
    const shown = await t.call('GET', `${DETAIL}?id=${platformId}`, platformAdmin);
    expect(shown.body.data).toMatchObject({
      id: platformId,
      message: 'platform second',
      stackTrace: 'RangeError: too deep',
    });
    const demoRow = (await rowsOf('100000'))[0]!;
    expect((await t.call('GET', `${DETAIL}?id=${demoRow.id}`, platformAdmin)).statusCode).toBe(404);
    expect((await t.call('GET', `${DETAIL}?id=${platformId}`, tenantAdmin)).statusCode).toBe(404);
    expect((await t.call('GET', `${DETAIL}?id=abc`, platformAdmin)).statusCode).toBe(400);

    // A tenant administrator (granted the page by the seed) sees their own tenant's log and not the platform's.
    const own = await t.call('GET', `${LIST}?size=100`, tenantAdmin);
    expect(own.statusCode).toBe(200);
    expect(own.body.data.total).toBe((await rowsOf('100000')).length);
    expect(own.body.data.records.every((r: { tenantId: string }) => r.tenantId === '100000')).toBe(true);
    expect((await t.call('GET', `${DETAIL}?id=${demoRow.id}`, tenantAdmin)).statusCode).toBe(200);
    const foreign = await t.call('GET', `${DETAIL}?id=${platformId}`, tenantAdmin);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toMatchObject({ code: 404, success: false, data: {} });
  });
});
