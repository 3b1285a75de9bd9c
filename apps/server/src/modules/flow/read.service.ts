import {
  FLOW_OUTCOME_LABELS,
  FLOW_PERMISSIONS,
  type FlowDefinition,
  type FlowHistoryEntry,
  type FlowInstance,
  FlowMessage,
  type FlowOutcome,
  type FlowTask,
  type IPage,
} from '@cube/contract';
import type { DatabaseHandle } from '../../db/connection.js';
import { hasPermission } from '../../platform/access.js';
import { isPlatformAdmin, isTenantAdmin, type RequestContext } from '../../platform/context.js';
import { NotFoundError } from '../../platform/errors.js';
import type { TenantDatabases } from '../../platform/tenant-databases.js';
import {
  formatDuration,
  presentDefinitions,
  presentInstances,
  presentTaskList,
  presentTasks,
  text,
} from './present.js';
import {
  anyDefinition,
  type DefinitionPageQuery,
  type DefinitionRow,
  definitionDrawing,
  definitionMeta,
  definitionPage,
  definitionRows,
  liveDefinition,
  startableDefinitions,
  visibleDefinition,
} from './queries/definitions.queries.js';
import type { AnySelect } from './queries/executor.js';
import { passedElementsOf, timelineOf } from './queries/history.queries.js';
import {
  activeCounts,
  type FollowPageQuery,
  followPage,
  type InstanceLike,
  instanceOf,
} from './queries/instances.queries.js';
import { enabledUsers, roleIdsOfAlias, userNames } from './queries/people.queries.js';
import {
  openTasksOf,
  openTasksWithInstance,
  sentPage,
  type TaskListQuery,
  takesPartIn,
  taskPage,
  taskWithInstance,
  workCounts,
} from './queries/tasks.queries.js';
import { metaOf, parseVars } from './runtime.js';
import { isCandidate } from './tasks.service.js';

/**
 * The read side: the work lists, the administration lists, an instance's detail, timeline and diagram, a task's
 * detail. Who may read what is decided here; the query files fetch, present.ts names.
 */

type Paged<Q> = Omit<Q, 'current' | 'size'> & { current?: number; size?: number };
const paged = <Q extends { current?: number; size?: number }>(q: Q) => ({
  ...q,
  current: q.current ?? 1,
  size: q.size ?? 10,
});

export async function taskList(
  handle: DatabaseHandle,
  ctx: RequestContext,
  kind: 'claim' | 'todo' | 'done',
  q: Paged<TaskListQuery>,
): Promise<IPage<FlowTask>> {
  const page = await taskPage(handle.db, ctx, kind, paged(q));
  return { ...page, records: await presentTaskList(handle.db, ctx.tenantId, page.records) };
}

export async function workCount(handle: DatabaseHandle, ctx: RequestContext) {
  return workCounts(handle.db, ctx);
}

/** Instances the caller started (已发事务). */
export async function sendList(
  handle: DatabaseHandle,
  ctx: RequestContext,
  q: Paged<TaskListQuery>,
): Promise<IPage<FlowInstance>> {
  const page = await sentPage(handle.db, ctx, paged(q));
  return { ...page, records: await presentInstances(handle.db, ctx.tenantId, page.records) };
}

/** Instances of a tenant for 流程跟踪, narrowed by `extra` (the caller's data scope). */
export async function followList(
  handle: DatabaseHandle,
  tenantId: string,
  q: Paged<FollowPageQuery>,
  extra: (qb: AnySelect) => Promise<AnySelect> | AnySelect,
): Promise<IPage<FlowInstance>> {
  const page = await followPage(handle.db, tenantId, paged(q), extra);
  return { ...page, records: await presentInstances(handle.db, tenantId, page.records) };
}

/**
 * A tenant database a read across tenants had to leave out (it is down): told to the caller's log, and the view
 * is answered from the other databases.
 */
export type Skipped = (tenantId: string, error: unknown) => void;

/** 流程跟踪's order: newest first, then by id (snowflake ids compared as numbers, as the databases sort them). */
function newestFirst(a: InstanceLike, b: InstanceLike): number {
  const at = text(a.createTime);
  const bt = text(b.createTime);
  if (at !== bt) return at < bt ? 1 : -1;
  const ai = BigInt(text(a.id) || '0');
  const bi = BigInt(text(b.id) || '0');
  return ai === bi ? 0 : ai < bi ? 1 : -1;
}

/**
 * 流程跟踪 of every tenant, for the platform administrator: the instances on the master (every tenant's there) and
 * those in each bound tenant's own database, as one list in 流程跟踪's order — each database reads its first
 * `current × size` and the page is cut from the merge (`TenantDatabases.pageOfEveryDatabase`). Each row keeps its
 * tenant, whose users and categories name it.
 */
export async function followListOfEveryTenant(
  datasources: TenantDatabases,
  q: Paged<FollowPageQuery>,
  skipped: Skipped,
): Promise<IPage<FlowInstance>> {
  const db = datasources.routed.db;
  const { current, size, ...filters } = paged(q);
  const page = await datasources.pageOfEveryDatabase(
    { current, size },
    (tenantId, first) =>
      followPage(db, tenantId ?? null, { ...filters, current: 1, size: first }, (qb) => qb),
    newestFirst,
    skipped,
  );
  const byTenant = new Map<string, InstanceLike[]>();
  for (const r of page.records) {
    const tenantId = text(r.tenantId);
    byTenant.set(tenantId, [...(byTenant.get(tenantId) ?? []), r]);
  }
  const shown = new Map<string, FlowInstance>();
  for (const [tenantId, rows] of byTenant)
    for (const r of await presentInstances(db, tenantId, rows)) shown.set(r.processInstanceId, r);
  return { ...page, records: page.records.map((r) => shown.get(text(r.id)) as FlowInstance) };
}

/**
 * Running and suspended instances per definition: the caller's tenant's; for the platform administrator every
 * tenant's, summed over the master and each bound tenant's database (a database that is down is `skipped`).
 */
async function runningCounts(
  datasources: TenantDatabases,
  ctx: RequestContext,
  ids: string[],
  skipped?: Skipped,
): Promise<Map<string, number>> {
  const db = datasources.routed.db;
  if (!isPlatformAdmin(ctx)) return activeCounts(db, ids, ctx.tenantId);
  if (ids.length === 0) return new Map();
  const shares = await datasources.fromEveryDatabase(
    (tenantId) => activeCounts(db, ids, tenantId ?? null),
    skipped ?? (() => {}),
  );
  const sum = new Map<string, number>();
  for (const { value } of shares) for (const [id, n] of value) sum.set(id, (sum.get(id) ?? 0) + n);
  return sum;
}

/** Definitions as the lists show them, with their running instances. */
async function shownDefinitions(
  datasources: TenantDatabases,
  ctx: RequestContext,
  rows: DefinitionRow[],
  skipped?: Skipped,
): Promise<FlowDefinition[]> {
  const running = await runningCounts(
    datasources,
    ctx,
    rows.map((r) => String(r.id)),
    skipped,
  );
  return presentDefinitions(datasources.routed.db, ctx, rows, running);
}

/** Definitions by id as the lists show them. */
export async function definitionsOf(
  datasources: TenantDatabases,
  ctx: RequestContext,
  ids: string[],
  skipped?: Skipped,
) {
  if (ids.length === 0) return [];
  return shownDefinitions(datasources, ctx, await definitionRows(datasources.routed.db, ids), skipped);
}

/**
 * Definitions for 流程管理: common ones and the caller's tenant's (the platform administrator: every tenant's),
 * newest first; `latest` keeps the newest version of each key per tenant.
 */
export async function definitionList(
  datasources: TenantDatabases,
  ctx: RequestContext,
  q: Paged<DefinitionPageQuery>,
  skipped?: Skipped,
): Promise<IPage<FlowDefinition>> {
  const db = datasources.routed.db;
  const page = await definitionPage(db, isPlatformAdmin(ctx) ? null : ctx.tenantId, paged(q));
  return { ...page, records: await shownDefinitions(datasources, ctx, page.records, skipped) };
}

/** One definition for 流程管理: any live one for the platform administrator, else one the tenant may read. */
export async function managedDefinition(
  datasources: TenantDatabases,
  ctx: RequestContext,
  id: string,
  skipped?: Skipped,
) {
  const db = datasources.routed.db;
  const found = isPlatformAdmin(ctx)
    ? await liveDefinition(db, id)
    : await visibleDefinition(db, ctx.tenantId, id);
  if (!found) throw new NotFoundError(FlowMessage.definitionMissing);
  const [definition] = await definitionsOf(datasources, ctx, [String(found.id)], skipped);
  return definition as FlowDefinition;
}

/**
 * What the tenant may start: per process key the newest active version, the tenant's own (custom) one before a
 * common one. Definitions are few (a handful of keys), so the grouping runs over the live rows in memory.
 */
export async function startList(
  datasources: TenantDatabases,
  ctx: RequestContext,
  q: { category?: string; name?: string; mode?: number; current?: number; size?: number },
): Promise<IPage<FlowDefinition>> {
  const rows = await startableDefinitions(datasources.routed.db, ctx.tenantId, q.category);
  const best = new Map<string, (typeof rows)[number]>();
  for (const r of rows) {
    const seen = best.get(r.processKey);
    const custom = r.tenantId !== '';
    if (
      !seen ||
      (custom && seen.tenantId === '') ||
      (custom === (seen.tenantId !== '') && r.version > seen.version)
    )
      best.set(r.processKey, r);
  }
  let list = [...best.values()].filter((r) => !r.suspended);
  if (q.mode === 1) list = list.filter((r) => r.tenantId === '');
  if (q.mode === 2) list = list.filter((r) => r.tenantId !== '');
  if (q.name) list = list.filter((r) => r.name.includes(q.name as string));
  list.sort((a, b) => a.category.localeCompare(b.category) || a.processKey.localeCompare(b.processKey));
  const { current, size } = paged(q);
  const slice = list.slice((current - 1) * size, current * size);
  return {
    records: await shownDefinitions(datasources, ctx, slice as unknown as DefinitionRow[]),
    total: list.length,
    size,
    current,
    pages: Math.ceil(list.length / size),
  };
}

/**
 * An instance the caller may read: the starter, anyone who held, completed or may claim one of its tasks, a
 * tenant administrator, or a holder of 流程跟踪. Anyone else gets "not found".
 */
export async function readableInstance(handle: DatabaseHandle, ctx: RequestContext, instanceId: string) {
  const instance = await instanceOf(handle.db, ctx.tenantId, instanceId);
  if (!instance) throw new NotFoundError(FlowMessage.instanceMissing);
  if (String(instance.createUser) === ctx.userId || isTenantAdmin(ctx)) return instance;
  if (await takesPartIn(handle.db, ctx, instance.id)) return instance;
  if (await hasPermission(handle, ctx, FLOW_PERMISSIONS.follow)) return instance;
  throw new NotFoundError(FlowMessage.instanceMissing);
}

/** An instance's detail: the instance, its scalar variables, its open tasks and the caller's among them. */
export async function instanceDetail(handle: DatabaseHandle, ctx: RequestContext, instanceId: string) {
  const instance = await readableInstance(handle, ctx, instanceId);
  const [shown] = await presentInstances(handle.db, ctx.tenantId, [instance as unknown as InstanceLike]);
  const taskRows = await openTasksWithInstance(handle.db, ctx.tenantId, instance.id);
  const tasks = await presentTaskList(handle.db, ctx.tenantId, taskRows as InstanceLike[]);
  const mine = tasks.find((t) => t.assignee === ctx.userId);
  const variables = Object.fromEntries(
    Object.entries(parseVars(instance.variables)).filter(
      ([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v),
    ),
  );
  return { ...(shown as FlowInstance), variables, tasks, myTaskId: mine?.taskId ?? '' };
}

/**
 * A task's detail with the outcomes its step offers. Its holder, whoever completed it and its candidates may read
 * it; others only when they may read its instance (starter, 流程跟踪, administrators).
 */
export async function taskDetail(handle: DatabaseHandle, ctx: RequestContext, taskId: string) {
  const row = await taskWithInstance(handle.db, ctx.tenantId, taskId);
  if (!row) throw new NotFoundError(FlowMessage.taskMissing);
  const mine =
    String(row.assigneeUserId ?? '') === ctx.userId || String(row.completedBy ?? '') === ctx.userId;
  const candidate =
    row.taskStatus === 'open' &&
    row.assigneeUserId === null &&
    (await isCandidate(handle.db, ctx, String(row.taskId)));
  if (!mine && !candidate) await readableInstance(handle, ctx, String(row.instanceId));
  const [task] = await presentTasks(handle.db, ctx.tenantId, [row as InstanceLike]);
  const definition = await definitionMeta(handle.db, String(row.definitionId));
  const outcomes = definition
    ? (metaOf({ id: String(definition.id), meta: definition.meta }).userTasks[row.activityId]?.outcomes ?? [
        'approve',
      ])
    : ['approve' as const];
  const { activityTaskStatus, ...rest } = task as NonNullable<typeof task>;
  const running = row.flowStatus === 'running' && activityTaskStatus === 'open';
  return {
    ...rest,
    outcomes: outcomes.map((flag) => ({ flag, label: FLOW_OUTCOME_LABELS[flag] })),
    canComplete: running && String(row.assigneeUserId ?? '') === ctx.userId,
    canClaim: running && candidate,
  };
}

const TIMELINE_TYPES = [
  'bpmn:StartEvent',
  'bpmn:UserTask',
  'bpmn:EndEvent',
  'bpmn:BoundaryEvent',
  'bpmn:IntermediateCatchEvent',
  'terminate',
];

/** The timeline: start event, user tasks, boundary/catch events, end event and a termination, oldest first. */
export async function historyOf(
  handle: DatabaseHandle,
  ctx: RequestContext,
  instanceId: string,
): Promise<FlowHistoryEntry[]> {
  const rows = await timelineOf(handle.db, ctx.tenantId, instanceId, TIMELINE_TYPES);
  const names = await userNames(
    handle.db,
    ctx.tenantId,
    rows.map((r) => r.assigneeUserId),
  );
  return rows.map((r) => ({
    historyActivityId: r.activityId,
    historyActivityName: r.name || r.activityId,
    historyActivityType: r.activityType.replace('bpmn:', '').replace(/^./, (c) => c.toLowerCase()),
    assignee: text(r.assigneeUserId),
    assigneeName: names.get(text(r.assigneeUserId)) ?? '',
    createTime: r.startTime,
    endTime: text(r.endTime),
    durationMs: Number(r.durationMs ?? 0),
    historyActivityDurationTime: r.endTime ? formatDuration(Number(r.durationMs ?? 0)) : '',
    comment: r.comment,
    outcome: r.outcome,
    outcomeName: r.outcome ? (FLOW_OUTCOME_LABELS[r.outcome as FlowOutcome] ?? r.outcome) : '',
  }));
}

/** The deployed XML and the marks for the viewer: current steps, passed steps, flows taken. */
export async function diagramOf(
  handle: DatabaseHandle,
  ctx: RequestContext,
  instance: { id: string; definitionId: string },
) {
  const definition = await definitionDrawing(handle.db, ctx.tenantId, instance.definitionId);
  if (!definition) throw new NotFoundError(FlowMessage.definitionMissing);
  const history = await passedElementsOf(handle.db, ctx.tenantId, instance.id);
  const open = await openTasksOf(handle.db, ctx.tenantId, instance.id);
  const elements = metaOf({ id: String(definition.id), meta: definition.meta }).elements;
  const activeIds = [...new Set(open.map((t) => t.activityId))];
  const completedIds = [
    ...new Set(
      history
        .filter((h) => h.activityType !== 'bpmn:SequenceFlow' && h.endTime && elements[h.activityId])
        .map((h) => h.activityId),
    ),
  ];
  const flowIds = [
    ...new Set(history.filter((h) => h.activityType === 'bpmn:SequenceFlow').map((h) => h.activityId)),
  ];
  return {
    processDefinitionId: String(definition.id),
    xml: definition.bpmnXml,
    activeIds,
    completedIds,
    flowIds,
  };
}

/**
 * The diagram of an instance the caller may read, or — without an instance — the bare XML of a definition (any
 * for the platform administrator, else one the tenant may read).
 */
export async function diagramFor(
  handle: DatabaseHandle,
  ctx: RequestContext,
  target: { processInstanceId?: string; processDefinitionId?: string },
) {
  if (target.processInstanceId) {
    const instance = await readableInstance(handle, ctx, target.processInstanceId);
    return diagramOf(handle, ctx, { id: String(instance.id), definitionId: String(instance.definitionId) });
  }
  const id = String(target.processDefinitionId);
  const definition = isPlatformAdmin(ctx)
    ? await anyDefinition(handle.db, id)
    : await visibleDefinition(handle.db, ctx.tenantId, id);
  if (!definition) throw new NotFoundError(FlowMessage.definitionMissing);
  return {
    processDefinitionId: String(definition.id),
    xml: definition.bpmnXml,
    activeIds: [],
    completedIds: [],
    flowIds: [],
  };
}

/** Enabled users of the caller's tenant to choose a handler from, by name and optionally holding a role alias. */
export async function handlerChoices(
  handle: DatabaseHandle,
  ctx: RequestContext,
  q: { name?: string; roleAlias?: string },
) {
  let rows = await enabledUsers(handle.db, ctx.tenantId, q.name);
  if (q.roleAlias) {
    const roleIds = await roleIdsOfAlias(handle.db, ctx.tenantId, q.roleAlias);
    rows = rows.filter((u) => u.roleId.split(',').some((id) => roleIds.has(id.trim())));
  }
  return rows.map((u) => ({ id: String(u.id), name: u.name, realName: u.realName, account: u.account }));
}
