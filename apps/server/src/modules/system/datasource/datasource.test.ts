import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ArticleCategory, DATASOURCE_PASSWORD_MASK, datasourceEntity, tenantEntity } from '@cube/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A, grant, makeRole, NOTICE_MENU, signInAs } from '../../../../test/authority-fixtures.js';
import {
  basic,
  createTestApp,
  DEMO,
  dialects,
  PG_APP_ROLE,
  type TestApp,
  throwawayPgDatabase,
} from '../../../../test/helpers.js';
import { buildApp } from '../../../app.js';
import { openDatabase } from '../../../db/connection.js';
import { withPlatformScope } from '../../../db/row-scope.js';
import { now } from '../../../platform/dates.js';
import { newId } from '../../../platform/ids.js';
import { RedisStore } from '../../../platform/store.js';
import { migrateTenantDatabases, TENANT_DATABASE_TABLES } from '../../../platform/tenant-databases.js';
import { ID } from '../../../seed/demo-data.js';
import { seed } from '../../../seed/index.js';
import { PATENT_ID } from '../../../seed/patent.js';
import { today } from '../../patent/clock.js';
import { addDays } from '../../patent/dates.js';
import { runReminders } from '../../patent/reminders.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The built public site of the test fixtures, so the server-rendered pages (and their cache) are served. */
const WEB_DIST = path.join(here, '../../../../test/fixtures/site-web/dist');

const API = datasourceEntity.api;
const M = datasourceEntity.messages;
const T = tenantEntity.messages;
const PG_URL = process.env.CUBE_TEST_PG_URL;
const REDIS_URL = process.env.CUBE_TEST_REDIS_URL;

/** Rows of a table of another database, read as the superuser of the test server (no row security). */
async function rowsIn(database: string, sqlText: string, values: unknown[] = []) {
  const url = new URL(PG_URL as string);
  url.pathname = `/${database}`;
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  try {
    return (await c.query(sqlText, values)).rows;
  } finally {
    await c.end();
  }
}

describe.each(dialects)('datasources on %s', (dialect) => {
  let t: TestApp;
  let platform: string;
  let tenantAdmin: string;
  const count = async () =>
    Number(
      (
        await withPlatformScope(() =>
          t.deps.db.db
            .selectFrom('cubeDatasource')
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirst(),
        )
      )?.n ?? 0,
    );
  const submit = (body: Record<string, unknown>, token = platform) =>
    t.call('POST', `${API}/submit`, token, body);

  beforeAll(async () => {
    t = await createTestApp(dialect, { CUBE_WEB_DIST: WEB_DIST });
    platform = (await t.token(DEMO.platformAdmin)).access_token;
    tenantAdmin = (await t.token(DEMO.tenantAdmin)).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses bad input with its message and writes nothing', async () => {
    const valid = { name: '坏输入', url: 'postgres://127.0.0.1:5432/x', username: 'u', password: 'p' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...valid, name: '' }, M.nameRequired],
      [{ ...valid, url: '' }, M.urlRequired],
      [{ ...valid, url: 'postgres://u:secret@127.0.0.1:5432/x' }, M.urlInvalid],
      [{ ...valid, url: 'mysql://127.0.0.1:3306/x' }, M.urlInvalid],
      [{ ...valid, driverClass: 'com.mysql.cj.jdbc.Driver' }, M.driverInvalid],
      [{ ...valid, username: ' ' }, M.usernameRequired],
      [{ ...valid, poolSize: 0 }, M.poolSizeInvalid],
      [{ ...valid, poolSize: 51 }, M.poolSizeInvalid],
      [{ ...valid, poolSize: 2.5 }, M.poolSizeInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await submit(body);
      expect(res.body.msg, JSON.stringify(body)).toBe(message);
      expect(res.body.success).toBe(false);
    }
    expect(await count()).toBe(0);
  });

  it('refuses a datasource it cannot reach (测试连接), within a few seconds, and writes nothing', async () => {
    const started = Date.now();
    const res = await submit({
      name: '不可达',
      url: 'postgres://127.0.0.1:1/nowhere',
      username: 'u',
      password: 'p',
    });
    expect(res.body.msg).toBe(`${M.connectionFailed}: 无法连接数据库服务器`);
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(await count()).toBe(0);
  });

  it("is the platform's alone: a tenant administrator is refused every route", async () => {
    for (const [method, url] of [
      ['GET', `${API}/list`],
      ['GET', `${API}/select`],
      ['GET', `${API}/detail?id=1`],
      ['POST', `${API}/remove?ids=1`],
    ] as const)
      expect((await t.call(method, url, tenantAdmin)).statusCode, url).toBe(403);
    const res = await submit(
      { name: '租户的', url: 'postgres://127.0.0.1:1/x', username: 'u', password: 'p' },
      tenantAdmin,
    );
    expect(res.statusCode).toBe(403);
    expect(
      (await t.call('POST', '/api/cube-system/tenant/datasource?tenantId=100000', tenantAdmin)).statusCode,
    ).toBe(403);
  });

  it.runIf(dialect === 'sqlite')('refuses to bind a tenant on a single-file SQLite master', async () => {
    const res = await t.call(
      'POST',
      `/api/cube-system/tenant/datasource?tenantId=100000&datasourceId=${newId()}`,
      platform,
    );
    expect(res.body.msg).toBe(T.datasourceSqlite);
    const tenant = await t.deps.db.db
      .selectFrom('cubeTenant')
      .select('datasourceId')
      .where('tenantId', '=', '100000')
      .executeTakeFirstOrThrow();
    expect(tenant.datasourceId).toBeNull();
  });

  describe.skipIf(!PG_URL)('with a reachable PostgreSQL database', () => {
    let target: Awaited<ReturnType<typeof throwawayPgDatabase>>;
    let id: string;
    beforeAll(async () => {
      target = await throwawayPgDatabase();
    });
    afterAll(async () => {
      await t.deps.datasources.close();
      await target?.drop();
    });

    it('saves after connecting; the password is sealed, and detail, list and select never show it', async () => {
      const res = await submit({
        name: '华东业务库',
        url: target.url,
        username: PG_APP_ROLE,
        password: 'S3cret-pass',
        poolSize: 3,
      });
      expect(res.body, res.raw).toMatchObject({ code: 200 });
      id = String(res.body.data.id ?? res.body.data);
      const stored = await withPlatformScope(() =>
        t.deps.db.db.selectFrom('cubeDatasource').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
      );
      expect(stored.password).toMatch(/^v1:/);
      expect(stored.password).not.toContain('S3cret');
      expect(stored.poolSize).toBe(3);
      const detail = await t.call('GET', `${API}/detail?id=${id}`, platform);
      expect(detail.body.data).toMatchObject({
        name: '华东业务库',
        password: DATASOURCE_PASSWORD_MASK,
        poolSize: 3,
      });
      const list = await t.call('GET', `${API}/list`, platform);
      expect(list.raw).not.toContain('S3cret');
      expect(list.raw).not.toContain(stored.password);
      const select = await t.call('GET', `${API}/select`, platform);
      expect(select.body.data).toEqual([expect.objectContaining({ id, name: '华东业务库' })]);

      // A save sending the mask keeps the stored password.
      const again = await submit({ ...detail.body.data, remark: '改备注' });
      expect(again.body, again.raw).toMatchObject({ code: 200 });
      const kept = await withPlatformScope(() =>
        t.deps.db.db
          .selectFrom('cubeDatasource')
          .select('password')
          .where('id', '=', id)
          .executeTakeFirstOrThrow(),
      );
      expect(t.deps.datasources.secrets.open(kept.password)).toBe('S3cret-pass');
    });

    it.runIf(dialect === 'postgres')(
      'binds a tenant: migrations run there, its notices move there, reads and writes go there, others stay',
      async () => {
        const masterNotices = async (tenantId: string) =>
          withPlatformScope(() =>
            t.deps.db.db
              .selectFrom('cubeNotice')
              .select(['id', 'title'])
              .where('tenantId', '=', tenantId)
              .execute(),
          );
        const before = await masterNotices('100000');
        const platformBefore = await masterNotices('000000');
        expect(before.length).toBeGreaterThan(0);
        const listed = await t.call('GET', '/api/cube-desk/notice/list?size=100', tenantAdmin);
        const titlesBefore = listed.body.data.records.map((r: { title: string }) => r.title).sort();

        const bind = await t.call(
          'POST',
          `/api/cube-system/tenant/datasource?tenantId=100000&datasourceId=${id}`,
          platform,
        );
        expect(bind.body, bind.raw).toMatchObject({ code: 200 });

        // The tenant row points there; the master no longer holds the tenant's notices, the target holds them all.
        const tenant = await withPlatformScope(() =>
          t.deps.db.db
            .selectFrom('cubeTenant')
            .select('datasourceId')
            .where('tenantId', '=', '100000')
            .executeTakeFirstOrThrow(),
        );
        expect(String(tenant.datasourceId)).toBe(id);
        const shown = await t.call('GET', '/api/cube-system/tenant/list?tenantId=100000', platform);
        expect(shown.body.data.records[0]).toMatchObject({ datasourceId: id, datasourceName: '华东业务库' });
        expect(await masterNotices('100000')).toEqual([]);
        const there = await rowsIn(target.name, 'select id::text, title, tenant_id from cube_notice');
        expect(there.map((r) => r.id).sort()).toEqual(before.map((r) => String(r.id)).sort());
        expect(new Set(there.map((r) => r.tenant_id))).toEqual(new Set(['100000']));
        const migrated = await rowsIn(target.name, 'select name from cube_migration');
        expect(migrated.map((r) => r.name)).toContain('0021_datasource');

        // The tenant reads the same notices (now from its database); labels still come from the master's dictionary.
        const after = await t.call('GET', '/api/cube-desk/notice/list?size=100', tenantAdmin);
        expect(after.body.data.records.map((r: { title: string }) => r.title).sort()).toEqual(titlesBefore);
        const my = await t.call('GET', '/api/cube-desk/notice/my', tenantAdmin);
        expect(my.body.data.records[0]).toMatchObject({ categoryName: expect.any(String) });
        expect(my.body.data.records[0].categoryName).not.toBe('');
        const overview = await t.call('GET', '/api/cube-desk/dashboard/overview', tenantAdmin);
        expect(overview.body.data.noticeCount).toBe(before.length);

        // A new notice of the tenant is written there, not in the master.
        const created = await t.call('POST', '/api/cube-desk/notice/submit', tenantAdmin, {
          title: '独立库里的公告',
          category: 1,
          content: '<p>正文</p>',
          releaseTime: '2026-01-05 09:00:00',
        });
        expect(created.body, created.raw).toMatchObject({ code: 200 });
        expect(
          await rowsIn(target.name, 'select 1 from cube_notice where title = $1', ['独立库里的公告']),
        ).toHaveLength(1);
        expect(await masterNotices('100000')).toEqual([]);

        // The platform tenant is unaffected: its notices stay in the master and it does not see the tenant's.
        expect(await masterNotices('000000')).toEqual(platformBefore);
        const platformList = await t.call('GET', '/api/cube-desk/notice/list?size=100', platform);
        expect(platformList.raw).not.toContain('独立库里的公告');

        // The datasource a tenant is bound to cannot be removed.
        const removed = await t.call('POST', `${API}/remove?ids=${id}`, platform);
        expect(removed.body.msg).toBe(M.inUse);

        // Another tenant cannot be bound to a database holding this tenant's rows; nothing changes for it.
        const other = await masterNotices('200000');
        const refused = await t.call(
          'POST',
          `/api/cube-system/tenant/datasource?tenantId=200000&datasourceId=${id}`,
          platform,
        );
        expect(refused.body.msg).toBe(T.datasourceOccupied);
        expect(await masterNotices('200000')).toEqual(other);
        const otherTenant = await withPlatformScope(() =>
          t.deps.db.db
            .selectFrom('cubeTenant')
            .select('datasourceId')
            .where('tenantId', '=', '200000')
            .executeTakeFirstOrThrow(),
        );
        expect(otherTenant.datasourceId).toBeNull();

        // Unbinding brings every row back to the master (the new one too) and empties the target of the tenant.
        const unbind = await t.call('POST', '/api/cube-system/tenant/datasource', platform, {
          tenantId: '100000',
          datasourceId: '',
        });
        expect(unbind.body, unbind.raw).toMatchObject({ code: 200 });
        const back = await masterNotices('100000');
        expect(back.length).toBe(before.length + 1);
        expect(await rowsIn(target.name, 'select 1 from cube_notice')).toEqual([]);
        const reread = await t.call('GET', '/api/cube-desk/notice/list?size=100', tenantAdmin);
        expect(reread.body.data.total).toBe(before.length + 1);
      },
    );

    it.runIf(dialect === 'postgres')(
      'a bound tenant: its site content and leads move, its public site, console and reminder job use its database',
      async () => {
        const bound = '100000';
        const masterCount = async (table: string, tenantId = bound) =>
          Number(
            (
              await withPlatformScope(() =>
                t.deps.db.db
                  // biome-ignore lint/suspicious/noExplicitAny: tables named from the routed list
                  .selectFrom(table as any)
                  .select((e) => e.fn.countAll().as('n'))
                  .where('tenantId', '=', tenantId)
                  .executeTakeFirst(),
              )
            )?.n ?? 0,
          );
        const camel = (name: string) => name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
        const before = new Map<string, number>();
        for (const table of TENANT_DATABASE_TABLES) before.set(table, await masterCount(camel(table)));
        expect(before.get('cube_cr_article')).toBeGreaterThan(0);
        expect(before.get('cube_lead')).toBeGreaterThan(0);
        const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
        const publicTitles = async () =>
          JSON.parse(
            (await page(`/api/cube-cr/article/public-list?category=${ArticleCategory.party}&size=50`)).body,
          )
            .data.records.map((r: { title: string }) => r.title)
            .sort();
        const titlesBefore = await publicTitles();
        expect(titlesBefore.length).toBeGreaterThan(0);
        const homeBefore = await page('/');
        expect(homeBefore.statusCode).toBe(200);

        const bind = await t.call(
          'POST',
          `/api/cube-system/tenant/datasource?tenantId=${bound}&datasourceId=${id}`,
          platform,
        );
        expect(bind.body, bind.raw).toMatchObject({ code: 200 });
        // Every routed table's rows of the tenant are there and no longer on the master.
        for (const table of TENANT_DATABASE_TABLES) {
          expect(await masterCount(camel(table)), table).toBe(0);
          const there = await rowsIn(
            target.name,
            `select count(*)::int as n from ${table} where tenant_id = $1`,
            [bound],
          );
          expect(there[0].n, table).toBe(before.get(table));
        }

        // The anonymous public site finds its tenant by the domain and reads the content from its database.
        expect(await publicTitles()).toEqual(titlesBefore);
        const home = await page('/');
        expect(home.statusCode).toBe(200);
        expect(home.body).toBe(homeBefore.body);
        const partyBefore = await page('/partyBuilding');
        expect(partyBefore.statusCode).toBe(200);

        // A publish in the console is written there and shows on the very next public request (the page cache
        // hears writes to the tenant's database too).
        const title = '独立库里发布的党建要闻';
        const created = await t.call('POST', '/api/cube-cr/article/submit', tenantAdmin, {
          category: ArticleCategory.party,
          title,
          content: '<p>正文</p>',
          isPublish: 1,
        });
        expect(created.body, created.raw).toMatchObject({ code: 200 });
        expect(
          await rowsIn(target.name, 'select 1 from cube_cr_article where title = $1', [title]),
        ).toHaveLength(1);
        expect(await masterCount('cubeCrArticle')).toBe(0);
        expect(await publicTitles()).toContain(title);
        const listPage = await page('/partyBuilding');
        expect(listPage.statusCode).toBe(200);
        expect(partyBefore.body).not.toContain(title);
        expect(listPage.body).toContain(title);

        // The public form stores its lead there; the handlers are told on the master (users live there).
        const notifiedBefore = await withPlatformScope(() =>
          t.deps.db.db
            .selectFrom('cubeNotification')
            .select('id')
            .where('tenantId', '=', bound)
            .where('kind', '=', 'lead_new')
            .execute(),
        );
        const lead = await t.app.inject({
          method: 'POST',
          url: '/api/cube-pr/prkhzx/submit',
          remoteAddress: '10.77.0.1',
          headers: { 'content-type': 'application/json', host: 'localhost' },
          payload: JSON.stringify({
            name: '独立库访客',
            phone: '13912345678',
            company: '某某科技有限公司',
            service: '专利申请',
            message: '咨询',
            consent: true,
          }),
        });
        expect(lead.statusCode, lead.body).toBe(200);
        expect(
          await rowsIn(target.name, 'select 1 from cube_lead where name = $1', ['独立库访客']),
        ).toHaveLength(1);
        expect(await masterCount('cubeLead')).toBe(0);
        const notifiedAfter = await withPlatformScope(() =>
          t.deps.db.db
            .selectFrom('cubeNotification')
            .select('id')
            .where('tenantId', '=', bound)
            .where('kind', '=', 'lead_new')
            .execute(),
        );
        expect(notifiedAfter.length).toBeGreaterThan(notifiedBefore.length);
        // The console's list reads them there, with the assignee names from the master's users.
        const leads = await t.call('GET', '/api/cube-pr/lead/list?size=100', tenantAdmin);
        expect(leads.body.data.records.map((r: { name: string }) => r.name)).toContain('独立库访客');
        const assigned = await t.call('POST', '/api/cube-pr/lead/submit', tenantAdmin, {
          ...leads.body.data.records.find((r: { name: string }) => r.name === '独立库访客'),
          assigneeId: ID.userDemoAdmin,
        });
        expect(assigned.body, assigned.raw).toMatchObject({ code: 200 });
        const reread = await t.call('GET', '/api/cube-pr/lead/list?size=100', tenantAdmin);
        expect(
          reread.body.data.records.find((r: { name: string }) => r.name === '独立库访客').assigneeName,
        ).not.toBe('');

        // The reminder job (outside any request) claims on the master and posts its bell notice in the tenant's
        // database, where the tenant's bell reads it.
        const day = today();
        const deadline = await t.call('POST', '/api/cube-patent/deadline/submit', tenantAdmin, {
          applicationId: PATENT_ID.caseUtility,
          kind: '独立库提醒事项',
          officialDue: addDays(day, 7),
          ownerUserId: ID.userDemoAdmin,
        });
        expect(deadline.body, deadline.raw).toMatchObject({ code: 200 });
        expect(await runReminders(t.deps.db.db, day, t.deps.datasources)).toBeGreaterThan(0);
        expect(
          await rowsIn(target.name, `select 1 from cube_notice where title like '%独立库提醒事项%'`),
        ).toHaveLength(1);
        const bell = await t.call('GET', '/api/cube-desk/notice/my?size=100', tenantAdmin);
        expect(bell.raw).toContain('独立库提醒事项');
        expect(await runReminders(t.deps.db.db, day, t.deps.datasources)).toBe(0);

        // Unbinding brings every row back, the new ones too.
        const unbind = await t.call(
          'POST',
          `/api/cube-system/tenant/datasource?tenantId=${bound}&datasourceId=`,
          platform,
        );
        expect(unbind.body, unbind.raw).toMatchObject({ code: 200 });
        expect(await masterCount('cubeCrArticle')).toBe((before.get('cube_cr_article') ?? 0) + 1);
        expect(await masterCount('cubeLead')).toBe((before.get('cube_lead') ?? 0) + 1);
        for (const table of TENANT_DATABASE_TABLES)
          expect(await rowsIn(target.name, `select 1 from ${table}`), table).toEqual([]);
        expect(await publicTitles()).toContain(title);
      },
    );

    it.runIf(dialect === 'postgres')(
      "所在机构及子级可见 on a bound tenant's notices: the departments are read on the master, the notices there",
      async () => {
        const rule = await t.call('POST', '/api/cube-system/data-scope/submit', platform, {
          menuId: NOTICE_MENU,
          scopeName: '本部门及子级的通知',
          scopeType: 4,
          scopeValue: '',
        });
        expect(rule.body, rule.raw).toMatchObject({ code: 200 });
        const role = await makeRole(t, tenantAdmin, '子级通知测试');
        const granted = await grant(t, tenantAdmin, {
          roleIds: [role],
          menuIds: ['1123598815738675220', NOTICE_MENU],
          dataScopeIds: [String(rule.body.data.id)],
        });
        expect(granted.statusCode, granted.raw).toBe(200);
        const user = await signInAs(t, [role], [ID.deptDemoPatent]);
        const stamp = now();
        const notice = (createDept: string, title: string) => ({
          id: newId(),
          tenantId: '100000',
          title,
          category: 1,
          releaseTime: '2026-01-01 09:00:00',
          content: '',
          createUser: user.id,
          createDept,
          createTime: stamp,
          updateUser: user.id,
          updateTime: stamp,
          status: 1,
          isDeleted: 0,
        });
        const below = notice(A.deptMechanical, '子部门的通知');
        const beside = notice(ID.deptDemoTrademark, '商标部的通知');
        await withPlatformScope(() =>
          t.deps.db.db.insertInto('cubeNotice').values([below, beside]).execute(),
        );
        const seen = async () =>
          (
            (await t.call('GET', '/api/cube-desk/notice/list?size=100', user.token)).body.data
              .records as Array<{
              id: string;
            }>
          ).map((r) => r.id);
        const onMaster = await seen();
        expect(onMaster).toContain(below.id);
        expect(onMaster).not.toContain(beside.id);

        const bind = await t.call(
          'POST',
          `/api/cube-system/tenant/datasource?tenantId=100000&datasourceId=${id}`,
          platform,
        );
        expect(bind.body, bind.raw).toMatchObject({ code: 200 });
        expect(await rowsIn(target.name, 'select 1 from cube_notice where id = $1', [below.id])).toHaveLength(
          1,
        );
        // The tenant's database holds no departments: the rule reads them on the master and filters by their ids.
        expect(await rowsIn(target.name, 'select 1 from cube_dept')).toEqual([]);
        expect((await seen()).sort()).toEqual([...onMaster].sort());

        const unbind = await t.call(
          'POST',
          '/api/cube-system/tenant/datasource?tenantId=100000&datasourceId=',
          platform,
        );
        expect(unbind.body, unbind.raw).toMatchObject({ code: 200 });
      },
    );

    it.runIf(dialect === 'postgres')(
      "a bound tenant's attachments and case step documents are written, read and removed in its database",
      async () => {
        const agent = (await t.token({ tenantId: '100000', username: 'agent', password: 'Agent@2026' }))
          .access_token;
        const clerk = (await t.token(DEMO.tenantUser)).access_token;
        const defs = await t.call('GET', '/api/cube-flow/work/start-list?category=flow_1', clerk);
        const started = await t.call('POST', '/api/cube-flow/process/start-process', clerk, {
          processDefinitionId: defs.body.data.records[0]?.id,
          application: {
            docketNo: 'DS-DOC-1',
            patentType: 'invention',
            title: '一种独立库文件装置',
            agentUserId: A.userAgent,
          },
          comment: '新案立项',
        });
        expect(started.body, started.raw).toMatchObject({ code: 200 });
        const caseId = String(started.body.data.businessId);
        const todo = await t.call('GET', '/api/cube-flow/work/todo-list?size=200', agent);
        const taskId = String(
          todo.body.data.records.find(
            (r: { processInstanceId: string }) =>
              r.processInstanceId === String(started.body.data.processInstanceId),
          )?.taskId,
        );

        const bind = await t.call(
          'POST',
          `/api/cube-system/tenant/datasource?tenantId=100000&datasourceId=${id}`,
          platform,
        );
        expect(bind.body, bind.raw).toMatchObject({ code: 200 });
        const masterRows = (table: 'cubeAttach' | 'patDocument') =>
          withPlatformScope(() =>
            t.deps.db.db.selectFrom(table).select('id').where('tenantId', '=', '100000').execute(),
          );
        const send = (url: string, token: string, fields: Record<string, string>, fileName: string) => {
          const boundary = '----bound-tenant';
          const head = Object.entries(fields)
            .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
            .join('');
          const payload = Buffer.concat([
            Buffer.from(
              `${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
                'Content-Type: application/pdf\r\n\r\n',
            ),
            Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n'),
            Buffer.from(`\r\n--${boundary}--\r\n`),
          ]);
          return t.app.inject({
            method: 'POST',
            url,
            payload,
            headers: {
              authorization: basic(),
              'content-type': `multipart/form-data; boundary=${boundary}`,
              'cube-auth': `bearer ${token}`,
            },
          });
        };

        // A case step document: its row and its attachment's row are written together in the tenant's database.
        const doc = await send(
          '/api/cube-patent/document/upload',
          agent,
          { applicationId: caseId, taskId, kind: 'draft' },
          '独立库初稿.pdf',
        );
        expect(doc.statusCode, doc.body).toBe(200);
        const docId = String(JSON.parse(doc.body).data.id);
        expect(await rowsIn(target.name, 'select 1 from pat_document where id = $1', [docId])).toHaveLength(
          1,
        );
        expect(
          await rowsIn(target.name, 'select 1 from cube_attach where tenant_id = $1', ['100000']),
        ).toHaveLength(1);
        expect(await masterRows('patDocument')).toEqual([]);
        expect(await masterRows('cubeAttach')).toEqual([]);
        const docs = await t.call('GET', `/api/cube-patent/document/list?applicationId=${caseId}`, agent);
        expect(docs.body.data.map((d: { id: string }) => d.id)).toContain(docId);
        expect(docs.body.data[0].createUserName).not.toBe('');
        const downloaded = await t.app.inject({
          method: 'GET',
          url: `/api/cube-patent/document/download?id=${docId}`,
          headers: { authorization: basic(), 'cube-auth': `bearer ${agent}` },
        });
        expect(downloaded.statusCode).toBe(200);
        expect(downloaded.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
        const removedDoc = await t.call('POST', `/api/cube-patent/document/remove?id=${docId}`, agent);
        expect(removedDoc.body, removedDoc.raw).toMatchObject({ code: 200 });
        expect(
          await rowsIn(target.name, 'select is_deleted from pat_document where id = $1', [docId]),
        ).toEqual([{ is_deleted: 1 }]);

        // A private upload of the 附件管理 screen: stored, listed with its uploader's name, downloaded, removed.
        const put = await send(
          '/api/cube-resource/oss/endpoint/put-file-attach',
          tenantAdmin,
          {},
          '独立库附件.pdf',
        );
        expect(put.statusCode, put.body).toBe(200);
        const attachId = String(JSON.parse(put.body).data.attachId);
        expect(await rowsIn(target.name, 'select 1 from cube_attach where id = $1', [attachId])).toHaveLength(
          1,
        );
        const attaches = await t.call(
          'GET',
          `/api/cube-resource/attach/list?id_equal=${attachId}`,
          tenantAdmin,
        );
        expect(attaches.body.data.records[0]).toMatchObject({
          id: attachId,
          createUserName: expect.any(String),
        });
        expect(attaches.body.data.records[0].createUserName).not.toBe('');
        const file = await t.app.inject({
          method: 'GET',
          url: `/api/cube-resource/attach/download?id=${attachId}`,
          headers: { authorization: basic(), 'cube-auth': `bearer ${tenantAdmin}` },
        });
        expect(file.statusCode).toBe(200);
        const removed = await t.call('POST', `/api/cube-resource/attach/remove?ids=${attachId}`, tenantAdmin);
        expect(removed.body, removed.raw).toMatchObject({ code: 200 });
        expect(
          await rowsIn(target.name, 'select is_deleted from cube_attach where id = $1', [attachId]),
        ).toEqual([{ is_deleted: 1 }]);

        const unbind = await t.call(
          'POST',
          '/api/cube-system/tenant/datasource?tenantId=100000&datasourceId=',
          platform,
        );
        expect(unbind.body, unbind.raw).toMatchObject({ code: 200 });
        expect((await masterRows('patDocument')).map((r) => String(r.id))).toContain(docId);
        expect((await masterRows('cubeAttach')).map((r) => String(r.id))).toContain(attachId);
      },
    );

    it.runIf(dialect === 'postgres')(
      "a start migrates the bound tenants' databases, and its seed leaves their business rows where they are",
      async () => {
        const bind = await t.call(
          'POST',
          `/api/cube-system/tenant/datasource?tenantId=100000&datasourceId=${id}`,
          platform,
        );
        expect(bind.body, bind.raw).toMatchObject({ code: 200 });
        // The seed runs on every start: the demo rows of a bound tenant are not put back on the master.
        await seed(t.deps.db.db, t.config);
        for (const table of TENANT_DATABASE_TABLES) {
          const left = await withPlatformScope(() =>
            t.deps.db.db
              // biome-ignore lint/suspicious/noExplicitAny: tables named from the routed list
              .selectFrom(table.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()) as any)
              .select('id')
              .where('tenantId', '=', '100000')
              .execute(),
          );
          expect(left, table).toEqual([]);
        }
        // An upgrade: the tenant's database lacks the newest migration until the next start brings it there.
        await rowsIn(target.name, 'drop table cube_datasource');
        await rowsIn(target.name, `delete from cube_migration where name = '0021_datasource'`);
        expect(await migrateTenantDatabases(t.deps.db, t.deps.datasources.secrets)).toEqual([]);
        expect(
          await rowsIn(target.name, `select 1 from cube_migration where name = '0021_datasource'`),
        ).toHaveLength(1);
        expect(await rowsIn(target.name, 'select count(*)::int as n from cube_datasource')).toEqual([
          { n: 0 },
        ]);
        const unbind = await t.call(
          'POST',
          '/api/cube-system/tenant/datasource?tenantId=100000&datasourceId=',
          platform,
        );
        expect(unbind.body, unbind.raw).toMatchObject({ code: 200 });
      },
    );

    it.runIf(dialect === 'postgres' && !!REDIS_URL)(
      "a publish in a bound tenant's database drops the other instance's rendered pages (shared Redis)",
      async () => {
        const bind = await t.call(
          'POST',
          `/api/cube-system/tenant/datasource?tenantId=100000&datasourceId=${id}`,
          platform,
        );
        expect(bind.body, bind.raw).toMatchObject({ code: 200 });
        const prefix = `cube-test-ds-pages:${process.pid}:${Date.now()}:`;
        const instances = await Promise.all(
          [0, 1].map(async () => {
            const db = openDatabase(t.config.database, { poolSize: 3 });
            const store = new RedisStore(RedisStore.connect(REDIS_URL as string).redis, prefix);
            const { app } = await buildApp({ config: t.config, db, store, logger: false });
            return { app, db, store };
          }),
        );
        try {
          const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
          const page = async () =>
            (await b.app.inject({ method: 'GET', url: '/partyBuilding', headers: { host: 'localhost' } }))
              .body;
          const before = await page();
          expect(await page()).toBe(before);
          const title = `独立库跨实例发布${Date.now()}`;
          const res = await a.app.inject({
            method: 'POST',
            url: '/api/cube-cr/article/submit',
            headers: { 'cube-auth': `bearer ${tenantAdmin}`, authorization: basic() },
            payload: { category: ArticleCategory.party, title, isPublish: 1 },
          });
          expect(JSON.parse(res.body)).toMatchObject({ code: 200 });
          expect(
            await rowsIn(target.name, 'select 1 from cube_cr_article where title = $1', [title]),
          ).toHaveLength(1);
          expect(await page()).toContain(title);
        } finally {
          for (const i of instances) {
            await i.app.close();
            await i.store.close();
            await i.db.close();
          }
          const unbind = await t.call(
            'POST',
            '/api/cube-system/tenant/datasource?tenantId=100000&datasourceId=',
            platform,
          );
          expect(unbind.body, unbind.raw).toMatchObject({ code: 200 });
        }
      },
    );

    it.runIf(dialect === 'postgres')(
      'two binds of one tenant at once: one moves the rows, the other is refused',
      async () => {
        const before = await withPlatformScope(() =>
          t.deps.db.db.selectFrom('cubeNotice').select('id').where('tenantId', '=', '100000').execute(),
        );
        const url = `/api/cube-system/tenant/datasource?tenantId=100000&datasourceId=${id}`;
        const answers = await Promise.all([t.call('POST', url, platform), t.call('POST', url, platform)]);
        const messages = answers.map((a) => a.body.msg).sort();
        expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
        expect(messages).toContain(T.datasourceChanged);
        const there = await rowsIn(target.name, 'select id::text from cube_notice where tenant_id = $1', [
          '100000',
        ]);
        expect(there.map((r) => r.id).sort()).toEqual(before.map((r) => String(r.id)).sort());
        const unbind = await t.call(
          'POST',
          '/api/cube-system/tenant/datasource?tenantId=100000&datasourceId=',
          platform,
        );
        expect(unbind.body, unbind.raw).toMatchObject({ code: 200 });
      },
    );

    it.runIf(dialect === 'postgres')(
      'a bound tenant whose database is down keeps signing in and its other screens; its notices answer 503',
      async () => {
        const own = await throwawayPgDatabase();
        try {
          const res = await submit({
            name: '会停机的库',
            url: own.url,
            username: PG_APP_ROLE,
            password: 'x',
          });
          expect(res.body, res.raw).toMatchObject({ code: 200 });
          const ownId = String(res.body.data.id ?? res.body.data);
          const bind = await t.call(
            'POST',
            `/api/cube-system/tenant/datasource?tenantId=200000&datasourceId=${ownId}`,
            platform,
          );
          expect(bind.body, bind.raw).toMatchObject({ code: 200 });
          const other = (await t.token(DEMO.otherTenantAdmin)).access_token;
          expect((await t.call('GET', '/api/cube-desk/notice/list', other)).statusCode).toBe(200);

          // The database server goes away (here: the datasource now points at a closed port).
          const point = (url: string) =>
            withPlatformScope(() =>
              t.deps.db.db.updateTable('cubeDatasource').set({ url }).where('id', '=', ownId).execute(),
            );
          await point('postgres://127.0.0.1:1/gone');
          await t.deps.datasources.forget(ownId);
          const down = await t.call('GET', '/api/cube-desk/notice/list', other);
          expect(down.statusCode).toBe(503);
          expect((await t.call('GET', '/api/cube-auth/oauth/user-info', other)).statusCode).toBe(200);
          expect((await t.call('GET', '/api/cube-system/dept/list', other)).statusCode).toBe(200);
          expect((await t.token(DEMO.otherTenantAdmin)).access_token).toBeTruthy();

          await point(own.url);
          await t.deps.datasources.forget(ownId);
          const unbind = await t.call(
            'POST',
            `/api/cube-system/tenant/datasource?tenantId=200000&datasourceId=`,
            platform,
          );
          expect(unbind.body, unbind.raw).toMatchObject({ code: 200 });
        } finally {
          await t.deps.datasources.close();
          await own.drop();
        }
      },
    );

    it.runIf(dialect === 'postgres')(
      'fails closed when the target cannot be reached at bind time: binding and rows unchanged',
      async () => {
        const gone = await throwawayPgDatabase();
        const res = await submit({
          name: '将被删除的库',
          url: gone.url,
          username: PG_APP_ROLE,
          password: 'x',
        });
        expect(res.body, res.raw).toMatchObject({ code: 200 });
        const goneId = String(res.body.data.id ?? res.body.data);
        await gone.drop();
        const before = await withPlatformScope(() =>
          t.deps.db.db.selectFrom('cubeNotice').select('id').where('tenantId', '=', '100000').execute(),
        );
        const bind = await t.call(
          'POST',
          `/api/cube-system/tenant/datasource?tenantId=100000&datasourceId=${goneId}`,
          platform,
        );
        expect(bind.body.msg).toBe(`${T.datasourceMoveFailed}: 数据库不存在`);
        const tenant = await withPlatformScope(() =>
          t.deps.db.db
            .selectFrom('cubeTenant')
            .select('datasourceId')
            .where('tenantId', '=', '100000')
            .executeTakeFirstOrThrow(),
        );
        expect(tenant.datasourceId).toBeNull();
        const after = await withPlatformScope(() =>
          t.deps.db.db.selectFrom('cubeNotice').select('id').where('tenantId', '=', '100000').execute(),
        );
        expect(after).toEqual(before);
        const list = await t.call('GET', '/api/cube-desk/notice/list?size=100', tenantAdmin);
        expect(list.body.data.total).toBe(before.length);
      },
    );
  });
});
