import type { FlowDefinition, FlowInstance, FlowTask } from '@cube/contract';
import type { RequestContext } from '../../platform/context.js';
import { type DefinitionRow, definitionLabels } from './queries/definitions.queries.js';
import type { Executor } from './queries/executor.js';
import type { InstanceLike } from './queries/instances.queries.js';
import { categoryNames, roleNamesOf, userNames } from './queries/people.queries.js';
import { decisionsOf } from './queries/tasks.queries.js';

/**
 * Rows as the pages show them: ids as strings, absent values as `''`, and the names (users, categories,
 * definitions) looked up once per page.
 */

export const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

const finished = (status: string) =>
  status === 'completed' || status === 'terminated' ? 'finished' : 'unfinished';

export async function presentInstances(
  db: Executor,
  tenantId: string,
  rows: InstanceLike[],
): Promise<FlowInstance[]> {
  const [names, categories, defs] = await Promise.all([
    userNames(
      db,
      tenantId,
      rows.map((r) => r.createUser),
    ),
    categoryNames(db, tenantId),
    definitionLabels(
      db,
      rows.map((r) => r.definitionId),
    ),
  ]);
  return rows.map((r) => {
    const def = defs.get(text(r.definitionId));
    const status = text(r.flowStatus);
    return {
      processInstanceId: text(r.id),
      tenantId: text(r.tenantId),
      processDefinitionId: text(r.definitionId),
      processDefinitionKey: text(r.processKey),
      processDefinitionName: def?.name ?? '',
      processDefinitionVersion: def?.version ?? 0,
      category: text(r.category),
      categoryName: categories.get(text(r.category)) ?? '',
      businessTable: text(r.businessTable),
      businessId: text(r.businessId),
      title: text(r.title),
      starter: text(r.createUser),
      starterName: names.get(text(r.createUser)) ?? '',
      startTime: text(r.createTime),
      endTime: text(r.endTime),
      status,
      processIsFinished: finished(status),
      currentActivityNames: text(r.currentActivityNames),
      endActivityId: text(r.endActivityId),
      deleteReason: text(r.deleteReason),
    };
  });
}

/** Candidate role aliases → the tenant's role names (`manager` → 部门经理), unknown aliases as they are. */
const groupNames = (aliases: string, names: Map<string, string>): string =>
  aliases
    .split(',')
    .filter(Boolean)
    .map((a) => names.get(a) ?? a)
    .join(',');

/**
 * Which open tasks were sent back: the decision that came last before the task was created (in its instance)
 * was 退回. Answers the open tasks' ids.
 */
async function returnedTasks(db: Executor, tenantId: string, rows: InstanceLike[]): Promise<Set<string>> {
  const open = rows.filter((r) => text(r.taskStatus) === 'open');
  const decisions = await decisionsOf(db, tenantId, [...new Set(open.map((r) => text(r.instanceId)))]);
  const returned = new Set<string>();
  for (const r of open) {
    const created = text(r.taskCreateTime);
    let last = '';
    for (const d of decisions)
      if (text(d.instanceId) === text(r.instanceId) && text(d.endTime) && text(d.endTime) <= created)
        last = text(d.outcome);
    if (last === 'return') returned.add(text(r.taskId));
  }
  return returned;
}

export async function presentTasks(
  db: Executor,
  tenantId: string,
  rows: InstanceLike[],
): Promise<Array<FlowTask & { formKey: string; activityTaskStatus: string }>> {
  const [names, categories, defs, roles, returned] = await Promise.all([
    userNames(db, tenantId, [...rows.map((r) => r.assigneeUserId), ...rows.map((r) => r.starterUserId)]),
    categoryNames(db, tenantId),
    definitionLabels(
      db,
      rows.map((r) => r.definitionId),
    ),
    roleNamesOf(
      db,
      tenantId,
      rows.flatMap((r) => text(r.candidateGroups).split(',')),
    ),
    returnedTasks(db, tenantId, rows),
  ]);
  return rows.map((r) => {
    const def = defs.get(text(r.definitionId));
    const taskStatus = text(r.taskStatus);
    return {
      taskId: text(r.taskId),
      taskName: text(r.taskName),
      taskDefinitionKey: text(r.activityId),
      status: taskStatus === 'open' ? (r.assigneeUserId ? 'todo' : 'claim') : 'finish',
      processInstanceId: text(r.instanceId),
      processDefinitionId: text(r.definitionId),
      processDefinitionKey: text(r.processKey),
      processDefinitionName: def?.name ?? '',
      processDefinitionVersion: def?.version ?? 0,
      category: text(r.category),
      categoryName: categories.get(text(r.category)) ?? '',
      businessTable: text(r.businessTable),
      businessId: text(r.businessId),
      title: text(r.title),
      assignee: text(r.assigneeUserId),
      assigneeName: names.get(text(r.assigneeUserId)) ?? '',
      candidateGroups: text(r.candidateGroups),
      candidateGroupNames: groupNames(text(r.candidateGroups), roles),
      returned: returned.has(text(r.taskId)),
      starter: text(r.starterUserId),
      starterName: names.get(text(r.starterUserId)) ?? '',
      createTime: text(r.taskCreateTime),
      claimTime: text(r.claimTime),
      endTime: text(r.taskEndTime),
      dueTime: text(r.dueTime),
      outcome: text(r.outcome),
      comment: text(r.comment),
      processIsFinished: finished(text(r.flowStatus)),
      formKey: text(r.formKey),
      activityTaskStatus: taskStatus,
    };
  });
}

/** Tasks as the lists show them (without the step form and the raw task status). */
export async function presentTaskList(
  db: Executor,
  tenantId: string,
  rows: InstanceLike[],
): Promise<FlowTask[]> {
  return (await presentTasks(db, tenantId, rows)).map(({ formKey: _f, activityTaskStatus: _s, ...r }) => r);
}

/**
 * Definitions with their deployer's name, category label and running instances (`running`, counted by the read
 * side: of every tenant, in every database, for the platform administrator).
 */
export async function presentDefinitions(
  db: Executor,
  ctx: RequestContext,
  rows: DefinitionRow[],
  running: Map<string, number>,
): Promise<FlowDefinition[]> {
  const [names, categories] = await Promise.all([
    userNames(
      db,
      ctx.tenantId,
      rows.map((r) => r.createUser),
    ),
    categoryNames(db, ctx.tenantId),
  ]);
  return rows.map((r) => ({
    id: text(r.id),
    deploymentId: text(r.deploymentId),
    tenantId: text(r.tenantId),
    mode: r.tenantId === '' ? 1 : 2,
    key: text(r.processKey),
    name: text(r.name),
    description: text(r.description),
    version: Number(r.version),
    category: text(r.category),
    categoryName: categories.get(text(r.category)) ?? '',
    suspensionState: Number(r.suspended) ? 2 : 1,
    modelId: text(r.modelId),
    source: text(r.source),
    deployTime: text(r.createTime),
    deployUser: text(r.createUser),
    deployUserName: names.get(text(r.createUser)) ?? '',
    runningCount: running.get(text(r.id)) ?? 0,
  }));
}

/** `1天2小时`, `3小时5分钟`, `12秒` (the two largest units). */
export function formatDuration(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const units: Array<[number, string]> = [
    [Math.floor(seconds / 86400), '天'],
    [Math.floor((seconds % 86400) / 3600), '小时'],
    [Math.floor((seconds % 3600) / 60), '分钟'],
    [seconds % 60, '秒'],
  ];
  const first = units.findIndex(([n]) => n > 0);
  if (first < 0) return '0秒';
  return units
    .slice(first, first + 2)
    .filter(([n]) => n > 0)
    .map(([n, u]) => `${n}${u}`)
    .join('');
}
