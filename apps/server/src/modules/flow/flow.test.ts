import { applicationCheckDigit, FlowMessage, PatentNumberMessage, StepFormMessage } from '@cube/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects, type TestApp } from '../../../test/helpers.js';
import { withPlatformScope } from '../../db/row-scope.js';
import { AUTHORITY_ID } from '../../seed/authority.js';

/**
 * The workflow runtime end to end through the API on both databases: the three shipped processes
 * walked by the demo tenant's clerk (user), agent and reviewer (manager), return and reject loops, the timeline and
 * diagram marks, the patent case's status following the flow, concurrent claims and completions, suspension and
 * termination, and the walls between tenants and permissions.
 */

const WHO = {
  ...DEMO,
  manager: { tenantId: '100000', username: 'manager', password: 'Manager@2026' },
  agent: { tenantId: '100000', username: 'agent', password: 'Agent@2026' },
  otherAdmin: { tenantId: '200000', username: 'admin', password: 'Demo@2026' },
};
const AGENT_ID = '1123598816000000392';

describe.each(dialects)('flow runtime on %s', { timeout: 240_000 }, (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const as = (who: keyof typeof WHO) => tokens[who] as string;
  const get = (who: keyof typeof WHO, url: string) => t.call('GET', `/api/cube-flow${url}`, as(who));
  const post = (who: keyof typeof WHO, url: string, body?: unknown) =>
    t.call('POST', `/api/cube-flow${url}`, as(who), body);
  const okData = (res: { statusCode: number; body: { data: unknown } }) => {
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Record<string, unknown> & { records: Array<Record<string, unknown>> };
  };

  /** The newest definition of a category the tenant may start. */
  const definitionOf = async (category: string) => {
    const list = okData(await get('tenantUser', `/work/start-list?category=${category}`));
    expect(list.records).toHaveLength(1);
    return list.records[0] as { id: string; version: number; key: string; tenantId: string };
  };

  /** The caller's open task of an instance, from the todo list (after claiming from the claim list if needed). */
  const taskOf = async (who: keyof typeof WHO, instanceId: string, activity: string) => {
    let todo = okData(await get(who, '/work/todo-list?size=200')).records.find(
      (r) => r.processInstanceId === instanceId && r.taskDefinitionKey === activity,
    );
    if (!todo) {
      const claimable = okData(await get(who, '/work/claim-list?size=200')).records.find(
        (r) => r.processInstanceId === instanceId && r.taskDefinitionKey === activity,
      );
      expect(claimable, `${who} should see ${activity} to claim`).toBeTruthy();
      okData(await post(who, '/work/claim-task', { taskId: claimable?.taskId }));
      todo = okData(await get(who, '/work/todo-list?size=200')).records.find(
        (r) => r.processInstanceId === instanceId && r.taskDefinitionKey === activity,
      );
    }
    expect(todo, `${who} should hold ${activity}`).toBeTruthy();
    return String(todo?.taskId);
  };

  const complete = async (
    who: keyof typeof WHO,
    instanceId: string,
    activity: string,
    flag = 'approve',
    comment = '同意',
    variables?: Record<string, string>,
  ) => {
    const taskId = await taskOf(who, instanceId, activity);
    const sent = variables ?? STEP_FORM_VALUES[activity];
    return okData(await post(who, '/work/complete-task', { taskId, flag, comment, variables: sent }));
  };

  /** What the shipped processes' step forms ask on 同意 (撰写申请文件, 内部审核), unless a test sends its own. */
  const STEP_FORM_VALUES: Record<string, Record<string, string>> = {
    draft: { claimCount: '10', draftNote: '' },
    review: { reviewConclusion: 'pass', reviewOpinion: '同意递交' },
  };

  /** An application number with its right check digit (weighted mod 11). */
  const numbered = (digits: string) => `${digits}.${applicationCheckDigit(digits)}`;
  /** 登记受理's step form: an application number of this test run's own and a filing date. */
  const filing = (n: number) => ({
    applicationNo: numbered(`2026${dialect === 'sqlite' ? 2 : 3}020000${n}`),
    filingDate: '2026-03-02',
  });
  const detail = async (who: keyof typeof WHO, instanceId: string) =>
    okData(await get(who, `/process/detail?processInstanceId=${instanceId}`));

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const who of Object.keys(WHO) as Array<keyof typeof WHO>)
      tokens[who] = (await t.token(WHO[who])).access_token;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  }, 120_000);

  it('seeds the three processes as common definitions in flow_1..3 and the menus for the working roles', async () => {
    const list = okData(await get('tenantUser', '/work/start-list'));
    expect(list.records.map((r) => `${r.category}:${r.key}:${r.tenantId}:${r.version}`).sort()).toEqual([
      'flow_1:patent_invention::1',
      'flow_2:patent_utility_design::1',
      'flow_3:patent_approval::1',
    ]);
    expect(list.records.every((r) => r.categoryName !== '')).toBe(true);
    const buttons = await t.call('GET', '/api/cube-system/menu/buttons', as('agent'));
    expect(JSON.stringify(buttons.body.data)).toContain('work_todo_handle');
    expect(JSON.stringify(buttons.body.data)).not.toContain('flow_manager_state');
    const adminButtons = await t.call('GET', '/api/cube-system/menu/buttons', as('tenantAdmin'));
    expect(JSON.stringify(adminButtons.body.data)).toContain('flow_model_deploy');
  });

  it('walks the invention process: clerk starts a new case, agent drafts, reviewer returns then approves, on to grant', async () => {
    const def = await definitionOf('flow_1');
    // The demo seed leaves work waiting for the agent already: this case adds one task to it.
    const waiting = Number(okData(await get('agent', '/work/count')).todo);
    const started = okData(
      await post('tenantUser', '/process/start-process', {
        processDefinitionId: def.id,
        application: {
          docketNo: `FL-${dialect}-1`,
          patentType: 'invention',
          title: '一种流程测试装置',
          agentUserId: AGENT_ID,
        },
        comment: '新案立项',
      }),
    );
    const id = String(started.processInstanceId);
    expect(started.businessTable).toBe('pat_application');
    expect(started.currentActivityNames).toBe('撰写申请文件');
    const caseId = String(started.businessId);

    // The agent (the case's agent, the draft task's assignee) has it in todo; the reviewer sees nothing yet.
    expect(okData(await get('agent', '/work/count'))).toMatchObject({ todo: waiting + 1 });
    await complete('agent', id, 'draft', 'approve', '初稿完成');
    // Review is a group task of role manager: claim, then return for changes.
    const claimList = okData(await get('manager', '/work/claim-list'));
    expect(claimList.records.map((r) => r.taskName)).toContain('内部审核');
    const taskDetail = okData(
      await get(
        'manager',
        `/work/task-detail?taskId=${claimList.records.find((r) => r.processInstanceId === id)?.taskId}`,
      ),
    );
    expect(taskDetail).toMatchObject({ canClaim: true, canComplete: false, formKey: 'patent.review' });
    expect((taskDetail.outcomes as Array<{ flag: string }>).map((o) => o.flag)).toEqual([
      'approve',
      'return',
      'reject',
    ]);
    await complete('manager', id, 'review', 'return', '权利要求范围过宽，请修改');
    await complete('agent', id, 'draft', 'approve', '已修改');
    await complete('manager', id, 'review', 'approve', '同意递交');
    await complete('agent', id, 'file', 'approve', '已递交');
    // 登记受理 asks for the application number and the filing date, and writes them to the case.
    const acceptance = await taskOf('tenantUser', id, 'acceptance');
    const accept = (variables?: Record<string, string>) =>
      post('tenantUser', '/work/complete-task', { taskId: acceptance, comment: '已受理', variables });
    expect((await accept()).body).toMatchObject({ code: 400, msg: StepFormMessage.applicationNoRequired });
    expect((await accept({ applicationNo: '2026101234', filingDate: '2026-03-02' })).body).toMatchObject({
      code: 400,
      msg: StepFormMessage.applicationNoInvalid,
    });
    expect((await accept({ applicationNo: '202610100001.6', filingDate: '2026-02-30' })).body).toMatchObject({
      code: 400,
      msg: StepFormMessage.filingDateRequired,
    });
    expect((await accept({ applicationNo: '202610100001.6', filingDate: '2999-01-01' })).body).toMatchObject({
      code: 400,
      msg: StepFormMessage.filingDateFuture,
    });
    // Another case's number is refused; the task is still open after every refusal.
    await t.call('POST', '/api/cube-patent/application/submit', as('tenantAdmin'), {
      docketNo: `FL-${dialect}-N`,
      patentType: 'invention',
      title: '占用申请号的案件',
      applicationNo: numbered(`20261010000${dialect === 'sqlite' ? 7 : 8}`),
    });
    expect(
      (
        await accept({
          applicationNo: numbered(`20261010000${dialect === 'sqlite' ? 7 : 8}`),
          filingDate: '2026-03-02',
        })
      ).body,
    ).toMatchObject({ code: 400, msg: StepFormMessage.applicationNoExists });
    // The check digit is CNIPA's weighted mod 11: 202610100004 → 10 → X; any other digit is refused.
    expect((await accept({ applicationNo: '202610100004.7', filingDate: '2026-03-02' })).body).toMatchObject({
      code: 400,
      msg: PatentNumberMessage.checkDigit,
    });
    expect(okData(await accept({ applicationNo: '202610100004.x', filingDate: '2026-03-02' }))).toMatchObject(
      {
        currentActivityNames: '初步审查',
      },
    );
    const accepted = await t.call(
      'GET',
      `/api/cube-patent/application/detail?id=${caseId}`,
      as('tenantAdmin'),
    );
    expect(accepted.body.data).toMatchObject({ applicationNo: '202610100004.X', filingDate: '2026-03-02' });
    await complete('tenantUser', id, 'prelim', 'return', '收到补正通知书');
    await complete('agent', id, 'respond_prelim', 'approve', '已补正');
    await complete('tenantUser', id, 'prelim', 'approve', '初审合格');
    await complete('tenantUser', id, 'publication', 'approve', '已公布');
    await complete('agent', id, 'se_request', 'approve', '已提实审');
    await complete('tenantUser', id, 'examination', 'return', '第一次审查意见');
    await complete('agent', id, 'respond_oa', 'approve', '已答复');
    await complete('tenantUser', id, 'examination', 'approve', '授权');
    const last = await complete('tenantUser', id, 'registration', 'approve', '已办登');
    expect(last).toMatchObject({ processIsFinished: true, currentActivityNames: '' });

    const shown = await detail('tenantUser', id);
    expect(shown).toMatchObject({
      status: 'completed',
      endActivityId: 'end_granted',
      processIsFinished: 'finished',
    });
    const theCase = await t.call(
      'GET',
      `/api/cube-patent/application/detail?id=${caseId}`,
      as('tenantAdmin'),
    );
    expect(theCase.body.data.patentStatus).toBe('granted');

    // Timeline: who did what, with outcomes and comments, oldest first.
    const history = (await get('manager', `/process/history-flow-list?processInstanceId=${id}`)).body
      .data as Array<Record<string, string>>;
    expect(history[0]).toMatchObject({
      historyActivityId: 'start',
      assigneeName: '李晓雯',
      comment: '新案立项',
    });
    const review = history.filter((h) => h.historyActivityId === 'review');
    expect(review.map((h) => `${h.outcome}:${h.assigneeName}:${h.comment}`)).toEqual([
      'return:周建国:权利要求范围过宽，请修改',
      'approve:周建国:同意递交',
    ]);
    expect(history.at(-1)).toMatchObject({
      historyActivityId: 'end_granted',
      historyActivityType: 'endEvent',
    });
    expect(history.every((h) => h.endTime !== '')).toBe(true);

    // Diagram: the deployed XML with passed steps and taken flows marked.
    const diagram = okData(await get('agent', `/process/model-view?processInstanceId=${id}`));
    expect(String(diagram.xml)).toContain('patent_invention');
    expect(diagram.activeIds).toEqual([]);
    expect(diagram.completedIds).toEqual(
      expect.arrayContaining(['start', 'draft', 'review', 'registration', 'end_granted']),
    );
    expect(diagram.completedIds).not.toContain('reexamination');
    expect(diagram.flowIds).toEqual(
      expect.arrayContaining(['f_review_return', 'f_exam_oa', 'f_registration']),
    );

    // Lists: sent by the clerk, done by the agent.
    expect(
      okData(await get('tenantUser', '/work/send-list')).records.find((r) => r.processInstanceId === id),
    ).toMatchObject({
      status: 'completed',
      title: `FL-${dialect}-1 一种流程测试装置`,
      categoryName: '发明专利全流程',
    });
    const done = okData(await get('agent', '/work/done-list?category=flow_1&size=50')).records.filter(
      (r) => r.processInstanceId === id,
    );
    expect(done.map((r) => r.taskDefinitionKey)).toEqual(
      expect.arrayContaining(['draft', 'file', 'respond_prelim', 'se_request', 'respond_oa']),
    );
  });

  it('follows rejection into reexamination and ends rejected; the case status follows', async () => {
    const def = await definitionOf('flow_1');
    const started = okData(
      await post('tenantUser', '/process/start-process', {
        processDefinitionId: def.id,
        application: { docketNo: `FL-${dialect}-2`, patentType: 'invention', title: '一种驳回测试方法' },
        variables: { agentId: AGENT_ID },
      }),
    );
    const id = String(started.processInstanceId);
    for (const [who, step] of [
      ['agent', 'draft'],
      ['manager', 'review'],
      ['agent', 'file'],
    ] as const)
      await complete(who, id, step);
    await complete('tenantUser', id, 'acceptance', 'approve', '已受理', filing(2));
    for (const [who, step] of [
      ['tenantUser', 'prelim'],
      ['tenantUser', 'publication'],
      ['agent', 'se_request'],
    ] as const)
      await complete(who, id, step);
    await complete('tenantUser', id, 'examination', 'reject', '驳回决定');
    // reexam_decision offers approve/reject only: "return" is refused with a clear message.
    const decision = await taskOf('agent', id, 'reexam_decision');
    const refused = await post('agent', '/work/complete-task', {
      taskId: decision,
      flag: 'return',
      comment: 'x',
    });
    expect(refused.body).toMatchObject({ code: 400, msg: FlowMessage.flagInvalid });
    await complete('agent', id, 'reexam_decision', 'approve', '请求复审');
    await complete('tenantUser', id, 'reexamination', 'reject', '维持驳回');
    expect(await detail('tenantUser', id)).toMatchObject({
      status: 'completed',
      endActivityId: 'end_rejected',
    });
    const theCase = await t.call(
      'GET',
      `/api/cube-patent/application/detail?id=${started.businessId}`,
      as('tenantAdmin'),
    );
    expect(theCase.body.data.patentStatus).toBe('rejected');
  });

  it('walks the utility-model/design process (no publication, no substantive examination)', async () => {
    const def = await definitionOf('flow_2');
    const started = okData(
      await post('tenantUser', '/process/start-process', {
        processDefinitionId: def.id,
        application: {
          docketNo: `FL-${dialect}-3`,
          patentType: 'utility',
          title: '一种实用新型',
          agentUserId: AGENT_ID,
        },
      }),
    );
    const id = String(started.processInstanceId);
    await complete('agent', id, 'draft');
    await complete('manager', id, 'review');
    await complete('agent', id, 'file');
    await complete('tenantUser', id, 'acceptance', 'approve', '已受理', filing(3));
    await complete('tenantUser', id, 'prelim');
    const end = await complete('tenantUser', id, 'registration');
    expect(end.processIsFinished).toBe(true);
    const history = (await get('tenantUser', `/process/history-flow-list?processInstanceId=${id}`)).body
      .data as Array<Record<string, string>>;
    expect(history.map((h) => h.historyActivityId)).toEqual([
      'start',
      'draft',
      'review',
      'file',
      'acceptance',
      'prelim',
      'registration',
      'end_granted',
    ]);
  });

  it('walks the approval process with its return-for-changes loop back to the inventor', async () => {
    const def = await definitionOf('flow_3');
    const started = okData(
      await post('tenantUser', '/process/start-process', {
        processDefinitionId: def.id,
        title: '一种新型电池散热结构（交底）',
        variables: { patentType: 'invention', inventors: '李晓雯、陈工' },
      }),
    );
    const id = String(started.processInstanceId);
    expect(started.businessId).toBe('');
    await complete('manager', id, 'ip_review', 'return', '请补充实施例');
    await complete('tenantUser', id, 'revise', 'approve', '已补充');
    await complete('manager', id, 'ip_review', 'approve', '建议申请发明');
    await complete('agent', id, 'agency_accept', 'return', '缺少附图');
    await complete('tenantUser', id, 'revise', 'approve', '已补附图');
    await complete('manager', id, 'ip_review', 'approve');
    const end = await complete('agent', id, 'agency_accept', 'approve', '接收');
    expect(end.processIsFinished).toBe(true);
    const finished = await detail('tenantUser', id);
    expect(finished).toMatchObject({
      endActivityId: 'end_approved',
      title: '一种新型电池散热结构（交底）',
      businessTable: 'pat_application',
    });
    // The accepted proposal opened its case: 撰写中, the accepting agent, a docket number of the tenant's series,
    // ready for the invention flow to start on it.
    const opened = await t.call(
      'GET',
      `/api/cube-patent/application/detail?id=${finished.businessId}`,
      as('tenantAdmin'),
    );
    const year = new Date().getFullYear();
    expect(opened.body.data).toMatchObject({
      title: '一种新型电池散热结构（交底）',
      patentType: 'invention',
      inventors: '李晓雯、陈工',
      agentUserId: AGENT_ID,
      patentStatus: 'drafting',
      docketNo: expect.stringMatching(new RegExp(`^P${year}-\\d{3}$`)),
    });
    const next = okData(
      await post('tenantUser', '/process/start-process', {
        processDefinitionId: def.id,
        title: '另一项交底',
        variables: { patentType: 'invention' },
      }),
    );
    await complete('manager', String(next.processInstanceId), 'ip_review', 'approve');
    await complete('agent', String(next.processInstanceId), 'agency_accept', 'approve');
    const second = await detail('tenantUser', String(next.processInstanceId));
    const secondCase = await t.call(
      'GET',
      `/api/cube-patent/application/detail?id=${second.businessId}`,
      as('tenantAdmin'),
    );
    const number = (docket: unknown) => Number(String(docket).slice(6));
    expect(number(secondCase.body.data.docketNo)).toBe(number(opened.body.data.docketNo) + 1);

    // Refused at the IP review, or started without a patent type: no case.
    const refused = okData(
      await post('tenantUser', '/process/start-process', {
        processDefinitionId: def.id,
        title: '不予申请的交底',
        variables: { patentType: 'utility' },
      }),
    );
    await complete('manager', String(refused.processInstanceId), 'ip_review', 'reject', '不具备新颖性');
    expect(await detail('tenantUser', String(refused.processInstanceId))).toMatchObject({
      endActivityId: 'end_rejected',
      businessId: '',
    });
    const untyped = okData(
      await post('tenantUser', '/process/start-process', { processDefinitionId: def.id, title: '无类型' }),
    );
    await complete('manager', String(untyped.processInstanceId), 'ip_review', 'approve');
    await complete('agent', String(untyped.processInstanceId), 'agency_accept', 'approve');
    expect(await detail('tenantUser', String(untyped.processInstanceId))).toMatchObject({
      endActivityId: 'end_approved',
      businessId: '',
    });
  });

  it('starts on an existing case (its agent by default), offers agents to choose, and gives a claimed task back', async () => {
    const agents = okData(await get('tenantUser', '/work/users?roleAlias=agent')) as unknown as Array<
      Record<string, string>
    >;
    expect(agents.map((u) => u.account)).toEqual(['agent']);
    const created = await t.call('POST', '/api/cube-patent/application/submit', as('tenantAdmin'), {
      docketNo: `FL-${dialect}-9`,
      patentType: 'design',
      title: '一种灯具的外观',
      agentUserId: AGENT_ID,
    });
    const caseId = String(created.body.data.id);
    const def = await definitionOf('flow_2');
    const started = okData(
      await post('tenantUser', '/process/start-process', {
        processDefinitionId: def.id,
        applicationId: caseId,
      }),
    );
    expect(started).toMatchObject({ businessTable: 'pat_application', businessId: caseId });
    const id = String(started.processInstanceId);
    const shown = await detail('agent', id);
    expect(shown.variables).toMatchObject({ agentId: AGENT_ID, applicationId: caseId, patentType: 'design' });
    expect(shown.myTaskId).not.toBe('');
    expect(okData(await get('tenantUser', `/work/send-list?businessId=${caseId}`)).records).toHaveLength(1);
    // Another tenant's case id is not there.
    const foreign = await post('tenantUser', '/process/start-process', {
      processDefinitionId: def.id,
      applicationId: '1',
    });
    expect(foreign.body.msg).toBe(FlowMessage.businessMissing);
    await complete('agent', id, 'draft');
    const review = await taskOf('manager', id, 'review');
    okData(await post('manager', '/work/unclaim-task', { taskId: review }));
    expect(
      okData(await get('manager', '/work/claim-list?size=200')).records.some((r) => r.taskId === review),
    ).toBe(true);
    const done = okData(await get('agent', '/work/done-list?size=200')).records.find(
      (r) => r.processInstanceId === id,
    );
    const finished = okData(await get('agent', `/work/task-detail?taskId=${done?.taskId}`));
    expect(finished).toMatchObject({
      status: 'finish',
      canComplete: false,
      canClaim: false,
      outcome: 'approve',
    });
  });

  it('lets exactly one of two people claim a group task, and one of two completions win', async () => {
    // A second reviewer: a copy of the manager account with its own login.
    await withPlatformScope(async () => {
      const manager = await t.deps.db.db
        .selectFrom('cubeUser')
        .selectAll()
        .where('id', '=', '1123598816000000391')
        .executeTakeFirstOrThrow();
      await t.deps.db.db
        .insertInto('cubeUser')
        .values({
          ...manager,
          id: '1123598816000009391',
          account: 'manager2',
          name: '吴经理',
          realName: '吴晓',
        })
        .execute();
      await t.deps.db.db
        .insertInto('cubeUserDept')
        .values({
          id: '1123598816000009392',
          tenantId: '100000',
          userId: '1123598816000009391',
          deptId: manager.deptId,
        })
        .execute();
    });
    const second = (await t.token({ tenantId: '100000', username: 'manager2', password: 'Manager@2026' }))
      .access_token;
    const def = await definitionOf('flow_3');
    const id = String(
      okData(await post('tenantUser', '/process/start-process', { processDefinitionId: def.id }))
        .processInstanceId,
    );
    const task = okData(await get('manager', '/work/claim-list?size=200')).records.find(
      (r) => r.processInstanceId === id,
    );
    const taskId = String(task?.taskId);
    const claims = await Promise.all([
      post('manager', '/work/claim-task', { taskId }),
      t.call('POST', '/api/cube-flow/work/claim-task', second, { taskId }),
    ]);
    expect(claims.map((c) => c.body.code).sort()).toEqual([200, 400]);
    expect(claims.find((c) => c.body.code === 400)?.body.msg).toBe(FlowMessage.taskClaimed);
    const winner = claims[0]?.body.code === 200 ? as('manager') : second;
    const loser = winner === second ? as('manager') : second;
    // The loser cannot complete it either.
    const denied = await t.call('POST', '/api/cube-flow/work/complete-task', loser, {
      taskId,
      comment: '同意',
    });
    expect(denied.body).toMatchObject({ code: 400, msg: FlowMessage.taskNotAssignee });
    // The winner submits twice at once (two tabs): one completion, the other told the task is taken.
    const both = await Promise.all([
      t.call('POST', '/api/cube-flow/work/complete-task', winner, { taskId, flag: 'return', comment: '一' }),
      t.call('POST', '/api/cube-flow/work/complete-task', winner, { taskId, flag: 'approve', comment: '二' }),
    ]);
    expect(both.map((c) => c.body.code).sort()).toEqual([200, 400]);
    expect(both.find((c) => c.body.code === 400)?.body.msg).toBe(FlowMessage.taskTaken);
    const history = (await get('tenantUser', `/process/history-flow-list?processInstanceId=${id}`)).body
      .data as Array<Record<string, string>>;
    expect(history.filter((h) => h.historyActivityId === 'ip_review' && h.outcome)).toHaveLength(1);
    const open = okData(await get('tenantUser', `/process/detail?processInstanceId=${id}`))
      .tasks as unknown[];
    expect(open).toHaveLength(1);
  });

  it('keeps tenants apart and checks permissions', async () => {
    const def = await definitionOf('flow_3');
    const id = String(
      okData(await post('tenantUser', '/process/start-process', { processDefinitionId: def.id }))
        .processInstanceId,
    );
    const task = okData(await get('manager', '/work/claim-list?size=200')).records.find(
      (r) => r.processInstanceId === id,
    );
    // Another tenant's administrator: not found everywhere, never a hint.
    expect((await get('otherAdmin', `/process/detail?processInstanceId=${id}`)).statusCode).toBe(404);
    expect((await get('otherAdmin', `/process/history-flow-list?processInstanceId=${id}`)).statusCode).toBe(
      404,
    );
    expect((await get('otherAdmin', `/process/model-view?processInstanceId=${id}`)).statusCode).toBe(404);
    // (refused by permission, 403, or as not found, 404 — never done)
    expect([403, 404]).toContain(
      (await post('otherAdmin', '/work/claim-task', { taskId: task?.taskId })).statusCode,
    );
    expect([403, 404]).toContain(
      (await post('otherAdmin', '/work/complete-task', { taskId: task?.taskId, comment: 'x' })).statusCode,
    );
    expect([403, 404]).toContain(
      (
        await post('otherAdmin', '/follow/delete-process-instance', {
          processInstanceId: id,
          deleteReason: 'x',
        })
      ).statusCode,
    );
    for (const url of ['/follow/list', '/work/claim-list', '/work/todo-list']) {
      const res = await get('otherAdmin', url);
      if (res.statusCode === 403) continue;
      expect(
        okData(res).records.find((r) => r.processInstanceId === id),
        url,
      ).toBeUndefined();
    }
    // Someone of the same tenant who is not involved cannot read the case's flow.
    expect((await get('agent', `/process/detail?processInstanceId=${id}`)).statusCode).toBe(404);
    // Not a candidate: cannot claim.
    expect((await post('agent', '/work/claim-task', { taskId: task?.taskId })).body.msg).toBe(
      FlowMessage.taskNotCandidate,
    );
    // Working roles have no administration codes.
    for (const url of ['/manager/list', '/follow/list', '/model/list'])
      expect((await get('tenantUser', url)).statusCode, url).toBe(403);
    expect(
      (await post('tenantUser', '/manager/change-state', { processId: def.id, state: 'suspend' })).statusCode,
    ).toBe(403);
    // A tenant administrator sees common definitions but cannot change them.
    const changed = await post('tenantAdmin', '/manager/change-state', {
      processId: def.id,
      state: 'suspend',
    });
    expect(changed.body).toMatchObject({ code: 403, msg: FlowMessage.commonForbidden });
    // Bad input answers a clear message.
    expect(
      (await post('tenantUser', '/work/complete-task', { taskId: task?.taskId, comment: '' })).body.msg,
    ).toBe(FlowMessage.commentRequired);
    expect(
      (
        await post('tenantUser', '/process/start-process', {
          processDefinitionId: (await definitionOf('flow_1')).id,
        })
      ).body.msg,
    ).toBe(FlowMessage.agentRequired);
  });

  it('suspends and activates a definition with its instances, and terminates an instance with a reason', async () => {
    const def = await definitionOf('flow_3');
    const id = String(
      okData(await post('tenantUser', '/process/start-process', { processDefinitionId: def.id }))
        .processInstanceId,
    );
    const taskId = await taskOf('manager', id, 'ip_review');
    okData(await post('platformAdmin', '/manager/change-state', { processId: def.id, state: 'suspend' }));
    expect(
      (await post('tenantUser', '/process/start-process', { processDefinitionId: def.id })).body.msg,
    ).toBe(FlowMessage.definitionSuspended);
    expect(okData(await get('tenantUser', '/work/start-list?category=flow_3')).records).toEqual([]);
    expect((await post('manager', '/work/complete-task', { taskId, comment: '同意' })).body.msg).toBe(
      FlowMessage.instanceSuspended,
    );
    okData(await post('platformAdmin', '/manager/change-state', { processId: def.id, state: 'active' }));
    expect(
      (
        await post('tenantAdmin', '/follow/delete-process-instance', {
          processInstanceId: id,
          deleteReason: '',
        })
      ).body.msg,
    ).toBe(FlowMessage.deleteReasonRequired);
    okData(
      await post('tenantAdmin', '/follow/delete-process-instance', {
        processInstanceId: id,
        deleteReason: '客户撤案',
      }),
    );
    expect(await detail('tenantUser', id)).toMatchObject({
      status: 'terminated',
      deleteReason: '客户撤案',
      tasks: [],
    });
    expect((await post('manager', '/work/complete-task', { taskId, comment: '同意' })).body.msg).toBe(
      FlowMessage.taskTaken,
    );
    const history = (await get('tenantUser', `/process/history-flow-list?processInstanceId=${id}`)).body
      .data as Array<Record<string, string>>;
    expect(history.at(-1)).toMatchObject({
      historyActivityType: 'terminate',
      comment: '客户撤案',
      assigneeName: '张明远',
    });
    // A definition with running instances is not deleted unless forced.
    const running = String(
      okData(await post('tenantUser', '/process/start-process', { processDefinitionId: def.id }))
        .processInstanceId,
    );
    expect(
      (await post('platformAdmin', '/manager/delete-deployment', { deploymentIds: def.id })).body.msg,
    ).toBe(FlowMessage.deploymentRunning);
    void running;
    void AUTHORITY_ID;
  });
});
