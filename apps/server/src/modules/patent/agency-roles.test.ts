import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects, type TestApp } from '../../../test/helpers.js';
import { withPlatformScope } from '../../db/row-scope.js';
import { AUTHORITY_ID } from '../../seed/authority.js';
import { ID } from '../../seed/demo-data.js';
import { PATENT_ID } from '../../seed/patent.js';
import { PATENT_WORK_ID } from '../../seed/patent-work.js';
import { today } from './clock.js';
import { addDays, weekStart } from './dates.js';

/**
 * The agency's staff on cases: each demo account signs in and lists the cases and deadlines its data scope admits
 * (the agent the cases they handle, the manager the department's and below, the clerk every case), the demo's live
 * work is there on first sign-in, and an application number with a wrong check digit is refused.
 */
describe.each(dialects)('the agency’s roles on cases on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let agent: string;
  let manager: string;
  let clerk: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // The demo's 流程专员 has no account of its own: the plain demo user takes the role here.
    await withPlatformScope(() =>
      t.deps.db.db
        .updateTable('cubeUser')
        .set({ roleId: AUTHORITY_ID.roleProcess })
        .where('id', '=', ID.userDemoUser)
        .execute(),
    );
    admin = (await t.token(DEMO.tenantAdmin)).access_token;
    agent = (await t.token({ tenantId: '100000', username: 'agent', password: 'Agent@2026' })).access_token;
    manager = (await t.token({ tenantId: '100000', username: 'manager', password: 'Manager@2026' }))
      .access_token;
    clerk = (await t.token(DEMO.tenantUser)).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  const dockets = async (token: string) => {
    const res = await t.call('GET', '/api/cube-patent/application/list?size=100', token);
    expect(res.statusCode).toBe(200);
    return (res.body.data.records as Array<{ docketNo: string }>).map((r) => r.docketNo).sort();
  };
  const deadlineCases = async (token: string) => {
    const res = await t.call('GET', '/api/cube-patent/deadline/list?size=100', token);
    expect(res.statusCode).toBe(200);
    return [...new Set((res.body.data.records as Array<{ docketNo: string }>).map((r) => r.docketNo))].sort();
  };

  it('shows each account the cases and deadlines of its scope', async () => {
    expect(await dockets(agent)).toEqual(['P2026-003']);
    expect(await deadlineCases(agent)).toEqual(['P2026-003']);
    expect(await dockets(manager)).toEqual(['P2026-003', 'P2026-004']);
    expect(await deadlineCases(manager)).toEqual(['P2026-003']);
    const all = ['P2026-001', 'P2026-002', 'P2026-003', 'P2026-004'];
    expect(await dockets(clerk)).toEqual(all);
    expect(await dockets(admin)).toEqual(all);
    expect(await deadlineCases(clerk)).toEqual(['P2026-001', 'P2026-002', 'P2026-003']);
    // Notices and fees follow their case.
    const fees = await t.call('GET', '/api/cube-patent/fee/list?size=100', agent);
    expect(fees.body.data.records.map((r: { id: string }) => r.id)).toEqual([PATENT_WORK_ID.feeApplication]);
    const notices = await t.call('GET', '/api/cube-patent/notice/list?size=100', agent);
    expect(notices.body.data.records.map((r: { id: string }) => r.id)).toEqual([
      PATENT_WORK_ID.noticeAcceptance,
    ]);
  });

  it('opens a case outside the scope as not found', async () => {
    const other = await t.call(
      'GET',
      `/api/cube-patent/application/detail?id=${PATENT_ID.caseInvention}`,
      agent,
    );
    expect(other.statusCode).toBe(404);
    const own = await t.call(
      'GET',
      `/api/cube-patent/application/detail?id=${PATENT_WORK_ID.caseDesign}`,
      agent,
    );
    expect(own.statusCode).toBe(200);
    expect(own.body.data).toMatchObject({ docketNo: 'P2026-003', agentName: expect.any(String) });
    expect(own.body.data.agentName).not.toBe('');
    expect(own.body.data.companyName).toBe('杭州青禾茶业有限公司');
  });

  it('has live work on the deadline dashboard on first sign-in', async () => {
    const day = today();
    const weekEnd = addDays(weekStart(day), 6);
    const mine = (await t.call('GET', '/api/cube-patent/deadline/dashboard', agent)).body.data;
    expect(
      mine.dueThisWeek.map((r: { kind: string; officialDue: string }) => [r.kind, r.officialDue]),
    ).toEqual([['补交发明人证明材料', weekEnd]]);
    expect(mine.overdue.map((r: { kind: string }) => r.kind)).toEqual(['缴纳申请费']);
    const office = (await t.call('GET', '/api/cube-patent/deadline/dashboard', admin)).body.data;
    expect(office.dueThisWeek.length).toBeGreaterThanOrEqual(3);
    expect(office.overdue.length).toBeGreaterThanOrEqual(1);
    expect((await t.call('GET', '/api/cube-patent/deadline/dashboard', manager)).statusCode).toBe(200);
    const rules = await t.call('GET', '/api/cube-patent/deadline-rule/list?size=100', admin);
    const signed = (rules.body.data.records as Array<{ ruleCode: string; signedOff: number }>)
      .filter((r) => r.signedOff === 1)
      .map((r) => r.ruleCode)
      .sort();
    expect(signed).toEqual([
      'APP_FEE',
      'LITIGATION',
      'REEXAM_REQUEST',
      'REGISTRATION',
      'RESTORATION',
      'SE_REQUEST',
      'VOLUNTARY_AMEND',
    ]);
  });

  it('lets the clerk record filing data but not remove a case; the agent may not open one', async () => {
    const removed = await t.call(
      'POST',
      `/api/cube-patent/application/remove?ids=${PATENT_ID.caseUtility}`,
      clerk,
    );
    expect(removed.statusCode).toBe(403);
    const opened = await t.call('POST', '/api/cube-patent/application/submit', agent, {
      docketNo: 'P2026-099',
      patentType: 'invention',
      title: '代理人不能立案',
    });
    expect(opened.statusCode).toBe(403);
    // An agent edits their own case, not another's by its id.
    const edit = (id: string, docketNo: string) =>
      t.call('POST', '/api/cube-patent/application/submit', agent, {
        id,
        docketNo,
        patentType: 'invention',
        title: '改名',
        agentUserId: AUTHORITY_ID.userAgent,
      });
    expect((await edit(PATENT_ID.caseInvention, 'P2026-001')).statusCode).toBe(404);
    const detail = await t.call(
      'GET',
      `/api/cube-patent/application/detail?id=${PATENT_WORK_ID.caseDesign}`,
      agent,
    );
    expect((await edit(PATENT_WORK_ID.caseDesign, detail.body.data.docketNo)).body.code).toBe(200);
  });

  it('refuses an application number whose check digit is wrong', async () => {
    const send = (applicationNo: string) =>
      t.call('POST', '/api/cube-patent/application/submit', admin, {
        docketNo: `P2026-1${applicationNo.length}`,
        patentType: 'invention',
        title: '校验位测试',
        applicationNo,
      });
    const wrong = await send('202610123456.7');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body.msg).toBe('申请号校验位不正确');
    expect((await send('202610123456.X')).body.code).toBe(200);
  });

  it('shows the case to whoever handles its step, even outside their data scope', async () => {
    const flow = (token: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
      t.call(method, `/api/cube-flow${url}`, token, body);
    const defs = await flow(admin, 'GET', '/work/start-list?category=flow_1');
    const def = defs.body.data.records[0] as { id: string };
    // Opened by the administrator (the root department), so outside the manager's department scope.
    const started = await flow(admin, 'POST', '/process/start-process', {
      processDefinitionId: def.id,
      application: {
        docketNo: `AG-${dialect}`,
        patentType: 'invention',
        title: '一种审核可见性测试装置',
        agentUserId: AUTHORITY_ID.userAgent,
      },
      comment: '立项',
    });
    expect(started.statusCode, JSON.stringify(started.body)).toBe(200);
    const caseId = String(started.body.data.businessId);
    const instanceId = String(started.body.data.processInstanceId);
    const detailAs = (token: string) =>
      t.call('GET', `/api/cube-patent/application/detail?id=${caseId}`, token);
    // Not the manager's case and no step of theirs yet.
    expect((await detailAs(manager)).statusCode).toBe(404);
    // The agent drafts (their own case); the review then offers itself to the manager's role.
    const todo = await flow(agent, 'GET', '/work/todo-list?size=200');
    const draft = todo.body.data.records.find(
      (r: { processInstanceId: string }) => r.processInstanceId === instanceId,
    );
    expect((await detailAs(agent)).statusCode).toBe(200);
    const done = await flow(agent, 'POST', '/work/complete-task', {
      taskId: draft.taskId,
      flag: 'approve',
      comment: '初稿完成',
    });
    expect(done.statusCode, JSON.stringify(done.body)).toBe(200);
    const seen = await detailAs(manager);
    expect(seen.statusCode).toBe(200);
    expect(seen.body.data.docketNo).toBe(`AG-${dialect}`);
    // The list stays the manager's scope.
    expect(await dockets(manager)).not.toContain(`AG-${dialect}`);
  });
});
