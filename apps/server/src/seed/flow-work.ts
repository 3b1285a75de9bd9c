import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import type { DatabaseHandle } from '../db/connection.js';
import type { Database } from '../db/types.js';
import { registerBusinessBindings } from '../modules/bindings.js';
import { start } from '../modules/flow/instances.service.js';
import { actorOf, completeTaskCommand } from '../modules/flow/runtime.js';
import { claim } from '../modules/flow/tasks.service.js';
import type { RequestContext } from '../platform/context.js';
import { createStamp, live } from '../platform/rows.js';
import { AUTHORITY_ID } from './authority.js';
import type { InsertMissing } from './console-data.js';
import { DEMO_TENANT, ID } from './demo-data.js';
import { seedIds } from './ids.js';
import { PATENT_ID } from './patent.js';
import { PATENT_WORK_ID } from './patent-work.js';
import { ENABLED_ROW } from './rows.js';

const fixedId = seedIds('patent');

/** The demo cases whose processes the seed starts (besides P2026-004 of patent-work.ts). */
export const FLOW_WORK_ID = {
  caseAgentDraft: fixedId(1054),
  caseReview: fixedId(1055),
  caseAcceptance: fixedId(1056),
  caseAdminDraft: fixedId(1057),
} as const;

/** The demo staff as the flow service sees a signed-in caller. */
const STAFF = {
  admin: {
    userId: ID.userDemoAdmin,
    account: 'admin',
    alias: 'admin',
    roleId: ID.roleDemoAdmin,
    deptId: ID.deptDemo,
  },
  manager: {
    userId: AUTHORITY_ID.userManager,
    account: 'manager',
    alias: 'manager',
    roleId: AUTHORITY_ID.roleManager,
    deptId: ID.deptDemoPatent,
  },
  agent: {
    userId: AUTHORITY_ID.userAgent,
    account: 'agent',
    alias: 'agent',
    roleId: AUTHORITY_ID.roleAgent,
    deptId: AUTHORITY_ID.deptMechanical,
  },
  user: {
    userId: ID.userDemoUser,
    account: 'user',
    alias: 'user',
    roleId: ID.roleDemoUser,
    deptId: ID.deptDemoPatent,
  },
} as const;

type Staff = keyof typeof STAFF;

const contextOf = (who: Staff): RequestContext => {
  const s = STAFF[who];
  return {
    sessionId: '',
    tenantId: DEMO_TENANT,
    userId: s.userId,
    account: s.account,
    userName: s.account,
    realName: s.account,
    clientId: '',
    roleIds: [s.roleId],
    roleAliases: [s.alias],
    deptId: s.deptId,
    deptIds: [s.deptId],
    postId: '',
    passwordMustChange: false,
  };
};

/** One demo process: the case it runs on, who starts it, and the steps done before the seed leaves it waiting. */
interface DemoProcess {
  caseId: string;
  processKey: string;
  starter: Staff;
  /** Each step: who claims (when offered to a role) and completes the open task. */
  steps: Array<{ by: Staff; comment: string }>;
}

/**
 * Where each demo process stops, so that every staff account has work waiting on first sign-in: the manager
 * drafts P2026-004 (待办) and has P2026-006's review offered to the role (待签); the agent drafts P2026-005 (待办);
 * the clerk has P2026-007's 登记受理 offered (待签); the administrator drafts P2026-008 (待办).
 */
const DEMO_PROCESSES: DemoProcess[] = [
  {
    caseId: PATENT_WORK_ID.caseDraft,
    processKey: 'patent_utility_design',
    starter: 'manager',
    steps: [],
  },
  { caseId: FLOW_WORK_ID.caseAgentDraft, processKey: 'patent_invention', starter: 'agent', steps: [] },
  {
    caseId: FLOW_WORK_ID.caseReview,
    processKey: 'patent_utility_design',
    starter: 'agent',
    steps: [{ by: 'agent', comment: '初稿完成，请审核' }],
  },
  {
    caseId: FLOW_WORK_ID.caseAcceptance,
    processKey: 'patent_utility_design',
    starter: 'agent',
    steps: [
      { by: 'agent', comment: '初稿完成，请审核' },
      { by: 'manager', comment: '同意递交' },
      { by: 'agent', comment: '已通过电子申请系统递交' },
    ],
  },
  { caseId: FLOW_WORK_ID.caseAdminDraft, processKey: 'patent_invention', starter: 'admin', steps: [] },
];

/**
 * The demo tenant's running processes, started and advanced through the flow service as the staff would (the
 * engine, the tasks, the case status and the bell's notices are the real ones). A case that has a process
 * already — running, finished or removed — is left alone, so the seed stays idempotent.
 */
/** What the demo's completions answer to the shipped processes' step forms (contract STEP_FORMS) on 同意. */
const DEMO_STEP_FORM_VALUES: Record<string, Record<string, string | number>> = {
  'patent.draft': { claimCount: 10, draftNote: '独立权利要求 1 项，从属权利要求 9 项' },
  'patent.review': { reviewConclusion: 'pass', reviewOpinion: '保护范围合适，同意递交' },
};

export async function seedFlowWork(
  db: Kysely<Database>,
  config: AppConfig,
  insertMissing: InsertMissing,
): Promise<void> {
  if (!config.demo) return;
  // The seed may run in a process that never builds the app: the processes it starts need their business.
  registerBusinessBindings();
  const row = (who: Staff, values: Record<string, unknown>) => ({
    tenantId: DEMO_TENANT,
    companyId: null,
    applicationNo: '',
    filingDate: '',
    patentStatus: 'drafting',
    remark: '',
    ...values,
    ...createStamp(STAFF[who]),
    ...ENABLED_ROW,
  });
  await insertMissing(
    db,
    'patApplication',
    [
      row('agent', {
        id: FLOW_WORK_ID.caseAgentDraft,
        docketNo: 'P2026-005',
        patentType: 'invention',
        title: '一种基于视觉识别的茶叶分拣装置',
        companyId: PATENT_ID.companyQinghe,
        inventors: '李晓雯,陈立',
        agentUserId: STAFF.agent.userId,
      }),
      row('agent', {
        id: FLOW_WORK_ID.caseReview,
        docketNo: 'P2026-006',
        patentType: 'utility',
        title: '一种芯片封装用夹具',
        companyId: PATENT_ID.companyHengxin,
        inventors: '周明',
        agentUserId: STAFF.agent.userId,
      }),
      row('agent', {
        id: FLOW_WORK_ID.caseAcceptance,
        docketNo: 'P2026-007',
        patentType: 'design',
        title: '茶叶礼盒（山水）',
        companyId: PATENT_ID.companyQinghe,
        inventors: '赵敏',
        agentUserId: STAFF.agent.userId,
      }),
      row('admin', {
        id: FLOW_WORK_ID.caseAdminDraft,
        docketNo: 'P2026-008',
        patentType: 'invention',
        title: '一种低功耗存储芯片的刷新控制方法',
        companyId: PATENT_ID.companyHengxin,
        inventors: '王建国,周明',
        agentUserId: STAFF.admin.userId,
      }),
    ],
    ['id'],
  );
  // The flow commands read only the connection and its dialect (for the instance lock).
  const handle = { db, kind: config.database.kind } as DatabaseHandle;
  for (const plan of DEMO_PROCESSES) {
    const started = await db
      .selectFrom('flowInstance')
      .select('id')
      .where('tenantId', '=', DEMO_TENANT)
      .where('businessId', '=', plan.caseId)
      .executeTakeFirst();
    if (started) continue;
    const definition = await db
      .selectFrom('flowDefinition')
      .select('id')
      .where('tenantId', 'in', ['', DEMO_TENANT])
      .where('processKey', '=', plan.processKey)
      .where('suspended', '=', 0)
      .$call(live)
      .orderBy('version', 'desc')
      .executeTakeFirst();
    if (!definition) continue;
    const { processInstanceId } = await start(handle, contextOf(plan.starter), {
      processDefinitionId: String(definition.id),
      applicationId: plan.caseId,
      comment: '立项',
    });
    for (const step of plan.steps) {
      const task = await db
        .selectFrom('flowTask')
        .select(['id', 'assigneeUserId', 'formKey'])
        .where('tenantId', '=', DEMO_TENANT)
        .where('instanceId', '=', processInstanceId)
        .where('taskStatus', '=', 'open')
        .executeTakeFirstOrThrow();
      const ctx = contextOf(step.by);
      if (task.assigneeUserId === null) await claim(handle, ctx, String(task.id));
      const form = DEMO_STEP_FORM_VALUES[task.formKey] ?? {};
      await completeTaskCommand(handle, actorOf(ctx), String(task.id), 'approve', step.comment, form);
    }
  }
}
