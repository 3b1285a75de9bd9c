import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects, type TestApp } from '../../../../test/helpers.js';
import { DATE_TIME_PATTERN, formatDateTime } from '../../../platform/dates.js';
import { NOTICES } from '../../../seed/console-data.js';

const PREFIX = '/api/cube-desk/notice';
const platformNotice = NOTICES.find((n) => n.tenantId === '000000')!;
const demoTitles = NOTICES.filter((n) => n.tenantId === '100000')
  .sort((a, b) => a.daysAgo - b.daysAgo)
  .map((n) => n.title);

describe.each(dialects)('notices on %s', (dialect) => {
  let t: TestApp;
  let platformAdmin: string;
  let tenantAdmin: string;
  let tenantUser: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    platformAdmin = (await t.token(DEMO.platformAdmin)).access_token;
    tenantAdmin = (await t.token(DEMO.tenantAdmin)).access_token;
    tenantUser = (await t.token(DEMO.tenantUser)).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  const submit = (token: string, body: Record<string, unknown>) =>
    t.call('POST', `${PREFIX}/submit`, token, body);
  const detail = (token: string, id: string) => t.call('GET', `${PREFIX}/detail?id=${id}`, token);

  it('shows any user of the tenant its published notices, newest first, with the category label', async () => {
    const res = await t.call('GET', `${PREFIX}/my`, tenantUser);
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ total: demoTitles.length, current: 1, size: 10, pages: 1 });
    expect(res.body.data.records.map((r: { title: string }) => r.title)).toEqual(demoTitles);
    expect(res.body.data.records[0]).toMatchObject({ category: 1, categoryName: '发布通知' });
    expect(res.body.data.records[0].releaseTime).toMatch(DATE_TIME_PATTERN);
    expect(typeof res.body.data.records[0].id).toBe('string');

    const page = await t.call('GET', `${PREFIX}/my?current=2&size=3`, tenantUser);
    expect(page.body.data).toMatchObject({ total: demoTitles.length, current: 2, size: 3, pages: 2 });
    expect(page.body.data.records.map((r: { title: string }) => r.title)).toEqual(demoTitles.slice(3));
    const byCategory = await t.call('GET', `${PREFIX}/my?category=5`, tenantUser);
    expect(byCategory.body.data.records).toHaveLength(1);
    expect(byCategory.body.data.records[0]).toMatchObject({ category: 5, categoryName: '任免通知' });

    const bad = await t.call('GET', `${PREFIX}/my?category=abc`, tenantUser);
    expect(bad.statusCode).toBe(400);
    const unknown = await t.call('GET', `${PREFIX}/my?tenantId=000000`, tenantUser);
    expect(unknown.statusCode).toBe(400);
    expect((await t.call('GET', `${PREFIX}/my`)).statusCode).toBe(401);
  });

  it('keeps a notice out of the bell until its release time, while the admin list shows it', async () => {
    const tomorrow = formatDateTime(new Date(Date.now() + 24 * 3600 * 1000));
    const created = await submit(tenantAdmin, {
      title: '明日发布的培训通知',
      category: '1',
      releaseTime: tomorrow,
      content: '培训安排',
    });
    expect(created.statusCode).toBe(200);
    const my = await t.call('GET', `${PREFIX}/my`, tenantUser);
    expect(my.body.data.records.map((r: { title: string }) => r.title)).not.toContain('明日发布的培训通知');
    const list = await t.call('GET', `${PREFIX}/list?title=培训`, tenantAdmin);
    expect(list.body.data.records.map((r: { title: string }) => r.title)).toEqual(['明日发布的培训通知']);
    await t.call('POST', `${PREFIX}/remove?ids=${created.body.data.id}`, tenantAdmin);
  });

  it('runs the admin CRUD in the caller’s tenant with Chinese validation messages', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ category: 1, releaseTime: '2026-01-01 09:00:00' }, '请输入通知标题'],
      [{ title: '  ', category: 1, releaseTime: '2026-01-01 09:00:00' }, '请输入通知标题'],
      [{ title: '标题', releaseTime: '2026-01-01 09:00:00' }, '请选择通知类型'],
      [{ title: '标题', category: '', releaseTime: '2026-01-01 09:00:00' }, '请选择通知类型'],
      [{ title: '标题', category: 1 }, '请选择通知时间'],
      [{ title: '标题', category: 1, releaseTime: '2026/01/01' }, '通知时间格式不正确'],
      [{ title: '标题', category: 1, releaseTime: '2026-02-30 09:00:00' }, '通知时间格式不正确'],
    ];
    for (const [body, message] of cases) {
      const res = await submit(tenantAdmin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body.msg, JSON.stringify(body)).toBe(message);
    }

    const created = await submit(tenantAdmin, {
      title: '关于年度专利年费缴纳的事务通知',
      category: 6,
      releaseTime: '2026-03-01 09:00:00',
      content: '请各代理师核对名下案件的年费期限。',
      tenantId: '000000',
      createUser: '1',
      isDeleted: 1,
    });
    expect(created.statusCode).toBe(200);
    const id = created.body.data.id as string;
    const row = await detail(tenantAdmin, id);
    expect(row.body.data).toMatchObject({
      id,
      tenantId: '100000',
      title: '关于年度专利年费缴纳的事务通知',
      category: 6,
      releaseTime: '2026-03-01 09:00:00',
      status: 1,
      isDeleted: 0,
    });
    expect(row.body.data.createUser).not.toBe('1');

    const updated = await submit(tenantAdmin, {
      id,
      title: '关于年度专利年费缴纳的事务通知（更新）',
      category: 6,
      releaseTime: '2026-03-02 09:00:00',
    });
    expect(updated.statusCode).toBe(200);
    expect((await detail(tenantAdmin, id)).body.data).toMatchObject({
      title: '关于年度专利年费缴纳的事务通知（更新）',
      releaseTime: '2026-03-02 09:00:00',
    });

    const list = await t.call('GET', `${PREFIX}/list?category=6&current=1&size=10`, tenantAdmin);
    expect(list.body.data.records.every((r: { tenantId: string }) => r.tenantId === '100000')).toBe(true);
    expect(list.body.data.records.map((r: { id: string }) => r.id)).toContain(id);

    const removed = await t.call('POST', `${PREFIX}/remove?ids=${id}`, tenantAdmin);
    expect(removed.body).toMatchObject({ code: 200, success: true });
    expect((await detail(tenantAdmin, id)).statusCode).toBe(404);
  });

  it('lets plain users read the bell but not administer notices', async () => {
    expect((await t.call('GET', `${PREFIX}/list`, tenantUser)).statusCode).toBe(403);
    expect((await detail(tenantUser, NOTICES[0]!.id)).statusCode).toBe(403);
    expect(
      (await submit(tenantUser, { title: 'x', category: 1, releaseTime: '2026-01-01 09:00:00' })).statusCode,
    ).toBe(403);
    expect((await t.call('POST', `${PREFIX}/remove?ids=${NOTICES[0]!.id}`, tenantUser)).statusCode).toBe(403);
  });

  it('does not let a tenant administrator read, change or delete another tenant’s notice by id', async () => {
    const before = (await detail(platformAdmin, platformNotice.id)).body.data;
    expect(before).toMatchObject({ tenantId: '000000', title: platformNotice.title });

    const read = await detail(tenantAdmin, platformNotice.id);
    expect(read.statusCode).toBe(404);
    expect(read.body).toMatchObject({ code: 404, success: false, data: {} });
    const list = await t.call('GET', `${PREFIX}/list?size=100`, tenantAdmin);
    expect(list.body.data.records.map((r: { id: string }) => r.id)).not.toContain(platformNotice.id);

    const update = await submit(tenantAdmin, {
      id: platformNotice.id,
      title: '篡改',
      category: 1,
      releaseTime: '2026-01-01 09:00:00',
    });
    expect(update.statusCode).toBe(404);
    const remove = await t.call('POST', `${PREFIX}/remove?ids=${platformNotice.id}`, tenantAdmin);
    expect(remove.statusCode).toBe(404);

    const own = (
      await submit(tenantAdmin, { title: '本租户通知', category: 1, releaseTime: '2026-01-01 09:00:00' })
    ).body.data.id as string;
    const batch = await t.call('POST', `${PREFIX}/remove?ids=${own},${platformNotice.id}`, tenantAdmin);
    expect(batch.statusCode).toBe(404);
    expect((await detail(tenantAdmin, own)).statusCode).toBe(200);

    expect((await detail(platformAdmin, platformNotice.id)).body.data).toEqual(before);
    // The platform administrator's notice screen is its own tenant's too.
    expect((await detail(platformAdmin, own)).statusCode).toBe(404);
    const platformBell = await t.call('GET', `${PREFIX}/my`, platformAdmin);
    expect(
      platformBell.body.data.records.every((r: { id: string }) =>
        NOTICES.some((n) => n.id === r.id && n.tenantId === '000000'),
      ),
    ).toBe(true);
  });

  it('the bell and 通知公告 read the same notices for every role, data scopes included', async () => {
    const agent = (await t.token({ tenantId: '100000', username: 'agent', password: 'Agent@2026' }))
      .access_token;
    const manager = (await t.token({ tenantId: '100000', username: 'manager', password: 'Manager@2026' }))
      .access_token;
    const now = formatDateTime(new Date());
    for (const [who, token] of [
      ['agent', agent],
      ['manager', manager],
      ['admin', tenantAdmin],
    ] as const) {
      const bell = (await t.call('GET', `${PREFIX}/my?size=100`, token)).body.data.records as Array<{
        id: string;
      }>;
      const list = (await t.call('GET', `${PREFIX}/list?size=100`, token)).body.data.records as Array<{
        id: string;
        status: number;
        releaseTime: string;
      }>;
      const published = list.filter((n) => n.status === 1 && n.releaseTime <= now).map((n) => n.id);
      expect(bell.map((n) => n.id).sort(), who).toEqual(published.sort());
    }
  });
});
