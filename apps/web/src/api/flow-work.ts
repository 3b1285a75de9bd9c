import {
  FLOW_PROCESS_API,
  FLOW_WORK_API,
  type FlowCompleteResult,
  type FlowDefinition,
  type FlowDiagram,
  type FlowHistoryEntry,
  type FlowInstance,
  type FlowInstanceDetail,
  type FlowOutcome,
  type FlowStartResult,
  type FlowTask,
  type FlowTaskDetail,
  type FlowUserOption,
  type FlowWorkCount,
  flowCategoryOf,
  type IPage,
  type R,
} from '@cube/contract';
import { cleanQuery, type ListQuery, type PagedCrudApi } from './crud';
import { request } from './request';

/**
 * 我的事务 and the business pages (`/api/cube-flow/work/*`, `/api/cube-flow/process/*`; contract flow-work.ts).
 * The lists are read-only bindings of the CRUD kit: rows get an `id` (task or instance id) for the table, and the
 * kit's filters are put in the flow endpoints' words (a `flow` dictionary key becomes its category `flow_<key>`,
 * the create-time range becomes `beginDate` / `endDate`).
 */

export type { FlowDefinition, FlowDiagram, FlowHistoryEntry, FlowInstance, FlowInstanceDetail, FlowTask };
export type FlowTaskRow = FlowTask & { id: string };
export type FlowInstanceRow = FlowInstance & { id: string };

/** The kit's query in the flow lists' parameters. */
export function workListParams(query: ListQuery): Record<string, string | number | boolean> {
  const {
    category,
    createTime_dategt: begin,
    createTime_datelt: end,
    startTime_dategt: startBegin,
    startTime_datelt: startEnd,
    ...rest
  } = query;
  const key = typeof category === 'string' ? category.trim() : '';
  return cleanQuery({
    ...rest,
    category: key === '' ? undefined : key.startsWith('flow_') ? key : flowCategoryOf(key),
    beginDate: (begin ?? startBegin) as string | undefined,
    endDate: (end ?? startEnd) as string | undefined,
  });
}

async function page<T>(path: string, query: ListQuery): Promise<IPage<T>> {
  const { data } = await request.get<R<IPage<T>>>(path, { params: workListParams(query) });
  return data.data;
}

function withIds<T, K extends keyof T>(result: IPage<T>, key: K): IPage<T & { id: string }> {
  return { ...result, records: result.records.map((row) => ({ ...row, id: String(row[key]) })) };
}

const readOnly = {
  submit: () => Promise.reject(new Error('read-only list')),
  remove: () => Promise.reject(new Error('read-only list')),
};

/** 发起事务: the newest startable definition of each process. */
export const startListApi: PagedCrudApi<FlowDefinition> = {
  ...readOnly,
  list: (query) => page<FlowDefinition>(`${FLOW_WORK_API}/start-list`, query),
};

const taskList =
  (name: string): PagedCrudApi<FlowTaskRow>['list'] =>
  async (query) =>
    withIds(await page<FlowTask>(`${FLOW_WORK_API}/${name}`, query), 'taskId');

/** 待签事务, 待办事务, 办结事务. */
export const claimListApi: PagedCrudApi<FlowTaskRow> = { ...readOnly, list: taskList('claim-list') };
export const todoListApi: PagedCrudApi<FlowTaskRow> = { ...readOnly, list: taskList('todo-list') };
export const doneListApi: PagedCrudApi<FlowTaskRow> = { ...readOnly, list: taskList('done-list') };

/** 已发事务: instances I started. */
export const sendListApi: PagedCrudApi<FlowInstanceRow> = {
  ...readOnly,
  list: async (query) =>
    withIds(await page<FlowInstance>(`${FLOW_WORK_API}/send-list`, query), 'processInstanceId'),
};

/** `GET work/count`: my open tasks (todo) and the group tasks I may claim. */
export async function fetchWorkCount(): Promise<FlowWorkCount> {
  const { data } = await request.get<R<FlowWorkCount>>(`${FLOW_WORK_API}/count`, { handlesErrors: true });
  return data.data;
}

/** `GET work/task-detail`; the caller shows a task someone else completed meanwhile (`handlesErrors`). */
export async function fetchTaskDetail(taskId: string): Promise<FlowTaskDetail> {
  const { data } = await request.get<R<FlowTaskDetail>>(`${FLOW_WORK_API}/task-detail`, {
    params: { taskId },
    handlesErrors: true,
  });
  return data.data;
}

/** `POST work/claim-task`. */
export async function claimTask(taskId: string, options: { handlesErrors?: boolean } = {}): Promise<void> {
  await request.post(`${FLOW_WORK_API}/claim-task`, { taskId }, options);
}

/** `POST work/unclaim-task`: a candidate task back to the claim list. */
export async function unclaimTask(taskId: string): Promise<void> {
  await request.post(`${FLOW_WORK_API}/unclaim-task`, { taskId });
}

export interface CompleteTaskInput {
  taskId: string;
  processInstanceId?: string;
  flag: FlowOutcome;
  comment: string;
  variables?: Record<string, string | number | boolean>;
}

/** `POST work/complete-task`; the caller shows refusals itself (a task completed by someone else meanwhile). */
export async function completeTask(input: CompleteTaskInput): Promise<FlowCompleteResult> {
  const { data } = await request.post<R<FlowCompleteResult>>(`${FLOW_WORK_API}/complete-task`, input, {
    handlesErrors: true,
  });
  return data.data;
}

/** `GET work/users`: the tenant's users to choose (e.g. the agent of a case), by role alias and name. */
export async function fetchFlowUsers(query: {
  roleAlias?: string;
  name?: string;
}): Promise<FlowUserOption[]> {
  const { data } = await request.get<R<FlowUserOption[]>>(`${FLOW_WORK_API}/users`, {
    params: cleanQuery(query),
  });
  return data.data ?? [];
}

export interface StartProcessInput {
  processDefinitionId: string;
  title?: string;
  /** An existing case of the tenant. */
  applicationId?: string;
  /** Or a new case (the patent-application entity's input fields). */
  application?: Record<string, unknown>;
  variables?: Record<string, string | number | boolean>;
  comment?: string;
}

/** `POST process/start-process`: saves the business row (a new case) and starts the process in one go. */
export async function startProcess(input: StartProcessInput): Promise<FlowStartResult> {
  const { data } = await request.post<R<FlowStartResult>>(`${FLOW_PROCESS_API}/start-process`, input);
  return data.data;
}

/** `GET process/detail`. */
export async function fetchInstanceDetail(processInstanceId: string): Promise<FlowInstanceDetail> {
  const { data } = await request.get<R<FlowInstanceDetail>>(`${FLOW_PROCESS_API}/detail`, {
    params: { processInstanceId },
    handlesErrors: true,
  });
  return data.data;
}

/** `GET process/history-flow-list`: the timeline, oldest first. */
export async function fetchHistory(processInstanceId: string): Promise<FlowHistoryEntry[]> {
  const { data } = await request.get<R<FlowHistoryEntry[]>>(`${FLOW_PROCESS_API}/history-flow-list`, {
    params: { processInstanceId },
    handlesErrors: true,
  });
  return data.data ?? [];
}

/** `GET process/model-view`: the XML and the elements to mark, of an instance or of a definition. */
export async function fetchDiagram(
  ids: { processInstanceId: string; tenantId?: string } | { processDefinitionId: string },
): Promise<FlowDiagram> {
  const { data } = await request.get<R<FlowDiagram>>(`${FLOW_PROCESS_API}/model-view`, {
    params: ids,
    handlesErrors: true,
  });
  return data.data;
}
