import { applicationCheckDigit, patentApplicationEntity, StepFormMessage } from '@cube/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects, type TestApp } from '../../../test/helpers.js';

/**
 * The patent business on the workflow's extension points (`flow-binding.ts`), through the API on both databases:
 * a start creates its case through the one case path (the screen's rules and messages, nothing half-written), the
 * case's status follows the steps reached, a step form's refusal leaves nothing written, an accepted proposal
 * opens its case at its end, and whoever handles a step reads the case on the handle page — only that case, only
 * while the step is theirs.
 */

const WHO = {
  ...DEMO,
  manager: { tenantId: '100000', username: 'manager', password: 'Manager@2026' },
  agent: { tenantId: '100000', username: 'agent', password: 'Agent@2026' },
};
const AGENT_ID = '1123598816000000392';

describe.each(dialects)('the patent binding of the workflow on %s', { timeout: 240_000 }, (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  type Who = keyof typeof WHO;
  const flow = (method: 'GET' | 'POST', who: Who, url: string, body?: unknown) =>
    t.call(method, `/api/cube-flow${url}`, tokens[who] as string, body);
  const okData = (res: { statusCode: number; body: { data: unknown } }) => {
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Record<string, unknown> & { records: Array<Record<string, unknown>> };
  };
  const caseOf = async (id: string) =>
    okData(await t.call('GET', `/api/cube-patent/application/detail?id=${id}`, tokens.tenantAdmin as string));
  const definitionOf = async (category: string) =>
    String(okData(await flow('GET', 'tenantUser', `/work/start-list?category=${category}`)).records[0]?.id);
  const instances = async () =>
    Number(okData(await flow('GET', 'tenantUser', '/work/send-list?size=1')).total);
  /** The caller's open task of an instance at a step, claimed first when it is a group task. */
  const taskOf = async (who: Who, instanceId: string, activity: string) => {
    const find = async (list: string) =>
      okData(await flow('GET', who, `/work/${list}-list?size=200`)).records.find(
        (r) => r.processInstanceId === instanceId && r.taskDefinitionKey === activity,
      );
    let task = await find('todo');
    if (!task) {
      const claimable = await find('claim');
      expect(claimable, `${who} should see ${activity}`).toBeTruthy();
      okData(await flow('POST', who, '/work/claim-task', { taskId: claimable?.taskId }));
      task = await find('todo');
    }
    return String(task?.taskId);
  };
  const complete = async (
    who: Who,
    instanceId: string,
    activity: string,
    variables?: Record<string, unknown>,
  ) =>
    flow('POST', who, '/work/complete-task', {
      taskId: await taskOf(who, instanceId, activity),
      comment: '同意',
      ...(variables ? { variables } : {}),
    });
  const DRAFT = { claimCount: '12', draftNote: '共 12 项权利要求' };
  const REVIEW = { reviewConclusion: 'pass', reviewOpinion: '同意递交' };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const who of Object.keys(WHO) as Who[]) tokens[who] = (await t.token(WHO[who])).access_token;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  }, 120_000);

  it("creates a start's case through the one case path: its rules refuse, and nothing is half-written", async () => {
    const definition = await definitionOf('flow_1');
    const before = await instances();
    const start = (application: Record<string, unknown>) =>
      flow('POST', 'tenantUser', '/process/start-process', { processDefinitionId: definition, application });
    const base = { patentType: 'invention', title: '一种绑定测试装置', agentUserId: AGENT_ID };
    // The screen's own messages: a docket number another case holds, an agent that is not there.
    const taken = await start({ ...base, docketNo: 'P2026-001' });
    expect(taken.body).toMatchObject({ code: 400, msg: patentApplicationEntity.messages.docketExists });
    const noAgent = await start({ ...base, docketNo: `FB-${dialect}-0`, agentUserId: '123456789' });
    expect(noAgent.body).toMatchObject({ code: 400, msg: patentApplicationEntity.messages.agentInvalid });
    expect(await instances()).toBe(before);

    const started = okData(await start({ ...base, docketNo: `FB-${dialect}-1` }));
    expect(started).toMatchObject({ businessTable: 'pat_application', currentActivityNames: '撰写申请文件' });
    // Created as the screen creates it (audit stamp of the caller), and moved to 撰写中 by the step reached.
    const created = await caseOf(String(started.businessId));
    expect(created).toMatchObject({
      docketNo: `FB-${dialect}-1`,
      patentStatus: 'drafting',
      agentUserId: AGENT_ID,
    });
    expect(String(created.createUser)).not.toBe('');
  });

  it('moves the status with the steps, refuses a bad step form whole, and shows the case to its handler only', async () => {
    const definition = await definitionOf('flow_1');
    const started = okData(
      await flow('POST', 'tenantUser', '/process/start-process', {
        processDefinitionId: definition,
        application: {
          docketNo: `FB-${dialect}-2`,
          patentType: 'invention',
          title: '一种状态跟随装置',
          agentUserId: AGENT_ID,
        },
      }),
    );
    const id = String(started.processInstanceId);
    const caseId = String(started.businessId);
    okData(await complete('agent', id, 'draft', DRAFT));

    // 内部审核 without its form: the contract's message, the task still open, nothing kept on the instance.
    const refused = await complete('manager', id, 'review', { reviewConclusion: 'pass' });
    expect(refused.body).toMatchObject({ code: 400, msg: StepFormMessage.reviewOpinionRequired });
    const afterRefusal = okData(await flow('GET', 'manager', `/process/detail?processInstanceId=${id}`));
    expect(afterRefusal.currentActivityNames).toBe('内部审核');
    expect(afterRefusal.variables).not.toHaveProperty('reviewConclusion');
    okData(await complete('manager', id, 'review', REVIEW));
    const reviewed = okData(await flow('GET', 'manager', `/process/detail?processInstanceId=${id}`));
    expect(reviewed.variables).toMatchObject({ claimCount: 12, reviewConclusion: 'pass' });
    okData(await complete('agent', id, 'file'));
    expect(await caseOf(caseId)).toMatchObject({ patentStatus: 'filed' });

    // The clerk (普通用户, no grant on cases) is a candidate of 登记受理: the case opens for them …
    const read = (who: Who, caseNo: string) =>
      t.call('GET', `/api/cube-patent/application/detail?id=${caseNo}`, tokens[who] as string);
    expect((await read('tenantUser', caseId)).body.data).toMatchObject({ docketNo: `FB-${dialect}-2` });

    // 登记受理 with a number another case holds: refused, and the case keeps no number and its status.
    const digits = `2026${dialect === 'sqlite' ? 4 : 5}0100001`;
    const applicationNo = `${digits}.${applicationCheckDigit(digits)}`;
    await t.call('POST', '/api/cube-patent/application/submit', tokens.tenantAdmin as string, {
      docketNo: `FB-${dialect}-holder`,
      patentType: 'invention',
      title: '占号案件',
      applicationNo,
    });
    const duplicate = await complete('tenantUser', id, 'acceptance', {
      applicationNo,
      filingDate: '2026-03-02',
    });
    expect(duplicate.body).toMatchObject({ code: 400, msg: StepFormMessage.applicationNoExists });
    expect(await caseOf(caseId)).toMatchObject({ applicationNo: '', filingDate: '', patentStatus: 'filed' });

    const own = `2026${dialect === 'sqlite' ? 4 : 5}0100002`;
    okData(
      await complete('tenantUser', id, 'acceptance', {
        applicationNo: `${own}.${applicationCheckDigit(own)}`,
        filingDate: '2026-03-02',
      }),
    );
    expect(await caseOf(caseId)).toMatchObject({ filingDate: '2026-03-02', patentStatus: 'prelim_exam' });
    // 初步审查 is offered to the clerks again; once the process stops, no step is theirs and the case closes.
    expect((await read('tenantUser', caseId)).statusCode).toBe(200);
    okData(
      await flow('POST', 'tenantAdmin', '/follow/delete-process-instance', {
        processInstanceId: id,
        deleteReason: '测试终止',
      }),
    );
    // The demo clerk also reads the department's cases through its own grant, so the case stays open to it here;
    // a handler without that grant is refused once the step is no longer theirs (case-documents tests).
    expect((await read('tenantUser', caseId)).statusCode).toBe(200);
  });

  it('opens the case an accepted proposal decided on when the approval reaches its end', async () => {
    const definition = await definitionOf('flow_3');
    const subject = `绑定测试交底 ${dialect}`;
    const started = okData(
      await flow('POST', 'tenantUser', '/process/start-process', {
        processDefinitionId: definition,
        title: subject,
        variables: { patentType: 'utility', inventors: '李晓雯' },
      }),
    );
    const id = String(started.processInstanceId);
    expect(started.businessId).toBe('');
    okData(await complete('manager', id, 'ip_review'));
    const ended = okData(await complete('agent', id, 'agency_accept'));
    expect(ended.processIsFinished).toBe(true);
    const detail = okData(await flow('GET', 'tenantUser', `/process/detail?processInstanceId=${id}`));
    expect(detail.businessTable).toBe('pat_application');
    const opened = await caseOf(String(detail.businessId));
    expect(opened).toMatchObject({
      title: subject,
      patentType: 'utility',
      inventors: '李晓雯',
      agentUserId: AGENT_ID,
      patentStatus: 'drafting',
    });
    expect(String(opened.docketNo)).toMatch(/^P\d{4}-\d{3,}$/);
  });
});
