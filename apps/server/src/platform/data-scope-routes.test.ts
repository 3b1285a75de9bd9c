import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A, grant, makeRole, signInAs } from '../../test/authority-fixtures.js';
import { createTestApp, DEMO, dialects, type TestApp } from '../../test/helpers.js';
import { withPlatformScope } from '../db/row-scope.js';
import { excel } from './lazy-modules.js';

/**
 * Every route of a scoped entity answers within the caller's data scope: the test walks the app's own route table
 * (so a route added later is walked too), calls each GET route under the entities' prefixes as a user whose role
 * holds "本人" (own rows) on the entities' menus, once plainly and once naming each foreign row, and looks for the
 * foreign rows in what comes back — JSON, a spreadsheet's cells, or a file's bytes.
 */

/** Prefixes of the scoped entities walked. */
const SCOPED = [
  { prefix: '/api/cube-pr/lead/' },
  { prefix: '/api/cube-resource/attach/' },
  { prefix: '/api/cube-patent/application/' },
  { prefix: '/api/cube-patent/notice/' },
  { prefix: '/api/cube-patent/deadline/' },
  { prefix: '/api/cube-patent/fee/' },
  { prefix: '/api/cube-desk/notice/' },
] as const;
/**
 * The menus of those screens (a route's own menu, like the deadline dashboard's 期限看板, included): the user's
 * role holds each with its buttons, and an "own rows" rule on each.
 */
const MENUS = ['lead', 'attach', 'patent_application', 'patent_deadline', 'notice'];

/** Routes that answer rows to everyone of the tenant by design, each with why. */
const UNSCOPED_BY_DESIGN: Record<string, string> = {
  // The bell: published notices are addressed to the whole tenant.
  'GET /api/cube-desk/notice/my': 'published notices are for every user of the tenant',
};

const PDF = (marker: string) => Buffer.from(`%PDF-1.7\n% ${marker}\n1 0 obj\n<<>>\nendobj\n%%EOF\n`);

function multipart(fileName: string, content: Buffer) {
  const boundary = '----scopewalk';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** What a response says, as text: JSON or text as is, a spreadsheet's cells, anything else its bytes. */
async function answerText(res: { headers: Record<string, unknown>; rawPayload: Buffer }): Promise<string> {
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('spreadsheetml')) {
    const book = new (excel().Workbook)();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    for (const sheet of book.worksheets)
      sheet.eachRow((row) => {
        cells.push(JSON.stringify(row.values));
      });
    return cells.join('\n');
  }
  return res.rawPayload.toString('latin1') + res.rawPayload.toString('utf8');
}

describe.each(dialects)('data scopes on every route of a scoped entity on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let user: { id: string; token: string };
  /** Ids and texts of rows the user must never get back. */
  const foreignIds: string[] = [];
  const foreignMarks: string[] = [];
  let ownCase = '';

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.token(DEMO.tenantAdmin)).access_token;
    const platform = (await t.token(DEMO.platformAdmin)).access_token;

    // The role: every menu and button of the walked screens, with an "own rows" rule on each entity's menu.
    const menus = await t.deps.db.db.selectFrom('cubeMenu').select(['id', 'code', 'parentId']).execute();
    const roots = new Set<string>(MENUS);
    const byCode = new Map(menus.map((m) => [m.code, String(m.id)]));
    const granted = new Set<string>();
    for (const code of roots) {
      const id = byCode.get(code);
      if (!id) throw new Error(`no menu ${code}`);
      granted.add(id);
    }
    // Buttons under them, and every ancestor so that the menus are reachable.
    let grew = true;
    while (grew) {
      grew = false;
      for (const m of menus) {
        const id = String(m.id);
        if (!granted.has(id) && granted.has(String(m.parentId)) && !roots.has(m.code)) {
          granted.add(id);
          grew = true;
        }
      }
    }
    for (const id of [...granted]) {
      let parent = menus.find((m) => String(m.id) === id)?.parentId;
      while (parent && String(parent) !== '0') {
        granted.add(String(parent));
        parent = menus.find((m) => String(m.id) === String(parent))?.parentId;
      }
    }
    const ownRules: string[] = [];
    for (const code of MENUS) {
      const res = await t.call('POST', '/api/cube-system/data-scope/submit', platform, {
        menuId: byCode.get(code),
        scopeName: `本人-${code}`,
        scopeType: 2,
        scopeValue: '',
      });
      expect(res.statusCode, res.raw).toBe(200);
      ownRules.push(res.body.data.id);
    }
    const role = await makeRole(t, admin, '仅本人');
    const granting = await grant(t, admin, {
      roleIds: [role],
      menuIds: [...granted],
      dataScopeIds: ownRules,
    });
    expect(granting.statusCode, granting.raw).toBe(200);
    user = await signInAs(t, [role], [A.deptMechanical]);

    // Foreign rows, made by the administrator.
    const lead = await t.call('POST', '/api/cube-pr/lead/submit', admin, {
      name: 'FOREIGNLEAD',
      phone: '13800138000',
      company: 'FOREIGNCOMPANY',
      service: '专利申请',
      message: 'x',
    });
    expect(lead.statusCode, lead.raw).toBe(200);
    foreignIds.push(lead.body.data.id);
    foreignMarks.push('FOREIGNLEAD', 'FOREIGNCOMPANY');
    const upload = async (name: string, marker: string) => {
      const { payload, contentType } = multipart(name, PDF(marker));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cube-resource/oss/endpoint/put-file-attach',
        payload,
        headers: { 'content-type': contentType, 'cube-auth': `bearer ${admin}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return JSON.parse(res.body).data.attachId as string;
    };
    foreignIds.push(await upload('FOREIGNFILE.pdf', 'FOREIGNPDFBYTES'));
    foreignMarks.push('FOREIGNFILE', 'FOREIGNPDFBYTES');
    const notice = await t.call('POST', '/api/cube-desk/notice/submit', admin, {
      title: 'FOREIGNNOTICE',
      category: 1,
      releaseTime: '2030-01-01 00:00:00',
      content: 'FOREIGNNOTICEBODY',
    });
    expect(notice.statusCode, notice.raw).toBe(200);
    foreignIds.push(notice.body.data.id);
    foreignMarks.push('FOREIGNNOTICE');

    // Own rows: a lead, a file and a case of the user's (so the walk sees answers, not only empty lists).
    const ownLead = await t.call('POST', '/api/cube-pr/lead/submit', user.token, {
      name: 'OWNLEAD',
      phone: '13800138001',
      company: 'OWN',
      service: '专利申请',
      message: 'y',
    });
    expect(ownLead.statusCode, ownLead.raw).toBe(200);

    // Cases: the seeded ones are the agency's; the user becomes the agent of one.
    const cases = await withPlatformScope(() =>
      t.deps.db.db
        .selectFrom('patApplication')
        .select(['id', 'docketNo'])
        .where('tenantId', '=', '100000')
        .where('isDeleted', '=', 0)
        .orderBy('id')
        .execute(),
    );
    expect(cases.length).toBeGreaterThan(1);
    ownCase = String(cases[0]?.id);
    await withPlatformScope(() =>
      t.deps.db.db
        .updateTable('patApplication')
        .set({ agentUserId: user.id })
        .where('id', '=', ownCase)
        .execute(),
    );
    for (const c of cases.slice(1)) {
      foreignIds.push(String(c.id));
      foreignMarks.push(String(c.docketNo));
    }
    const foreignCases = cases.slice(1).map((c) => String(c.id));
    for (const table of ['patNotice', 'patDeadline', 'patFee'] as const) {
      const rows = await withPlatformScope(() =>
        t.deps.db.db
          .selectFrom(table)
          .select('id')
          .where('applicationId', 'in', foreignCases)
          .where('isDeleted', '=', 0)
          .execute(),
      );
      foreignIds.push(...rows.map((r) => String(r.id)));
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds the walked routes in the app’s route table', () => {
    const walked = t.routes.filter(
      (r) => r.method === 'GET' && SCOPED.some((s) => r.url.startsWith(s.prefix)),
    );
    const urls = walked.map((r) => r.url);
    // The routes that leaked before: the lead export, the attachment download, the deadline dashboard.
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/cube-pr/lead/export',
        '/api/cube-resource/attach/download',
        '/api/cube-patent/deadline/dashboard',
      ]),
    );
  });

  it('answers no foreign row or file on any GET route of a scoped entity', async () => {
    const routes = t.routes.filter(
      (r) =>
        r.method === 'GET' &&
        SCOPED.some((s) => r.url.startsWith(s.prefix)) &&
        !UNSCOPED_BY_DESIGN[`GET ${r.url}`],
    );
    const leaks: string[] = [];
    let answered = 0;
    for (const route of routes) {
      const queries = [
        'size=1000&current=1',
        ...foreignIds.map((id) => `id=${id}&ids=${id}&applicationId=${id}&parentId=${id}&size=1000`),
      ];
      for (const query of queries) {
        const url = `${route.url.replace(/:(\w+)/g, foreignIds[0] ?? '1')}?${query}`;
        const res = await t.app.inject({
          method: 'GET',
          url,
          headers: { 'cube-auth': `bearer ${user.token}` },
        });
        if (res.statusCode === 200) answered++;
        const text = await answerText(res);
        for (const mark of [...foreignMarks, ...foreignIds])
          if (text.includes(mark)) leaks.push(`${route.url}?${query} → ${res.statusCode} carries ${mark}`);
      }
    }
    expect(leaks).toEqual([]);
    // The walk reached real answers (lists, the export, the dashboard), not only refusals.
    expect(answered).toBeGreaterThan(routes.length);
  });

  it('applies a rule granted on a route’s own menu (the 期限看板 dashboard) to that route', async () => {
    const platform = (await t.token(DEMO.platformAdmin)).access_token;
    const menus = await t.deps.db.db.selectFrom('cubeMenu').select(['id', 'code', 'parentId']).execute();
    const board = menus.find((m) => m.code === 'patent_deadline');
    const ids = new Set<string>([String(board?.id)]);
    let parent = board?.parentId;
    while (parent && String(parent) !== '0') {
      ids.add(String(parent));
      parent = menus.find((m) => String(m.id) === String(parent))?.parentId;
    }
    const rule = await t.call('POST', '/api/cube-system/data-scope/submit', platform, {
      menuId: String(board?.id),
      scopeName: '看板-本人',
      scopeType: 2,
      scopeValue: '',
    });
    const role = await makeRole(t, admin, '看板本人');
    const granted = await grant(t, admin, {
      roleIds: [role],
      menuIds: [...ids],
      dataScopeIds: [rule.body.data.id],
    });
    expect(granted.statusCode, granted.raw).toBe(200);
    const watcher = await signInAs(t, [role], [A.deptMechanical]);
    const full = await t.call('GET', '/api/cube-patent/deadline/dashboard', admin);
    const all = full.body.data;
    expect(all.dueThisWeek.length + all.overdue.length + all.byAgent.length).toBeGreaterThan(0);
    const mine = await t.call('GET', '/api/cube-patent/deadline/dashboard', watcher.token);
    expect(mine.statusCode, mine.raw).toBe(200);
    expect(mine.body.data).toMatchObject({ dueThisWeek: [], overdue: [], byAgent: [] });
  });

  it('still answers the user’s own rows on the same routes', async () => {
    const list = await t.call('GET', '/api/cube-pr/lead/list?size=100', user.token);
    expect(list.body.data.records.map((r: { name: string }) => r.name)).toEqual(['OWNLEAD']);
    const cases = await t.call('GET', '/api/cube-patent/application/list?size=100', user.token);
    expect(cases.body.data.records.map((r: { id: string }) => r.id)).toEqual([ownCase]);
    const dashboard = await t.call('GET', '/api/cube-patent/deadline/dashboard', user.token);
    expect(dashboard.statusCode).toBe(200);
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/cube-pr/lead/export',
      headers: { 'cube-auth': `bearer ${user.token}` },
    });
    expect(exported.statusCode).toBe(200);
    expect(await answerText(exported)).toContain('OWNLEAD');
  });
});
