import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects, type TestApp } from '../../../test/helpers.js';
import { AUTHORITY_ID } from '../../seed/authority.js';
import { FLOW_WORK_ID } from '../../seed/flow-work.js';
import { PATENT_ID } from '../../seed/patent.js';
import { PATENT_WORK_ID } from '../../seed/patent-work.js';
import { today } from './clock.js';
import { addDays, weekStart } from './dates.js';

/** The 专利管理 menu and button codes, in the order the table lists them. */
const PATENT_CODES = [
  'patent_application',
  'patent_application_add',
  'patent_application_edit',
  'patent_application_delete',
  'patent_application_view',
  'patent_notice_add',
  'patent_notice_edit',
  'patent_notice_delete',
  'patent_deadline_add',
  'patent_deadline_edit',
  'patent_deadline_delete',
  'patent_fee_add',
  'patent_fee_edit',
  'patent_fee_delete',
  'patent_deadline',
  'patent_deadline_rule',
  'patent_deadline_rule_add',
  'patent_deadline_rule_edit',
  'patent_deadline_rule_delete',
  'agent_company',
  'agent_company_add',
  'agent_company_edit',
  'agent_company_delete',
  'agent_company_view',
  'agent_company_auth',
  'patent_holiday',
  'patent_holiday_add',
  'patent_holiday_edit',
  'patent_holiday_delete',
  'patent_holiday_view',
];

/**
 * The agency's staff on cases: each demo account signs in and lists the cases and deadlines its data scope admits
 * (the agent the cases they handle, the manager and the clerk the department's and below), holds the buttons its
 * role was given and no others, finds work waiting in 我的事务 on first sign-in, and an application number with a
 * wrong check digit is refused.
 */
describe.each(dialects)('the agency’s roles on cases on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let agent: string;
  let manager: string;
  let clerk: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
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
    const department = ['P2026-003', 'P2026-004', 'P2026-005', 'P2026-006', 'P2026-007'];
    expect(await dockets(agent)).toEqual(['P2026-003', 'P2026-005', 'P2026-006', 'P2026-007']);
    expect(await deadlineCases(agent)).toEqual(['P2026-003']);
    expect(await dockets(manager)).toEqual(department);
    expect(await deadlineCases(manager)).toEqual(['P2026-003']);
    expect(await dockets(clerk)).toEqual(department);
    expect(await deadlineCases(clerk)).toEqual(['P2026-003']);
    expect(await dockets(admin)).toEqual(['P2026-001', 'P2026-002', ...department, 'P2026-008']);
    expect(await deadlineCases(admin)).toEqual(['P2026-001', 'P2026-002', 'P2026-003']);
    // Notices and fees follow their case.
    for (const token of [agent, clerk]) {
      const fees = await t.call('GET', '/api/cube-patent/fee/list?size=100', token);
      expect(fees.body.data.records.map((r: { id: string }) => r.id)).toEqual([
        PATENT_WORK_ID.feeApplication,
      ]);
      const notices = await t.call('GET', '/api/cube-patent/notice/list?size=100', token);
      expect(notices.body.data.records.map((r: { id: string }) => r.id)).toEqual([
        PATENT_WORK_ID.noticeAcceptance,
      ]);
    }
  });

  it('gives each account the buttons of its role (the table of docs/agency-roles.md)', async () => {
    const codes = (nodes: Array<{ code: string; children?: unknown[] }>): string[] =>
      nodes.flatMap((node) => [node.code, ...codes((node.children ?? []) as typeof nodes)]);
    const held = async (token: string) => {
      const routes = await t.call('GET', '/api/cube-system/menu/routes', token);
      const buttons = await t.call('GET', '/api/cube-system/menu/buttons', token);
      const all = new Set([...codes(routes.body.data), ...codes(buttons.body.data)]);
      return PATENT_CODES.filter((code) => all.has(code));
    };
    expect(await held(admin)).toEqual(PATENT_CODES.filter((c) => !c.startsWith('patent_holiday')));
    expect(await held(manager)).toEqual([
      'patent_application',
      'patent_application_add',
      'patent_application_edit',
      'patent_application_view',
      'patent_notice_add',
      'patent_notice_edit',
      'patent_deadline_add',
      'patent_deadline_edit',
      'patent_fee_add',
      'patent_fee_edit',
      'patent_deadline',
      'patent_deadline_rule',
      'agent_company',
      'agent_company_view',
    ]);
    expect(await held(agent)).toEqual([
      'patent_application',
      'patent_application_edit',
      'patent_application_view',
      'patent_notice_add',
      'patent_notice_edit',
      'patent_deadline_add',
      'patent_deadline_edit',
      'patent_fee_add',
      'patent_fee_edit',
      'patent_deadline',
      'agent_company',
      'agent_company_view',
    ]);
    expect(await held(clerk)).toEqual([
      'patent_application',
      'patent_application_edit',
      'patent_application_view',
      'patent_notice_add',
      'patent_notice_edit',
      'patent_fee_add',
      'patent_fee_edit',
      'patent_deadline',
      'agent_company',
      'agent_company_view',
    ]);
    // The clerk reads the dashboard and records filing data, but neither adds cases nor touches the rules.
    expect((await t.call('GET', '/api/cube-patent/deadline/dashboard', clerk)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/cube-patent/deadline-rule/list', clerk)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/cube-patent/holiday/list', clerk)).statusCode).toBe(403);
    const detail = await t.call(
      'GET',
      `/api/cube-patent/application/detail?id=${PATENT_WORK_ID.caseDesign}`,
      clerk,
    );
    expect(detail.statusCode).toBe(200);
    const filed = await t.call('POST', '/api/cube-patent/application/submit', clerk, {
      ...detail.body.data,
      remark: '已核对受理通知书',
    });
    expect(filed.body, filed.raw).toMatchObject({ code: 200 });
  });

  it('has work waiting for every staff account in 我的事务 on first sign-in', async () => {
    const waiting = async (token: string, list: 'todo' | 'claim') => {
      const res = await t.call('GET', `/api/cube-flow/work/${list}-list?size=100`, token);
      expect(res.statusCode, res.raw).toBe(200);
      return (res.body.data.records as Array<{ taskName: string; processInstanceName?: string }>).map(
        (r) => r.taskName,
      );
    };
    expect(await waiting(admin, 'todo')).toContain('撰写申请文件');
    expect(await waiting(agent, 'todo')).toContain('撰写申请文件');
    expect(await waiting(manager, 'todo')).toContain('撰写申请文件');
    expect(await waiting(manager, 'claim')).toContain('内部审核');
    expect(await waiting(clerk, 'claim')).toContain('登记受理');
    // The flow moved the case it runs on: P2026-007 waits for 登记受理 as filed.
    const filed = await t.call(
      'GET',
      `/api/cube-patent/application/detail?id=${FLOW_WORK_ID.caseAcceptance}`,
      clerk,
    );
    expect(filed.body.data).toMatchObject({ docketNo: 'P2026-007', patentStatus: 'filed' });
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
      variables: { claimCount: 8 },
    });
    expect(done.statusCode, JSON.stringify(done.body)).toBe(200);
    const seen = await detailAs(manager);
    expect(seen.statusCode).toBe(200);
    expect(seen.body.data.docketNo).toBe(`AG-${dialect}`);
    // The list stays the manager's scope.
    expect(await dockets(manager)).not.toContain(`AG-${dialect}`);
  });
});
