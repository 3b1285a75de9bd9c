import { z } from 'zod';
import {
  FLOW_API,
  FLOW_CATEGORY_PATTERN,
  FLOW_OUTCOMES,
  FlowMessage,
  flowFlagSchema,
} from './flow-common.js';

/**
 * 我的事务 (`/work/*`) and the business pages (`/work/process/<route>/form|handle|detail`). Endpoints:
 *
 * | call | permission | body / query | `data` |
 * | --- | --- | --- | --- |
 * | `GET /api/cube-flow/work/start-list` | `work_start` | {@link flowStartListQuery} | `IPage<FlowDefinition>` — the newest active definition of each key the tenant may start (its own custom one before the common one) |
 * | `GET /api/cube-flow/work/claim-list` | `work_claim` | {@link flowTaskListQuery} | `IPage<FlowTask>` — open tasks nobody holds where I am a candidate user or hold a candidate role |
 * | `GET /api/cube-flow/work/todo-list` | `work_todo` | {@link flowTaskListQuery} | `IPage<FlowTask>` — open tasks assigned to me |
 * | `GET /api/cube-flow/work/send-list` | `work_send` | {@link flowTaskListQuery} | `IPage<FlowInstance>` — instances I started |
 * | `GET /api/cube-flow/work/done-list` | `work_done` | {@link flowTaskListQuery} | `IPage<FlowTask>` — tasks I completed |
 * | `GET /api/cube-flow/work/count` | signed in | — | {@link FlowWorkCount} (the dashboard's open task count) |
 * | `POST /api/cube-flow/work/claim-task` | `work_claim_sign` | {@link flowTaskIdInput} | `{}` |
 * | `POST /api/cube-flow/work/unclaim-task` | `work_todo_handle` | {@link flowTaskIdInput} | `{}` — back to the claim list (candidate tasks only) |
 * | `POST /api/cube-flow/work/complete-task` | `work_todo_handle` | {@link flowCompleteInput} | {@link FlowCompleteResult} |
 * | `GET /api/cube-flow/work/task-detail` | signed in, the task's assignee or candidate | `taskId` | {@link FlowTaskDetail} |
 * | `GET /api/cube-flow/work/users` | `work_start` | `roleAlias?`, `name?` | `[{id, name, realName, account}]` — the tenant's users to choose (e.g. the agent) |
 * | `POST /api/cube-flow/process/start-process` | `work_start_flow` | {@link flowStartInput} | {@link FlowStartResult} |
 * | `GET /api/cube-flow/process/detail` | signed in, a participant or `flow_follow` | `processInstanceId` | {@link FlowInstanceDetail} |
 * | `GET /api/cube-flow/process/history-flow-list` | same | `processInstanceId` | {@link FlowHistoryEntry}[] (timeline, oldest first) |
 * | `GET /api/cube-flow/process/model-view` | same, or any signed-in user for a definition they may start | `processInstanceId` or `processDefinitionId` | {@link FlowDiagram} |
 *
 * A participant is the starter, anyone who held or completed a task of the instance, or a current candidate.
 * Lists page in SQL (`current`, `size`); dates are `yyyy-MM-dd HH:mm:ss`.
 */
export const FLOW_WORK_API = `${FLOW_API}/work`;
export const FLOW_PROCESS_API = `${FLOW_API}/process`;

/** A row of the claim, todo and done lists (BladeX's `BladeFlow`, task-shaped). */
export const flowTaskSchema = z.object({
  taskId: z.string(),
  taskName: z.string(),
  /** The BPMN element id of the user task. */
  taskDefinitionKey: z.string(),
  /** `claim`, `todo` or `finish`. */
  status: z.string(),
  processInstanceId: z.string(),
  processDefinitionId: z.string(),
  processDefinitionKey: z.string(),
  processDefinitionName: z.string(),
  processDefinitionVersion: z.number(),
  category: z.string(),
  categoryName: z.string(),
  businessTable: z.string(),
  /** `''` when the instance has no business row. */
  businessId: z.string(),
  /** Business title (e.g. docket no + patent title). */
  title: z.string(),
  assignee: z.string(),
  assigneeName: z.string(),
  /** Candidate role aliases, comma list. */
  candidateGroups: z.string(),
  /** The same candidates by the tenant's role names (`部门经理`), comma list, for display. */
  candidateGroupNames: z.string(),
  /** An open task that exists because the step after it was sent back (退回). */
  returned: z.boolean(),
  starter: z.string(),
  starterName: z.string(),
  createTime: z.string(),
  claimTime: z.string(),
  endTime: z.string(),
  /** Due time of the task if the model gives one (`''` otherwise). */
  dueTime: z.string(),
  /** For finished tasks: `approve` / `return` / `reject`. */
  outcome: z.string(),
  comment: z.string(),
  /** `finished` / `unfinished` (the instance). */
  processIsFinished: z.string(),
});
export type FlowTask = z.infer<typeof flowTaskSchema>;

/** An instance as the send list and the follow list show it. */
export const flowInstanceSchema = z.object({
  processInstanceId: z.string(),
  tenantId: z.string(),
  processDefinitionId: z.string(),
  processDefinitionKey: z.string(),
  processDefinitionName: z.string(),
  processDefinitionVersion: z.number(),
  category: z.string(),
  categoryName: z.string(),
  businessTable: z.string(),
  businessId: z.string(),
  title: z.string(),
  starter: z.string(),
  starterName: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** `running`, `suspended`, `completed`, `terminated`. */
  status: z.string(),
  processIsFinished: z.string(),
  /** Names of the steps waiting now, comma list. */
  currentActivityNames: z.string(),
  /** The end event reached (`''` while running). */
  endActivityId: z.string(),
  deleteReason: z.string(),
});
export type FlowInstance = z.infer<typeof flowInstanceSchema>;

const page = {
  current: z.coerce.number().int().min(1).optional(),
  size: z.coerce.number().int().min(1).max(200).optional(),
};
const blank = (v: unknown) => (v === null || v === '' ? undefined : v);
const DATE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;

export const flowStartListQuery = z.object({
  ...page,
  category: z.preprocess(
    blank,
    z.string().regex(FLOW_CATEGORY_PATTERN, FlowMessage.categoryInvalid).optional(),
  ),
  name: z.preprocess(blank, z.string().max(100).optional()),
  /** 1 common only, 2 custom only; absent: both. */
  mode: z.preprocess(blank, z.coerce.number().int().min(1).max(2).optional()),
});

export const flowTaskListQuery = z.object({
  ...page,
  category: z.preprocess(
    blank,
    z.string().regex(FLOW_CATEGORY_PATTERN, FlowMessage.categoryInvalid).optional(),
  ),
  /** Matches the definition name or the business title (contains). */
  processDefinitionName: z.preprocess(blank, z.string().max(100).optional()),
  /** Task (or instance) creation from/to, `yyyy-MM-dd` or `yyyy-MM-dd HH:mm:ss`. */
  beginDate: z.preprocess(blank, z.string().regex(DATE, '开始日期格式不正确').optional()),
  endDate: z.preprocess(blank, z.string().regex(DATE, '结束日期格式不正确').optional()),
  businessId: z.preprocess(blank, z.string().max(20).optional()),
});

export const flowWorkCountSchema = z.object({ todo: z.number(), claim: z.number() });
export type FlowWorkCount = z.infer<typeof flowWorkCountSchema>;

const idText = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z.string({ error: FlowMessage.taskMissing }).regex(/^[1-9]\d{0,18}$/, FlowMessage.taskMissing),
);

export const flowTaskIdInput = z.object({ taskId: idText });

/**
 * Process variables a client may send: flat names to strings, numbers or booleans. The names the engine sets
 * itself (`outcome`, `pass`, `starterId`, `initiator`, `applicationId`) are refused.
 */
export const FLOW_RESERVED_VARIABLES = [
  'outcome',
  'pass',
  'starterId',
  'initiator',
  'applicationId',
] as const;
export const flowVariablesSchema = z
  .record(
    z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,39}$/, FlowMessage.variableInvalid),
    z.union([z.string().max(1000), z.number(), z.boolean()], { error: FlowMessage.variableInvalid }),
  )
  .refine((v) => Object.keys(v).length <= 50, FlowMessage.variableInvalid)
  .refine(
    (v) => !Object.keys(v).some((k) => (FLOW_RESERVED_VARIABLES as readonly string[]).includes(k)),
    FlowMessage.variableInvalid,
  );

export const flowCompleteInput = z.object({
  taskId: idText,
  /** Optional consistency check; the task's own instance is used. */
  processInstanceId: z.preprocess(
    (v) => (v === null || v === '' ? undefined : typeof v === 'number' ? String(v) : v),
    z.string().max(20).optional(),
  ),
  /** `approve` (BladeX `ok`), `return` or `reject`; default approve. */
  flag: flowFlagSchema,
  comment: z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .string({ error: FlowMessage.commentRequired })
      .trim()
      .min(1, FlowMessage.commentRequired)
      .max(1000, FlowMessage.commentRequired),
  ),
  variables: flowVariablesSchema.optional(),
});

export const flowCompleteResultSchema = z.object({
  processInstanceId: z.string(),
  /** True when this completion ended the instance. */
  processIsFinished: z.boolean(),
  /** The steps now waiting (names). */
  currentActivityNames: z.string(),
});
export type FlowCompleteResult = z.infer<typeof flowCompleteResultSchema>;

export const flowOutcomeOptionSchema = z.object({ flag: z.enum(FLOW_OUTCOMES), label: z.string() });

export const flowTaskDetailSchema = flowTaskSchema.extend({
  /** The user task's `camunda:formKey` (`''` if none). */
  formKey: z.string(),
  /** What this step offers: approve always, return / reject when the model branches on them. */
  outcomes: z.array(flowOutcomeOptionSchema),
  /** Whether the caller may complete it now (assignee), or must claim it first (candidate). */
  canComplete: z.boolean(),
  canClaim: z.boolean(),
});
export type FlowTaskDetail = z.infer<typeof flowTaskDetailSchema>;

/** A new patent case created together with its flow (the kit's patent-application fields, see patent-application.ts). */
export const flowStartApplicationSchema = z.record(z.string(), z.unknown());

export const flowStartInput = z.object({
  processDefinitionId: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string({ error: FlowMessage.definitionMissing })
      .regex(/^[1-9]\d{0,18}$/, FlowMessage.definitionMissing),
  ),
  /** Shown in lists; defaults to the case's docket no + title, or the definition name. */
  title: z.preprocess(blank, z.string().trim().max(200).optional()),
  /** An existing patent case of the tenant (business key `pat_application:<id>`). */
  applicationId: z.preprocess(
    (v) => (v === null || v === '' ? undefined : typeof v === 'number' ? String(v) : v),
    z
      .string()
      .regex(/^[1-9]\d{0,18}$/, FlowMessage.businessMissing)
      .optional(),
  ),
  /** Or a new case: `patentApplicationEntity.input` fields, saved in the same transaction. */
  application: flowStartApplicationSchema.optional(),
  /** Process variables, e.g. `agentId` (the case's agent user id; defaults to the case's agent). */
  variables: flowVariablesSchema.optional(),
  /** A first comment recorded on the start step. */
  comment: z.preprocess(blank, z.string().trim().max(1000).optional()),
});

export const flowStartResultSchema = z.object({
  processInstanceId: z.string(),
  businessTable: z.string(),
  businessId: z.string(),
  currentActivityNames: z.string(),
});
export type FlowStartResult = z.infer<typeof flowStartResultSchema>;

export const flowInstanceQuery = z.object({
  processInstanceId: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string({ error: FlowMessage.instanceMissing }).regex(/^[1-9]\d{0,18}$/, FlowMessage.instanceMissing),
  ),
});

export const flowInstanceDetailSchema = flowInstanceSchema.extend({
  /** Process variables (scalars only). */
  variables: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  /** Open tasks now (any assignee). */
  tasks: z.array(flowTaskSchema),
  /** The caller's own open task on this instance, if any (for a 办理 button). */
  myTaskId: z.string(),
});
export type FlowInstanceDetail = z.infer<typeof flowInstanceDetailSchema>;

/** One timeline entry (start event, user tasks, end event), oldest first. */
export const flowHistoryEntrySchema = z.object({
  historyActivityId: z.string(),
  historyActivityName: z.string(),
  /** `startEvent`, `userTask`, `endEvent`, `boundaryEvent`, … */
  historyActivityType: z.string(),
  assignee: z.string(),
  assigneeName: z.string(),
  createTime: z.string(),
  endTime: z.string(),
  durationMs: z.number(),
  /** Human text, e.g. `2小时5分钟`; `''` while open. */
  historyActivityDurationTime: z.string(),
  comment: z.string(),
  outcome: z.string(),
  outcomeName: z.string(),
});
export type FlowHistoryEntry = z.infer<typeof flowHistoryEntrySchema>;

export const flowDiagramQuery = z
  .object({
    processInstanceId: z.preprocess(
      blank,
      z
        .string()
        .regex(/^[1-9]\d{0,18}$/, FlowMessage.instanceMissing)
        .optional(),
    ),
    processDefinitionId: z.preprocess(
      blank,
      z
        .string()
        .regex(/^[1-9]\d{0,18}$/, FlowMessage.definitionMissing)
        .optional(),
    ),
    /** Platform administrator only: the tenant of the instance (another tenant's, from 流程跟踪 of every tenant). */
    tenantId: z.preprocess(blank, z.string().max(12).optional()),
  })
  .refine((q) => q.processInstanceId || q.processDefinitionId, FlowMessage.instanceMissing);

/** What the bpmn-js viewer needs: the deployed XML and which elements to mark. */
export const flowDiagramSchema = z.object({
  processDefinitionId: z.string(),
  xml: z.string(),
  /** Elements waiting now (current steps). */
  activeIds: z.array(z.string()),
  /** Elements passed (finished at least once). */
  completedIds: z.array(z.string()),
  /** Sequence flows taken. */
  flowIds: z.array(z.string()),
});
export type FlowDiagram = z.infer<typeof flowDiagramSchema>;

export const flowUserQuery = z.object({
  roleAlias: z.preprocess(blank, z.string().max(64).optional()),
  name: z.preprocess(blank, z.string().max(50).optional()),
});
export const flowUserOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  realName: z.string(),
  account: z.string(),
});
export type FlowUserOption = z.infer<typeof flowUserOptionSchema>;
