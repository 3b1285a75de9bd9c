import { z } from 'zod';

/**
 * The workflow module: code lists, permission codes,
 * menu paths, route helpers and messages shared by the server (`/api/cube-flow/*`) and the two console areas
 * (我的事务 `/work/*` and 流程管理 `/flow/*`). The request and response schemas of every endpoint are in
 * `flow-model.ts`, `flow-manager.ts` and `flow-work.ts`.
 */

/** Every flow endpoint lives under this prefix (BladeX's `blade-flow`, with the product's `cube-` naming). */
export const FLOW_API = '/api/cube-flow';

/**
 * The `flow` business dictionary (dict-biz, code `flow`) routes a definition's category `flow_<dictKey>` to the
 * console pages `/work/process/<remark>/…` (the entry's remark). The built-in processes use these three keys.
 */
export const FLOW_DICT_CODE = 'flow';
export const flowCategoryOf = (dictKey: string): string => `${FLOW_DICT_CODE}_${dictKey}`;
/** `flow_3` → `3`; `''` for anything that is not a flow category. */
export const dictKeyOfCategory = (category: string): string =>
  category.startsWith(`${FLOW_DICT_CODE}_`) ? category.slice(FLOW_DICT_CODE.length + 1) : '';
export const FLOW_CATEGORY_PATTERN = /^flow_[A-Za-z0-9]{1,20}$/;

/** The three shipped processes: model/process key, category, route segment (dict remark) and name. */
export const FLOW_BUILTINS = [
  { key: 'patent_invention', category: 'flow_1', route: 'invention', name: '发明专利全流程' },
  {
    key: 'patent_utility_design',
    category: 'flow_2',
    route: 'utility-design',
    name: '实用新型和外观设计专利全流程',
  },
  { key: 'patent_approval', category: 'flow_3', route: 'approval', name: '专利申请审批流程' },
] as const;
export type FlowBuiltinKey = (typeof FLOW_BUILTINS)[number]['key'];

/** Default `flow_<key>` → route map, used when the dictionary has not loaded (the dictionary wins). */
export const FLOW_DEFAULT_ROUTES: Readonly<Record<string, string>> = Object.fromEntries(
  FLOW_BUILTINS.map((b) => [b.category, b.route]),
);

/** The three pages every flow category has: start form, handle, detail. */
export type FlowPage = 'form' | 'handle' | 'detail';

/**
 * Console paths of the business pages:
 * - `form`: `/work/process/<route>/form/<processDefinitionId>`
 * - `handle`: `/work/process/<route>/handle/<taskId>/<processInstanceId>/<businessId>`
 * - `detail`: `/work/process/<route>/detail/<processInstanceId>/<businessId>`
 * `businessId` is `0` when an instance has no business row. Unknown routes fall back to the generic page.
 */
export const FLOW_PROCESS_BASE = '/work/process';
export function flowPagePath(route: string, page: 'form', ids: { processDefinitionId: string }): string;
export function flowPagePath(
  route: string,
  page: 'handle',
  ids: { taskId: string; processInstanceId: string; businessId?: string },
): string;
export function flowPagePath(
  route: string,
  page: 'detail',
  ids: { processInstanceId: string; businessId?: string },
): string;
export function flowPagePath(
  route: string,
  page: FlowPage,
  ids: { processDefinitionId?: string; taskId?: string; processInstanceId?: string; businessId?: string },
): string {
  const base = `${FLOW_PROCESS_BASE}/${route}/${page}`;
  const business = ids.businessId || '0';
  if (page === 'form') return `${base}/${ids.processDefinitionId}`;
  if (page === 'handle') return `${base}/${ids.taskId}/${ids.processInstanceId}/${business}`;
  return `${base}/${ids.processInstanceId}/${business}`;
}

/** Menu paths (seeded menus, pages/registry.ts keys). */
export const FLOW_MENU_PATHS = {
  work: '/work',
  start: '/work/start',
  claim: '/work/claim',
  todo: '/work/todo',
  send: '/work/send',
  done: '/work/done',
  flow: '/flow',
  model: '/flow/model',
  deploy: '/flow/deploy',
  manager: '/flow/manager',
  follow: '/flow/follow',
} as const;

/**
 * Permission codes (BladeX's button codes). Menu codes open the page and its reads; button codes
 * guard the writes. The server checks every one; the console shows buttons by them.
 */
export const FLOW_PERMISSIONS = {
  work: 'work',
  start: 'work_start',
  startFlow: 'work_start_flow',
  startImage: 'work_start_image',
  claim: 'work_claim',
  claimSign: 'work_claim_sign',
  claimDetail: 'work_claim_detail',
  claimFollow: 'work_claim_follow',
  todo: 'work_todo',
  todoHandle: 'work_todo_handle',
  todoDetail: 'work_todo_detail',
  todoFollow: 'work_todo_follow',
  send: 'work_send',
  sendDetail: 'work_send_detail',
  sendFollow: 'work_send_follow',
  done: 'work_done',
  doneDetail: 'work_done_detail',
  doneFollow: 'work_done_follow',
  flow: 'flow',
  model: 'flow_model',
  modelCreate: 'flow_model_create',
  modelUpdate: 'flow_model_update',
  modelDelete: 'flow_model_delete',
  modelView: 'flow_model_view',
  modelDeploy: 'flow_model_deploy',
  modelDownload: 'flow_model_download',
  modelRestore: 'flow_model_restore',
  deploy: 'flow_deploy',
  manager: 'flow_manager',
  managerState: 'flow_manager_state',
  managerImage: 'flow_manager_image',
  managerRemove: 'flow_manager_remove',
  follow: 'flow_follow',
  followDelete: 'flow_follow_delete',
} as const;

/**
 * What a person does with a task (`complete-task` `flag`). The engine sees it as variable `outcome`
 * (and `pass` = approve); gateways branch on `${outcome == 'return'}` etc. Which ones a task offers is derived
 * from the conditions after it (`FlowTaskDetail.outcomes`); `approve` is always offered.
 */
export const FLOW_OUTCOMES = ['approve', 'return', 'reject'] as const;
export type FlowOutcome = (typeof FLOW_OUTCOMES)[number];
export const FLOW_OUTCOME_LABELS: Record<FlowOutcome, string> = {
  approve: '同意',
  return: '退回修改',
  reject: '驳回',
};

/** Instance states. */
export const FLOW_INSTANCE_STATUSES = ['running', 'suspended', 'completed', 'terminated'] as const;
export type FlowInstanceStatus = (typeof FLOW_INSTANCE_STATUSES)[number];
export const FLOW_INSTANCE_STATUS_LABELS: Record<FlowInstanceStatus, string> = {
  running: '运行中',
  suspended: '已挂起',
  completed: '已完成',
  terminated: '已终止',
};

/** Task list states as BladeX names them. */
export const FLOW_TASK_STATUSES = ['claim', 'todo', 'finish'] as const;
export type FlowTaskStatus = (typeof FLOW_TASK_STATUSES)[number];

/** Definition modes (BladeX `mode`): 1 common (通用流程, every tenant), 2 custom (定制流程, one tenant). */
export const FLOW_MODES = [1, 2] as const;
export const FLOW_MODE_LABELS: Record<1 | 2, string> = { 1: '通用流程', 2: '定制流程' };

/** Suspension state (Flowable's numbers): 1 active, 2 suspended. */
export const FLOW_SUSPENSION = { active: 1, suspended: 2 } as const;

/** Business table of patent cases: a case's flow has business key `pat_application:<id>`. */
export const FLOW_PATENT_TABLE = 'pat_application';

/** Every message the flow endpoints answer (zh is the source; translation keys `screens.flow.<key>`). */
export const FlowMessage = {
  // models
  modelKeyRequired: '请输入模型标识',
  modelKeyInvalid: '模型标识须以字母开头，只能包含字母、数字、下划线和中划线',
  modelKeyExists: '模型标识已存在',
  modelNameRequired: '请输入模型名称',
  modelXmlRequired: '请先设计流程图',
  modelMissing: '流程模型不存在',
  notBuiltin: '该模型不是内置模型',
  builtinRemove: '内置流程模型不能删除，可通过“恢复内置”还原其内容',
  categoryRequired: '请选择流程类型',
  categoryInvalid: '流程类型不存在',
  tenantInvalid: '所选租户不存在',
  tenantForbidden: '只能为本租户部署流程',
  commonForbidden: '只有平台管理员可以部署通用流程',
  fileRequired: '请选择要上传的流程文件',
  fileInvalid: '请上传 .bpmn 或 .bpmn20.xml 格式的流程文件',
  fileTooLarge: '流程文件不能超过 2MB',
  // validation of BPMN (on save and deploy)
  bpmnUnreadable: '流程文件无法解析',
  bpmnNoProcess: '流程文件中没有可执行的流程',
  bpmnManyProcesses: '一个流程文件只能包含一个流程',
  bpmnKeyMismatch: '流程标识须与模型标识一致',
  bpmnNoStart: '流程缺少开始事件',
  bpmnNoEnd: '流程缺少结束事件',
  bpmnUnsupported: '不支持的流程元素',
  bpmnScript: '不允许使用脚本任务或脚本条件',
  bpmnCondition: '条件表达式不合法',
  bpmnNoAssignee: '用户任务须设置办理人或候选人/候选组',
  bpmnAssigneeExpression: '办理人须为用户编号或流程变量表达式',
  bpmnNoDefault: '排他网关有多条出口时须设置默认路径',
  bpmnNoOutgoing: '该节点没有出口连线',
  bpmnNoIncoming: '该节点没有入口连线',
  bpmnTimer: '定时器须为 ISO-8601 时长（如 P3Y、PT1H）或日期',
  bpmnName: '节点须有名称',
  // definitions
  definitionMissing: '流程定义不存在',
  definitionSuspended: '流程已挂起，无法发起',
  stateInvalid: '请选择激活或挂起',
  deploymentRunning: '该流程有运行中的实例，无法删除',
  // instances and tasks
  instanceMissing: '流程实例不存在',
  instanceFinished: '流程已结束',
  instanceSuspended: '流程已挂起，暂不能办理',
  deleteReasonRequired: '请输入终止原因',
  taskMissing: '任务不存在或已处理',
  taskTaken: '任务已被他人处理',
  taskClaimed: '任务已被他人签收',
  taskNotCandidate: '您不是该任务的候选人',
  taskNotAssignee: '您不是该任务的办理人',
  taskNotClaimed: '请先签收该任务',
  flagInvalid: '该步骤不支持此操作',
  commentRequired: '请输入审批意见',
  variableInvalid: '流程变量不合法',
  agentRequired: '请选择代理人',
  userInvalid: '所选用户不存在',
  businessMissing: '业务数据不存在',
  busy: '流程正在处理中，请稍后再试',
} as const;

/** A flag from a request: BladeX clients send `ok` for approve; anything else is refused. */
export const flowFlagSchema = z.preprocess(
  (v) => (v === 'ok' || v === true ? 'approve' : v === null || v === '' ? undefined : v),
  z.enum(FLOW_OUTCOMES, { error: FlowMessage.flagInvalid }).default('approve'),
);
