import {
  FLOW_DICT_CODE,
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
import type { SelectQueryBuilder } from 'kysely';
import type { DatabaseHandle } from '../../db/connection.js';
import { hasPermission } from '../../platform/access.js';
import { isPlatformAdmin, isTenantAdmin, type RequestContext } from '../../platform/context.js';
import { readPage } from '../../platform/crud/index.js';
import { NotFoundError } from '../../platform/errors.js';
import { TenantData } from '../../platform/tenant-data.js';
import { type Executor, metaOf } from './runtime.js';

/**
 * The read side: the five work lists, the admin lists, an instance's detail, timeline and diagram marks. Lists
 * page in SQL on the task and instance tables; names (users, categories, definitions) are looked up per page.
 */

// biome-ignore lint/suspicious/noExplicitAny: joined selects over several tables
type AnySelect = SelectQueryBuilder<any, any, object>;

export interface PageQuery {
  current?: number;
  size?: number;
}
const pageOf = (q: PageQuery) => ({ current: q.current ?? 1, size: q.size ?? 10 });

/** `yyyy-MM-dd` → the start or end of that day; a full date-time as it is. */
const dayBound = (value: string, end: boolean) =>
  value.length === 10 ? `${value} ${end ? '23:59:59' : '00:00:00'}` : value;

async function userNames(db: Executor, tenantId: string, ids: Array<unknown>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.map((v) => String(v ?? '')).filter((v) => /^[1-9]\d{0,18}$/.test(v)))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('cubeUser')
    .select(['id', 'realName', 'name'])
    .where('id', 'in', wanted)
    .where('tenantId', '=', tenantId)
    .execute();
  return new Map(rows.map((u) => [String(u.id), u.realName || u.name]));
}

/** `flow_<key>` → the label of the tenant's `flow` dictionary (the platform's as a fallback). */
export async function categoryNames(db: Executor, tenantId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('cubeDictBiz')
    .select(['dictKey', 'dictValue', 'tenantId'])
    .where('code', '=', FLOW_DICT_CODE)
    .where('isDeleted', '=', 0)
    .where('dictKey', '<>', '-1')
    .where('tenantId', '=', tenantId)
    .execute();
  return new Map(rows.map((r) => [`${FLOW_DICT_CODE}_${r.dictKey}`, r.dictValue]));
}

async function definitionsById(db: Executor, ids: Array<unknown>) {
  const wanted = [...new Set(ids.map(String).filter(Boolean))];
  if (wanted.length === 0) return new Map<string, { processKey: string; name: string; version: number }>();
  const rows = await db
    .selectFrom('flowDefinition')
    .select(['id', 'processKey', 'name', 'version'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(
    rows.map((r) => [String(r.id), { processKey: r.processKey, name: r.name, version: r.version }]),
  );
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

const INSTANCE_COLUMNS = [
  'flowInstance.id',
  'flowInstance.tenantId',
  'flowInstance.definitionId',
  'flowInstance.processKey',
  'flowInstance.category',
  'flowInstance.businessTable',
  'flowInstance.businessId',
  'flowInstance.title',
  'flowInstance.flowStatus',
  'flowInstance.endActivityId',
  'flowInstance.deleteReason',
  'flowInstance.currentActivityNames',
  'flowInstance.createUser',
  'flowInstance.createTime',
  'flowInstance.endTime',
] as const;

type InstanceLike = Record<string, unknown>;

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
    definitionsById(
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
      processIsFinished: status === 'completed' || status === 'terminated' ? 'finished' : 'unfinished',
      currentActivityNames: text(r.currentActivityNames),
      endActivityId: text(r.endActivityId),
      deleteReason: text(r.deleteReason),
    };
  });
}

const TASK_COLUMNS = [
  'flowTask.id as taskId',
  'flowTask.name as taskName',
  'flowTask.activityId',
  'flowTask.taskStatus',
  'flowTask.instanceId',
  'flowTask.definitionId',
  'flowTask.assigneeUserId',
  'flowTask.candidateGroups',
  'flowTask.createTime as taskCreateTime',
  'flowTask.claimTime',
  'flowTask.endTime as taskEndTime',
  'flowTask.dueTime',
  'flowTask.outcome',
  'flowTask.comment',
  'flowTask.formKey',
  'flowInstance.processKey',
  'flowInstance.category',
  'flowInstance.businessTable',
  'flowInstance.businessId',
  'flowInstance.title',
  'flowInstance.createUser as starter',
  'flowInstance.flowStatus',
] as const;

export async function presentTasks(
  db: Executor,
  tenantId: string,
  rows: InstanceLike[],
): Promise<Array<FlowTask & { formKey: string; activityTaskStatus: string }>> {
  const [names, categories, defs] = await Promise.all([
    userNames(db, tenantId, [...rows.map((r) => r.assigneeUserId), ...rows.map((r) => r.starter)]),
    categoryNames(db, tenantId),
    definitionsById(
      db,
      rows.map((r) => r.definitionId),
    ),
  ]);
  return rows.map((r) => {
    const def = defs.get(text(r.definitionId));
    const taskStatus = text(r.taskStatus);
    const instanceStatus = text(r.flowStatus);
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
      starter: text(r.starter),
      starterName: names.get(text(r.starter)) ?? '',
      createTime: text(r.taskCreateTime),
      claimTime: text(r.claimTime),
      endTime: text(r.taskEndTime),
      dueTime: text(r.dueTime),
      outcome: text(r.outcome),
      comment: text(r.comment),
      processIsFinished:
        instanceStatus === 'completed' || instanceStatus === 'terminated' ? 'finished' : 'unfinished',
      formKey: text(r.formKey),
      activityTaskStatus: taskStatus,
    };
  });
}

export interface TaskListQuery extends PageQuery {
  category?: string;
  processDefinitionName?: string;
  beginDate?: string;
  endDate?: string;
  businessId?: string;
}

/** Tasks joined with their instance, in the caller's tenant. */
function taskBase(db: Executor, tenantId: string): AnySelect {
  return (new TenantData(db, tenantId).selectFrom('flowTask') as AnySelect).innerJoin(
    'flowInstance',
    (join) =>
      join.onRef('flowInstance.id', '=', 'flowTask.instanceId').on('flowInstance.tenantId', '=', tenantId),
  );
}

function filterTasks(qb: AnySelect, q: TaskListQuery, dateColumn: string): AnySelect {
  let out = qb;
  if (q.category) out = out.where('flowInstance.category', '=', q.category);
  if (q.businessId) out = out.where('flowInstance.businessId', '=', q.businessId);
  if (q.processDefinitionName) {
    const like = `%${q.processDefinitionName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    out = out.where((eb) =>
      eb.or([
        eb('flowInstance.title', 'like', like),
        eb.exists(
          eb
            .selectFrom('flowDefinition')
            .select('flowDefinition.id')
            .whereRef('flowDefinition.id', '=', 'flowInstance.definitionId')
            .where('flowDefinition.name', 'like', like),
        ),
      ]),
    );
  }
  if (q.beginDate) out = out.where(dateColumn, '>=', dayBound(q.beginDate, false));
  if (q.endDate) out = out.where(dateColumn, '<=', dayBound(q.endDate, true));
  return out;
}

/** Open tasks nobody holds where the caller is a candidate user or holds a candidate role. */
function claimable(qb: AnySelect, ctx: RequestContext): AnySelect {
  return qb
    .where('flowTask.taskStatus', '=', 'open')
    .where('flowTask.assigneeUserId', 'is', null)
    .where('flowInstance.flowStatus', '=', 'running')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('flowTaskCandidate')
          .select('flowTaskCandidate.id')
          .whereRef('flowTaskCandidate.taskId', '=', 'flowTask.id')
          .where('flowTaskCandidate.tenantId', '=', ctx.tenantId)
          .where('flowTaskCandidate.isDeleted', '=', 0)
          .where((c) =>
            c.or([
              c.and([c('flowTaskCandidate.kind', '=', 'user'), c('flowTaskCandidate.ref', '=', ctx.userId)]),
              ...(ctx.roleAliases.length > 0
                ? [
                    c.and([
                      c('flowTaskCandidate.kind', '=', 'role'),
                      c('flowTaskCandidate.ref', 'in', ctx.roleAliases),
                    ]),
                  ]
                : []),
            ]),
          ),
      ),
    );
}

export async function taskList(
  handle: DatabaseHandle,
  ctx: RequestContext,
  kind: 'claim' | 'todo' | 'done',
  q: TaskListQuery,
): Promise<IPage<FlowTask>> {
  const db = handle.db;
  let qb = taskBase(db, ctx.tenantId);
  let order = 'flowTask.createTime';
  if (kind === 'claim') qb = claimable(qb, ctx);
  else if (kind === 'todo')
    qb = qb.where('flowTask.taskStatus', '=', 'open').where('flowTask.assigneeUserId', '=', ctx.userId);
  else {
    qb = qb.where('flowTask.taskStatus', '=', 'completed').where('flowTask.completedBy', '=', ctx.userId);
    order = 'flowTask.endTime';
  }
  qb = filterTasks(qb, q, kind === 'done' ? 'flowTask.endTime' : 'flowTask.createTime');
  const page = await readPage(
    qb,
    {
      ...pageOf(q),
      orders: [
        { field: order, direction: 'desc' },
        { field: 'flowTask.id', direction: 'desc' },
      ],
    },
    (s) => s.select([...TASK_COLUMNS]),
  );
  const records = (await presentTasks(db, ctx.tenantId, page.records as InstanceLike[])).map(
    ({ formKey: _f, activityTaskStatus: _s, ...r }) => r,
  );
  return { ...page, records };
}

export async function workCount(
  handle: DatabaseHandle,
  ctx: RequestContext,
): Promise<{ todo: number; claim: number }> {
  const count = async (qb: AnySelect) =>
    Number(
      ((await qb.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n?: unknown } | undefined)
        ?.n ?? 0,
    );
  const todo = await count(
    taskBase(handle.db, ctx.tenantId)
      .where('flowTask.taskStatus', '=', 'open')
      .where('flowTask.assigneeUserId', '=', ctx.userId),
  );
  const claim = await count(claimable(taskBase(handle.db, ctx.tenantId), ctx));
  return { todo, claim };
}

/** Instances the caller started (已发事务). */
export async function sendList(
  handle: DatabaseHandle,
  ctx: RequestContext,
  q: TaskListQuery,
): Promise<IPage<FlowInstance>> {
  let qb = (new TenantData(handle.db, ctx.tenantId).selectFrom('flowInstance') as AnySelect).where(
    'flowInstance.createUser',
    '=',
    ctx.userId,
  );
  qb = filterTasks(qb, q, 'flowInstance.createTime');
  const page = await readPage(
    qb,
    {
      ...pageOf(q),
      orders: [
        { field: 'flowInstance.createTime', direction: 'desc' },
        { field: 'flowInstance.id', direction: 'desc' },
      ],
    },
    (s) => s.select([...INSTANCE_COLUMNS]),
  );
  return {
    ...page,
    records: await presentInstances(handle.db, ctx.tenantId, page.records as InstanceLike[]),
  };
}

export interface FollowQuery extends PageQuery {
  processInstanceId?: string;
  processDefinitionKey?: string;
  category?: string;
  status?: string;
  title?: string;
}

/** Instances of a tenant for 流程跟踪, narrowed by `extra` (the caller's data scope). */
export async function followList(
  handle: DatabaseHandle,
  tenantId: string,
  q: FollowQuery,
  extra: (qb: AnySelect) => Promise<AnySelect> | AnySelect,
): Promise<IPage<FlowInstance>> {
  let qb = new TenantData(handle.db, tenantId).selectFrom('flowInstance') as AnySelect;
  const status = q.status ?? 'running';
  if (status === 'running') qb = qb.where('flowInstance.flowStatus', 'in', ['running', 'suspended']);
  else if (status !== 'all') qb = qb.where('flowInstance.flowStatus', '=', status);
  if (q.processInstanceId)
    qb = qb.where(
      'flowInstance.id',
      '=',
      /^[1-9]\d{0,18}$/.test(q.processInstanceId) ? q.processInstanceId : '0',
    );
  if (q.processDefinitionKey) qb = qb.where('flowInstance.processKey', '=', q.processDefinitionKey);
  if (q.category) qb = qb.where('flowInstance.category', '=', q.category);
  if (q.title)
    qb = qb.where('flowInstance.title', 'like', `%${q.title.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  qb = await extra(qb);
  const page = await readPage(
    qb,
    {
      ...pageOf(q),
      orders: [
        { field: 'flowInstance.createTime', direction: 'desc' },
        { field: 'flowInstance.id', direction: 'desc' },
      ],
    },
    (s) => s.select([...INSTANCE_COLUMNS]),
  );
  return { ...page, records: await presentInstances(handle.db, tenantId, page.records as InstanceLike[]) };
}

const DEFINITION_COLUMNS = [
  'id',
  'deploymentId',
  'tenantId',
  'processKey',
  'name',
  'description',
  'version',
  'category',
  'suspended',
  'modelId',
  'source',
  'createTime',
  'createUser',
] as const;

type DefinitionRow = Record<(typeof DEFINITION_COLUMNS)[number], unknown>;

export async function presentDefinitions(
  db: Executor,
  ctx: RequestContext,
  rows: DefinitionRow[],
): Promise<FlowDefinition[]> {
  const [names, categories] = await Promise.all([
    userNames(
      db,
      ctx.tenantId,
      rows.map((r) => r.createUser),
    ),
    categoryNames(db, ctx.tenantId),
  ]);
  const ids = rows.map((r) => String(r.id));
  let running = new Map<string, number>();
  if (ids.length > 0) {
    let q = db
      .selectFrom('flowInstance')
      .select((eb) => ['definitionId', eb.fn.countAll().as('n')])
      .where('definitionId', 'in', ids)
      .where('flowStatus', 'in', ['running', 'suspended'])
      .where('isDeleted', '=', 0);
    if (!isPlatformAdmin(ctx)) q = q.where('tenantId', '=', ctx.tenantId);
    const counts = await q.groupBy('definitionId').execute();
    running = new Map(counts.map((c) => [String(c.definitionId), Number(c.n)]));
  }
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

export interface DefinitionQuery extends PageQuery {
  category?: string;
  mode?: number;
  processDefinitionKey?: string;
  name?: string;
  latest?: boolean;
}

/**
 * Definitions for 流程管理: common ones and the caller's tenant's (the platform administrator: every tenant's),
 * newest first; `latest` keeps the newest version of each key per tenant.
 */
export async function definitionList(
  handle: DatabaseHandle,
  ctx: RequestContext,
  q: DefinitionQuery,
): Promise<IPage<FlowDefinition>> {
  let qb = handle.db.selectFrom('flowDefinition').where('flowDefinition.isDeleted', '=', 0) as AnySelect;
  if (!isPlatformAdmin(ctx)) qb = qb.where('flowDefinition.tenantId', 'in', [ctx.tenantId, '']);
  if (q.mode === 1) qb = qb.where('flowDefinition.tenantId', '=', '');
  if (q.mode === 2) qb = qb.where('flowDefinition.tenantId', '<>', '');
  if (q.category) qb = qb.where('flowDefinition.category', '=', q.category);
  if (q.processDefinitionKey) qb = qb.where('flowDefinition.processKey', '=', q.processDefinitionKey);
  if (q.name) qb = qb.where('flowDefinition.name', 'like', `%${q.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (q.latest)
    qb = qb.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('flowDefinition as newer')
            .select('newer.id')
            .whereRef('newer.tenantId', '=', 'flowDefinition.tenantId')
            .whereRef('newer.processKey', '=', 'flowDefinition.processKey')
            .whereRef('newer.version', '>', 'flowDefinition.version')
            .where('newer.isDeleted', '=', 0),
        ),
      ),
    );
  const page = await readPage(
    qb,
    {
      ...pageOf(q),
      orders: [
        { field: 'flowDefinition.processKey', direction: 'asc' },
        { field: 'flowDefinition.tenantId', direction: 'asc' },
        { field: 'flowDefinition.version', direction: 'desc' },
      ],
    },
    (s) => s.select(DEFINITION_COLUMNS.map((c) => `flowDefinition.${c}`)),
  );
  return { ...page, records: await presentDefinitions(handle.db, ctx, page.records as DefinitionRow[]) };
}

/**
 * What the tenant may start: per process key the newest active version, the tenant's own (custom) one before a
 * common one. Definitions are few (a handful of keys), so the grouping runs over the live rows in memory.
 */
export async function startList(
  handle: DatabaseHandle,
  ctx: RequestContext,
  q: { category?: string; name?: string; mode?: number } & PageQuery,
): Promise<IPage<FlowDefinition>> {
  let qb = handle.db
    .selectFrom('flowDefinition')
    .select([...DEFINITION_COLUMNS])
    .where('isDeleted', '=', 0)
    .where('tenantId', 'in', [ctx.tenantId, '']);
  if (q.category) qb = qb.where('category', '=', q.category);
  const rows = await qb.execute();
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
  const { current, size } = pageOf(q);
  const slice = list.slice((current - 1) * size, current * size);
  return {
    records: await presentDefinitions(handle.db, ctx, slice as unknown as DefinitionRow[]),
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
  const data = new TenantData(handle.db, ctx.tenantId);
  const instance = await data
    .selectFrom('flowInstance')
    .selectAll()
    .where('id', '=', instanceId)
    .executeTakeFirst();
  if (!instance) throw new NotFoundError(FlowMessage.instanceMissing);
  if (String(instance.createUser) === ctx.userId || isTenantAdmin(ctx)) return instance;
  const involved = await data
    .selectFrom('flowTask')
    .select('id')
    .where('instanceId', '=', instance.id)
    .where((eb) => eb.or([eb('assigneeUserId', '=', ctx.userId), eb('completedBy', '=', ctx.userId)]))
    .executeTakeFirst();
  if (involved) return instance;
  const candidate = await claimable(taskBase(handle.db, ctx.tenantId), ctx)
    .select('flowTask.id')
    .where('flowTask.instanceId', '=', instance.id)
    .executeTakeFirst();
  if (candidate) return instance;
  if (await hasPermission(handle, ctx, FLOW_PERMISSIONS.follow)) return instance;
  throw new NotFoundError(FlowMessage.instanceMissing);
}

/** The timeline: start event, user tasks, boundary/catch events, end event and a termination, oldest first. */
export async function historyOf(
  handle: DatabaseHandle,
  ctx: RequestContext,
  instanceId: string,
): Promise<FlowHistoryEntry[]> {
  const rows = await new TenantData(handle.db, ctx.tenantId)
    .selectFrom('flowHistory')
    .selectAll()
    .where('instanceId', '=', instanceId)
    .where('activityType', 'in', [
      'bpmn:StartEvent',
      'bpmn:UserTask',
      'bpmn:EndEvent',
      'bpmn:BoundaryEvent',
      'bpmn:IntermediateCatchEvent',
      'terminate',
    ])
    .orderBy('seq')
    .execute();
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

/** The deployed XML and the marks for the viewer: current steps, passed steps, flows taken. */
export async function diagramOf(
  handle: DatabaseHandle,
  ctx: RequestContext,
  instance: { id: string; definitionId: string },
) {
  const definition = await handle.db
    .selectFrom('flowDefinition')
    .select(['id', 'bpmnXml', 'meta'])
    .where('id', '=', instance.definitionId)
    .where('tenantId', 'in', [ctx.tenantId, ''])
    .executeTakeFirst();
  if (!definition) throw new NotFoundError(FlowMessage.definitionMissing);
  const data = new TenantData(handle.db, ctx.tenantId);
  const history = await data
    .selectFrom('flowHistory')
    .select(['activityId', 'activityType', 'endTime'])
    .where('instanceId', '=', instance.id)
    .execute();
  const open = await data
    .selectFrom('flowTask')
    .select('activityId')
    .where('instanceId', '=', instance.id)
    .where('taskStatus', '=', 'open')
    .execute();
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
