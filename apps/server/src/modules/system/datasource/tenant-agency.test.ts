import { applicationCheckDigit, datasourceEntity } from '@cube/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  basic,
  createTestApp,
  DEMO,
  PG_APP_ROLE,
  type TestApp,
  throwawayPgDatabase,
} from '../../../../test/helpers.js';
import { withPlatformScope } from '../../../db/row-scope.js';
import { runDueTimers } from '../../flow/timers.js';
import { today } from '../../patent/clock.js';
import { addDays } from '../../patent/dates.js';
import { runDeadlineNotifications, runReminders } from '../../patent/reminders.js';

/**
 * A tenant bound to its own PostgreSQL database runs the whole agency flow there: a disclosure approved opens its
 * case, a patent process runs on it with step forms and documents, a notice's deadlines are computed with the
 * master's holiday calendar, the reminder jobs and the flow timer poller find due work in the tenant's database,
 * and every patent and workflow row of the tenant is in that database and none on the master. Users, roles,
 * notifications, definitions and holidays stay on the master. PostgreSQL only: SQLite refuses binding.
 */

const PG_URL = process.env.CUBE_TEST_PG_URL;
const BOUND = '100000';
const AGENT_ID = '1123598816000000392';
const WHO = {
  ...DEMO,
  manager: { tenantId: BOUND, username: 'manager', password: 'Manager@2026' },
  agent: { tenantId: BOUND, username: 'agent', password: 'Agent@2026' },
};
type Who = keyof typeof WHO;

/** The tables whose rows follow a bound tenant, beyond the notices, site content, leads and attachments. */
const PATENT_AND_FLOW = [
  'cube_agent_company',
  'cube_agent_company_user',
  'pat_application',
  'pat_notice',
  'pat_deadline_rule',
  'pat_deadline',
  'pat_fee',
  'pat_reminder',
  'pat_document',
  'flow_instance',
  'flow_task',
  'flow_task_candidate',
  'flow_history',
  'flow_timer',
];

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');

/** A process whose only task has a timer that ends the flow when it expires. */
const timerXml = (key: string, duration: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="D_${key}" targetNamespace="https://cube-portal.cn/flow">
  <bpmn:process id="${key}" name="测试流程 ${key}" isExecutable="true">
    <bpmn:startEvent id="start" name="开始" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="task" />
    <bpmn:userTask id="task" name="审批" camunda:candidateGroups="manager" />
    <bpmn:sequenceFlow id="f2" sourceRef="task" targetRef="end" />
    <bpmn:boundaryEvent id="timeout" name="超时" attachedToRef="task">
      <bpmn:timerEventDefinition><bpmn:timeDuration xsi:type="bpmn:tFormalExpression">${duration}</bpmn:timeDuration></bpmn:timerEventDefinition>
    </bpmn:boundaryEvent>
    <bpmn:sequenceFlow id="f3" sourceRef="timeout" targetRef="end_timeout" />
    <bpmn:endEvent id="end_timeout" name="超时结束" />
    <bpmn:endEvent id="end" name="结束" />
  </bpmn:process>
</bpmn:definitions>`;

/** A multipart body: text fields first, then the file. */
function multipart(fields: Record<string, string>, fileName: string, content: Buffer) {
  const boundary = `----cube-doc-${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
    'utf8',
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

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

describe.runIf(PG_URL)('a tenant on its own database runs the agency flow', { timeout: 300_000 }, () => {
  let t: TestApp;
  let target: Awaited<ReturnType<typeof throwawayPgDatabase>>;
  const tokens: Partial<Record<Who, string>> = {};
  const as = (who: Who) => tokens[who] as string;
  const okData = (res: { statusCode: number; body: { data: unknown } }) => {
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Record<string, unknown> & { records: Array<Record<string, unknown>> };
  };
  const flow = (method: 'GET' | 'POST', who: Who, url: string, body?: unknown) =>
    t.call(method, `/api/cube-flow${url}`, as(who), body);
  const definitionOf = async (category: string) =>
    String(okData(await flow('GET', 'tenantUser', `/work/start-list?category=${category}`)).records[0]?.id);
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
    okData(
      await flow('POST', who, '/work/complete-task', {
        taskId: await taskOf(who, instanceId, activity),
        comment: '同意',
        ...(variables ? { variables } : {}),
      }),
    );
  const masterCount = async (table: string, where = '') =>
    Number(
      (
        await withPlatformScope(() =>
          t.deps.db.db
            // biome-ignore lint/suspicious/noExplicitAny: tables named from the list above
            .selectFrom(table.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()) as any)
            .select((e) => e.fn.countAll().as('n'))
            .where('tenantId', '=', BOUND)
            .$call((q) => (where ? q.where('id', '=', where) : q))
            .executeTakeFirst(),
        )
      )?.n ?? 0,
    );
  const thereCount = async (table: string) =>
    Number(
      (await rowsIn(target.name, `select count(*)::int as n from ${table} where tenant_id = $1`, [BOUND]))[0]
        .n,
    );
  const notificationsOnMaster = async (like: string) =>
    withPlatformScope(() =>
      t.deps.db.db
        .selectFrom('cubeNotification')
        .select(['id', 'title', 'dedupeKey'])
        .where('tenantId', '=', BOUND)
        .where('dedupeKey', 'like', like)
        .execute(),
    );

  beforeAll(async () => {
    t = await createTestApp('postgres');
    for (const who of Object.keys(WHO) as Who[]) tokens[who] = (await t.token(WHO[who])).access_token;
    target = await throwawayPgDatabase();
    const ds = await t.call('POST', `${datasourceEntity.api}/submit`, as('platformAdmin'), {
      name: '代理业务库',
      url: target.url,
      username: PG_APP_ROLE,
      password: 'S3cret-pass',
      poolSize: 3,
    });
    expect(ds.body, ds.raw).toMatchObject({ code: 200 });
    const id = String(ds.body.data.id ?? ds.body.data);
    const bind = await t.call(
      'POST',
      `/api/cube-system/tenant/datasource?tenantId=${BOUND}&datasourceId=${id}`,
      as('platformAdmin'),
    );
    expect(bind.body, bind.raw).toMatchObject({ code: 200 });
  }, 180_000);
  afterAll(async () => {
    await t?.deps.datasources.close();
    await t?.close();
    await target?.drop();
  }, 120_000);

  it("moves the tenant's demo cases, rules and processes at binding, and leaves none on the master", async () => {
    for (const table of [
      'pat_application',
      'pat_deadline_rule',
      'cube_agent_company',
      'flow_instance',
      'flow_task',
    ])
      expect(await thereCount(table), table).toBeGreaterThan(0);
    for (const table of PATENT_AND_FLOW) expect(await masterCount(table), table).toBe(0);
    // Definitions and the holiday calendar are the master's: nothing of them in the tenant's database.
    expect(await rowsIn(target.name, 'select 1 from flow_definition')).toEqual([]);
    expect(await rowsIn(target.name, 'select 1 from pat_holiday')).toEqual([]);
    // The console reads the moved rows there: the demo cases and the clerk's tasks.
    const cases = okData(
      await t.call('GET', '/api/cube-patent/application/list?size=100', as('tenantAdmin')),
    );
    expect(cases.total).toBe(await thereCount('pat_application'));
  });

  it('approves a disclosure, opens its case, runs the invention process with forms and documents, all there', async () => {
    const taskNotesBefore = (await notificationsOnMaster('task:%')).length;
    // 专利申请审批流程: the approval's end opens the case in the completing transaction, in the tenant's database.
    const subject = '独立库交底：一种散热结构';
    const approval = okData(
      await flow('POST', 'tenantUser', '/process/start-process', {
        processDefinitionId: await definitionOf('flow_3'),
        title: subject,
        variables: { patentType: 'invention', inventors: '李晓雯' },
      }),
    );
    const approvalId = String(approval.processInstanceId);
    await complete('manager', approvalId, 'ip_review');
    const ended = await complete('agent', approvalId, 'agency_accept');
    expect(ended.processIsFinished).toBe(true);
    const approved = okData(
      await flow('GET', 'tenantUser', `/process/detail?processInstanceId=${approvalId}`),
    );
    expect(approved).toMatchObject({ status: 'completed', businessTable: 'pat_application' });
    const caseId = String(approved.businessId);
    const [opened] = await rowsIn(target.name, 'select * from pat_application where id = $1', [caseId]);
    expect(opened).toMatchObject({ title: subject, patent_type: 'invention', patent_status: 'drafting' });
    expect(String(opened.agent_user_id)).toBe(AGENT_ID);
    expect(await masterCount('pat_application', caseId)).toBe(0);
    // The tasks were announced to their users on the master (users and notifications live there).
    expect((await notificationsOnMaster('task:%')).length).toBeGreaterThan(taskNotesBefore);

    // 发明专利申请流程 on the opened case: the agent is read from the case; the draft step takes a document.
    const started = okData(
      await flow('POST', 'tenantUser', '/process/start-process', {
        processDefinitionId: await definitionOf('flow_1'),
        applicationId: caseId,
        comment: '立项',
      }),
    );
    const instanceId = String(started.processInstanceId);
    const draftTask = await taskOf('agent', instanceId, 'draft');
    const body = multipart(
      { applicationId: caseId, taskId: draftTask, kind: 'draft' },
      '权利要求书.pdf',
      PDF,
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/cube-patent/document/upload',
      headers: {
        authorization: basic(),
        'content-type': body.contentType,
        'cube-auth': `bearer ${as('agent')}`,
      },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(
      await rowsIn(target.name, 'select step_key, version from pat_document where application_id = $1', [
        caseId,
      ]),
    ).toEqual([{ step_key: 'draft', version: 1 }]);
    const docs = okData(
      await t.call('GET', `/api/cube-patent/document/list?applicationId=${caseId}`, as('tenantAdmin')),
    ) as unknown as Array<Record<string, unknown>>;
    expect(docs[0]?.createUserName).not.toBe('');

    await complete('agent', instanceId, 'draft', { claimCount: '12', draftNote: '共 12 项权利要求' });
    await complete('manager', instanceId, 'review', { reviewConclusion: 'pass', reviewOpinion: '同意递交' });
    await complete('agent', instanceId, 'file');
    const digits = '202650900001';
    const applicationNo = `${digits}.${applicationCheckDigit(digits)}`;
    await complete('tenantUser', instanceId, 'acceptance', { applicationNo, filingDate: '2026-03-02' });
    const [filed] = await rowsIn(target.name, 'select * from pat_application where id = $1', [caseId]);
    expect(filed).toMatchObject({
      application_no: applicationNo,
      filing_date: '2026-03-02',
      patent_status: 'prelim_exam',
    });
    const running = okData(
      await flow('GET', 'tenantUser', `/process/detail?processInstanceId=${instanceId}`),
    );
    expect(running.currentActivityNames).toBe('初步审查');
    // The timeline names who did each step (users read on the master).
    const history = okData(
      await flow('GET', 'tenantUser', `/process/history-flow-list?processInstanceId=${instanceId}`),
    ) as unknown as Array<Record<string, string>>;
    expect(history.some((h) => h.historyActivityId === 'draft' && h.assigneeName)).toBe(true);
    for (const table of ['flow_instance', 'flow_task', 'flow_history', 'pat_application', 'pat_document'])
      expect(await masterCount(table), table).toBe(0);
    expect(
      await rowsIn(target.name, 'select count(*)::int as n from flow_history where instance_id = $1', [
        instanceId,
      ]),
    ).toEqual([{ n: expect.any(Number) }]);

    // A correction notice dispatched 17 Jul 2026: due 8 Oct, because 1 Oct is in the master's National Day holiday
    // (the tenant's database has no calendar of its own).
    const notice = await t.call('POST', '/api/cube-patent/notice/submit', as('tenantAdmin'), {
      applicationId: caseId,
      noticeType: 'correction',
      dispatchDate: '2026-07-17',
      receiptRule: 'dispatch_plus_15',
    });
    expect(notice.body, notice.raw).toMatchObject({
      code: 200,
      data: { receiptDate: '2026-08-01', deadlines: '1' },
    });
    expect(
      await rowsIn(
        target.name,
        'select official_due, internal_due, owner_user_id::text from pat_deadline where source_notice_id = $1',
        [notice.body.data.id],
      ),
    ).toEqual([{ official_due: '2026-10-08', internal_due: '2026-09-23', owner_user_id: AGENT_ID }]);
    expect(await masterCount('pat_notice')).toBe(0);
    expect(await masterCount('pat_deadline')).toBe(0);
  });

  it("the reminder jobs find the tenant's due deadlines in its database and name the owner from the master", async () => {
    const day = today();
    const kind = '独立库期限提醒';
    const deadline = await t.call('POST', '/api/cube-patent/deadline/submit', as('tenantAdmin'), {
      applicationId: String(
        (await rowsIn(target.name, 'select id::text from pat_application limit 1'))[0].id,
      ),
      kind,
      officialDue: addDays(day, 3),
      internalDue: addDays(day, 2),
      ownerUserId: AGENT_ID,
    });
    expect(deadline.body, deadline.raw).toMatchObject({ code: 200 });
    // The master alone holds none of the tenant's deadlines: only the scan of the tenant's database finds it.
    expect(await runReminders(t.deps.db.db, day)).toBe(0);
    expect(await runReminders(t.deps.db.db, day, t.deps.datasources)).toBeGreaterThan(0);
    const [bell] = await rowsIn(target.name, 'select title from cube_notice where title like $1', [
      `%${kind}%`,
    ]);
    expect(bell?.title).toContain(kind);
    expect(bell?.title).not.toContain('未分配');
    expect(
      await rowsIn(
        target.name,
        `select 1 from pat_reminder r join pat_deadline d on d.id = r.deadline_id where d.kind = $1`,
        [kind],
      ),
    ).not.toHaveLength(0);
    expect(await masterCount('pat_reminder')).toBe(0);
    expect(await runReminders(t.deps.db.db, day, t.deps.datasources)).toBe(0);

    // The personal notifications: the agent hears of it on the master (notifications live there).
    expect(await runDeadlineNotifications(t.deps.db.db, day, t.deps.datasources)).toBeGreaterThan(0);
    const told = await notificationsOnMaster('deadline:%:approaching:%');
    expect(told.some((n) => n.title.includes(kind))).toBe(true);
    expect(await runDeadlineNotifications(t.deps.db.db, day, t.deps.datasources)).toBe(0);
  });

  it('the timer poller fires a due timer of an instance in the tenant database, and the flow completes', async () => {
    const model = okData(
      await flow('POST', 'tenantAdmin', '/model/submit', {
        modelKey: 'bound_timer',
        name: '独立库定时流程',
        modelEditorXml: timerXml('bound_timer', 'PT1S'),
      }),
    );
    okData(
      await flow('POST', 'tenantAdmin', '/model/deploy', {
        modelId: model.id,
        category: 'flow_3',
        tenantIds: '',
      }),
    );
    const definition = okData(
      await flow('GET', 'tenantAdmin', '/manager/list?processDefinitionKey=bound_timer'),
    ).records[0] as { id: string };
    const started = okData(
      await flow('POST', 'tenantUser', '/process/start-process', { processDefinitionId: definition.id }),
    );
    const id = String(started.processInstanceId);
    expect(
      await rowsIn(target.name, 'select timer_status from flow_timer where instance_id = $1', [id]),
    ).toEqual([{ timer_status: 'pending' }]);
    expect(await masterCount('flow_timer')).toBe(0);
    // Timer rows keep whole seconds rounded up: PT1S is due within 2 s of the start.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    // The master alone has nothing due; the scan of the tenant's database fires it.
    expect(await runDueTimers(t.deps.db)).toBe(0);
    expect(await runDueTimers(t.deps.db, {}, t.deps.datasources)).toBe(1);
    const shown = okData(await flow('GET', 'tenantUser', `/process/detail?processInstanceId=${id}`));
    expect(shown).toMatchObject({ status: 'completed', endActivityId: 'end_timeout', tasks: [] });
    expect(
      await rowsIn(target.name, 'select timer_status from flow_timer where instance_id = $1', [id]),
    ).toEqual([{ timer_status: 'fired' }]);
    expect(await runDueTimers(t.deps.db, {}, t.deps.datasources)).toBe(0);

    // The tenant's administrator suspends and deletes the definition (on the master) with its running instances
    // (in the tenant's database): suspended there, then terminated there, and the definition removed.
    const next = String(
      okData(
        await flow('POST', 'tenantUser', '/process/start-process', { processDefinitionId: definition.id }),
      ).processInstanceId,
    );
    const statusOf = async () =>
      (await rowsIn(target.name, 'select flow_status from flow_instance where id = $1', [next]))[0]
        ?.flow_status;
    okData(
      await flow('POST', 'tenantAdmin', '/manager/change-state', {
        processId: definition.id,
        state: 'suspend',
      }),
    );
    expect(await statusOf()).toBe('suspended');
    const refused = await flow('POST', 'tenantAdmin', '/manager/delete-deployment', {
      deploymentIds: definition.id,
    });
    expect(refused.body.success).toBe(false);
    okData(
      await flow('POST', 'tenantAdmin', '/manager/delete-deployment', {
        deploymentIds: definition.id,
        force: true,
      }),
    );
    expect(await statusOf()).toBe('terminated');
    const removed = await withPlatformScope(() =>
      t.deps.db.db.selectFrom('flowDefinition').select('isDeleted').where('id', '=', definition.id).execute(),
    );
    expect(removed.map((d) => Number(d.isDeleted))).toEqual([1]);
  });

  it('a job scan that fails in a tenant database is reported, and the master is still served', async () => {
    const failed: string[] = [];
    const scanned: Array<string | undefined> = [];
    const total = await t.deps.datasources.eachDatabase(
      async (tenantId) => {
        scanned.push(tenantId);
        if (tenantId === BOUND) throw new Error('tenant database unreachable');
        return 1;
      },
      (tenantId) => failed.push(tenantId),
    );
    expect(scanned).toEqual([undefined, BOUND]);
    expect(total).toBe(1);
    expect(failed).toEqual([BOUND]);
  });

  it('unbinding brings every patent and workflow row back to the master, and the process goes on there', async () => {
    const counts = new Map<string, number>();
    for (const table of PATENT_AND_FLOW) counts.set(table, await thereCount(table));
    const unbind = await t.call(
      'POST',
      `/api/cube-system/tenant/datasource?tenantId=${BOUND}&datasourceId=`,
      as('platformAdmin'),
    );
    expect(unbind.body, unbind.raw).toMatchObject({ code: 200 });
    for (const table of PATENT_AND_FLOW) {
      expect(await masterCount(table), table).toBe(counts.get(table));
      expect(await rowsIn(target.name, `select 1 from ${table}`), table).toEqual([]);
    }
    // The invention process opened above continues on the master: 初步审查 is offered to the clerks.
    const [instance] = await withPlatformScope(() =>
      t.deps.db.db
        .selectFrom('flowInstance')
        .select('id')
        .where('tenantId', '=', BOUND)
        .where('currentActivityIds', '=', 'prelim')
        .where('flowStatus', '=', 'running')
        .orderBy('createTime', 'desc')
        .execute(),
    );
    expect(instance).toBeTruthy();
    await complete('tenantUser', String(instance?.id), 'prelim');
    const moved = okData(
      await flow('GET', 'tenantUser', `/process/detail?processInstanceId=${instance?.id}`),
    );
    expect(moved.currentActivityNames).toBe('公布登记');
  });
});
