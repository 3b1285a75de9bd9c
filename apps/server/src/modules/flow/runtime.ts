import { FLOW_PATENT_TABLE, FlowMessage, type FlowOutcome } from '@cube/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseHandle } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import { formatDateTime, now, parseDateTime } from '../../platform/dates.js';
import { BizError, NotFoundError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { TenantData } from '../../platform/tenant-data.js';
import type { DefinitionMeta, UserTaskMeta } from './bpmn.js';
import { type EngineRun, resumeDue, signalTask, TaskNotWaitingError } from './engine.js';
import { resolveTemplate } from './expression.js';
import { APPROVED_END, openApprovedCase } from './proposal.js';
import { applyStepForm } from './step-forms.js';

/**
 * Instance commands (research §4.3): each is one transaction that locks the instance row (FOR UPDATE on
 * PostgreSQL; SQLite runs one write transaction at a time), runs the engine, projects what it did into the task,
 * candidate, history and timer tables, and saves the state only if `state_version` is still the one read — so
 * two people completing the same task at once leave exactly one completion, and the other is told
 * 任务已被他人处理. Projections are idempotent: tasks and timers are keyed by the engine's execution ids, which a
 * resumed engine repeats.
 */

export type Executor = Kysely<Database> | Transaction<Database>;
type Trx = Transaction<Database>;
export type InstanceRow = Awaited<ReturnType<typeof loadInstance>>;

export interface Actor {
  tenantId: string;
  userId: string | null;
  deptId: string | null;
}

/** Scalar variables only: what the instance row keeps and the expressions may read. */
export type Vars = Record<string, string | number | boolean | null>;

export const parseVars = (text: string): Vars => {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Vars) : {};
  } catch {
    return {};
  }
};

const metaCache = new Map<string, DefinitionMeta>();
/** The stored facts of a definition (parsed once per definition id; definitions never change after deploy). */
export function metaOf(definition: { id: string; meta: string }): DefinitionMeta {
  let meta = metaCache.get(definition.id);
  if (!meta) {
    meta = JSON.parse(definition.meta) as DefinitionMeta;
    if (metaCache.size > 1000) metaCache.clear();
    metaCache.set(definition.id, meta);
  }
  return meta;
}

/** A definition by id, common or the tenant's, deleted ones included (instances keep theirs). */
export async function loadDefinitionAny(db: Executor, tenantId: string, id: string) {
  return db
    .selectFrom('flowDefinition')
    .selectAll()
    .where('id', '=', id)
    .where('tenantId', 'in', [tenantId, ''])
    .executeTakeFirst();
}

export async function loadInstance(
  db: Executor,
  kind: DatabaseHandle['kind'],
  tenantId: string,
  id: string,
  lock: boolean,
) {
  let q = new TenantData(db, tenantId).selectFrom('flowInstance').selectAll().where('id', '=', id);
  if (lock && kind === 'postgres') q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Due time for the task's row: `camunda:dueDate` as an ISO date or duration from now, else none. */
function dueTimeOf(task: UserTaskMeta, vars: Vars): string | null {
  if (!task.dueDate) return null;
  const value = resolveTemplate(task.dueDate, vars);
  if (typeof value !== 'string' || !value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : formatDateTime(date);
}

/** Resolves an assignee or candidate entry: a literal, or `${var}` read from the variables (comma lists allowed). */
function resolveList(entries: string[], vars: Vars): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    const value = resolveTemplate(entry, vars);
    if (value === null || value === undefined || value === '') continue;
    for (const part of String(value).split(',')) if (part.trim()) out.push(part.trim());
  }
  return [...new Set(out)];
}

/** Timer rows keep whole seconds, rounded up, so a timer is never fired a fraction of a second early. */
const ceilSecond = (date: Date): string => formatDateTime(new Date(Math.ceil(date.getTime() / 1000) * 1000));

/** What the case (pat_application) becomes when its flow reaches a step or an end of this id (built-in ids). */
const CASE_STATUS_AT: Record<string, string> = {
  draft: 'drafting',
  acceptance: 'filed',
  prelim: 'prelim_exam',
  respond_prelim: 'awaiting_correction',
  se_request: 'published',
  examination: 'substantive_exam',
  respond_oa: 'awaiting_oa_response',
  registration: 'grant_notified',
  reexamination: 'in_reexam',
  end_granted: 'granted',
  end_rejected: 'rejected',
  end_withdrawn: 'deemed_withdrawn',
  end_cancelled: 'withdrawn',
};

/**
 * Writes what one engine run did: history rows for activities started and ended and flows taken, the user tasks
 * now waiting (new rows with their assignee or candidates), tasks no longer waiting (cancelled unless the caller
 * completed it), timers (pending rows; missing ones fired when due, else cancelled), and the instance row itself —
 * guarded by the state version read at the start of the command.
 */
export async function applyRun(
  trx: Trx,
  actor: Actor,
  instance: {
    id: string;
    definitionId: string;
    stateVersion: number;
    businessTable: string;
    businessId: string | null;
  },
  meta: DefinitionMeta,
  run: EngineRun,
  vars: Vars,
  options: { isNew?: boolean; completedTaskId?: string } = {},
): Promise<{ currentNames: string }> {
  const data = new TenantData(trx, actor.tenantId);
  const stamp = now();
  const last = await data
    .selectFrom('flowHistory')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('instanceId', '=', instance.id)
    .executeTakeFirst();
  let seq = Number(last?.seq ?? 0);
  let caseStatus: string | undefined;

  for (const raw of run.events) {
    // The element's own type (a timer boundary event ends as its `TimerEventDefinition`).
    const event = { ...raw, type: meta.elements[raw.elementId]?.type ?? raw.type };
    const at = formatDateTime(event.at);
    if (event.kind === 'flow') {
      await data
        .insertInto('flowHistory', {
          id: newId(),
          instanceId: instance.id,
          activityId: event.elementId,
          activityType: event.type,
          name: '',
          executionId: '',
          taskId: null,
          assigneeUserId: null,
          startTime: at,
          endTime: at,
          durationMs: 0,
          outcome: '',
          comment: '',
          seq: ++seq,
          isDeleted: 0,
        })
        .execute();
      continue;
    }
    // A boundary event shows in the timeline only when it fires (its start is just the timer being armed).
    if (event.kind === 'start' && event.type === 'bpmn:BoundaryEvent') continue;
    if (event.kind === 'start') {
      const existing = await data
        .selectFrom('flowHistory')
        .select('id')
        .where('instanceId', '=', instance.id)
        .where('executionId', '=', event.executionId)
        .executeTakeFirst();
      if (existing) continue;
      await data
        .insertInto('flowHistory', {
          id: newId(),
          instanceId: instance.id,
          activityId: event.elementId,
          activityType: event.type,
          name: meta.elements[event.elementId]?.name ?? '',
          executionId: event.executionId,
          taskId: null,
          assigneeUserId: event.type === 'bpmn:StartEvent' ? actor.userId : null,
          startTime: at,
          endTime: null,
          durationMs: null,
          outcome: '',
          comment: '',
          seq: ++seq,
          isDeleted: 0,
        })
        .execute();
      if (CASE_STATUS_AT[event.elementId]) caseStatus = CASE_STATUS_AT[event.elementId];
      continue;
    }
    const open = await data
      .selectFrom('flowHistory')
      .select(['id', 'startTime'])
      .where('instanceId', '=', instance.id)
      .where('executionId', '=', event.executionId)
      .where('endTime', 'is', null)
      .executeTakeFirst();
    if (open) {
      await data
        .updateTable('flowHistory')
        .set({
          endTime: at,
          durationMs: Math.max(0, event.at.getTime() - parseDateTime(open.startTime).getTime()),
        })
        .where('id', '=', open.id)
        .execute();
    } else if (event.type === 'bpmn:BoundaryEvent') {
      await data
        .insertInto('flowHistory', {
          id: newId(),
          instanceId: instance.id,
          activityId: event.elementId,
          activityType: event.type,
          name: meta.elements[event.elementId]?.name ?? '',
          executionId: event.executionId,
          taskId: null,
          assigneeUserId: null,
          startTime: at,
          endTime: at,
          durationMs: 0,
          outcome: '',
          comment: '',
          seq: ++seq,
          isDeleted: 0,
        })
        .execute();
    }
    if (event.type === 'bpmn:EndEvent' && CASE_STATUS_AT[event.elementId])
      caseStatus = CASE_STATUS_AT[event.elementId];
  }

  // Tasks: new waits become rows; rows no longer waiting end (completed by the caller, or cancelled).
  const openTasks = await data
    .selectFrom('flowTask')
    .select(['id', 'executionId'])
    .where('instanceId', '=', instance.id)
    .where('taskStatus', '=', 'open')
    .execute();
  const waitingIds = new Set(run.waiting.map((w) => w.executionId));
  for (const t of openTasks) {
    if (waitingIds.has(t.executionId) || t.id === options.completedTaskId) continue;
    await data
      .updateTable('flowTask')
      .set({ taskStatus: 'cancelled', endTime: stamp, updateTime: stamp })
      .where('id', '=', t.id)
      .execute();
    await data.updateTable('flowTaskCandidate').set({ isDeleted: 1 }).where('taskId', '=', t.id).execute();
    // Interrupted (e.g. by a timer): the engine reports no end, so the timeline closes it here.
    await data
      .updateTable('flowHistory')
      .set({ endTime: stamp })
      .where('instanceId', '=', instance.id)
      .where('executionId', '=', t.executionId)
      .where('endTime', 'is', null)
      .execute();
  }
  const known = new Set(openTasks.map((t) => t.executionId));
  const names: string[] = [];
  for (const w of run.waiting) {
    const task = meta.userTasks[w.activityId];
    names.push(task?.name ?? w.activityId);
    if (known.has(w.executionId) || !task) continue;
    const again = await data
      .selectFrom('flowTask')
      .select('id')
      .where('instanceId', '=', instance.id)
      .where('executionId', '=', w.executionId)
      .executeTakeFirst();
    if (again) continue;
    const assignees = resolveList(task.assignee ? [task.assignee] : [], vars);
    const users = resolveList(task.candidateUsers, vars);
    const groups = resolveList(task.candidateGroups, vars);
    const assignee = assignees.find((a) => /^[1-9]\d{0,18}$/.test(a)) ?? null;
    const taskId = newId();
    await data
      .insertInto('flowTask', {
        id: taskId,
        instanceId: instance.id,
        definitionId: instance.definitionId,
        activityId: w.activityId,
        executionId: w.executionId,
        name: task.name,
        formKey: task.formKey,
        assigneeUserId: assignee,
        candidateGroups: groups.join(','),
        taskStatus: 'open',
        claimTime: null,
        endTime: null,
        dueTime: dueTimeOf(task, vars),
        completedBy: null,
        outcome: '',
        comment: '',
        createUser: actor.userId,
        createDept: actor.deptId,
        createTime: stamp,
        updateUser: actor.userId,
        updateTime: stamp,
        status: 1,
        isDeleted: 0,
      })
      .execute();
    const candidates = [
      ...users.filter((u) => /^[1-9]\d{0,18}$/.test(u)).map((ref) => ({ kind: 'user', ref })),
      ...groups.map((ref) => ({ kind: 'role', ref })),
    ];
    for (const c of candidates)
      await data
        .insertInto('flowTaskCandidate', { id: newId(), taskId, kind: c.kind, ref: c.ref, isDeleted: 0 })
        .execute();
    await data
      .updateTable('flowHistory')
      .set({ taskId, assigneeUserId: assignee })
      .where('instanceId', '=', instance.id)
      .where('executionId', '=', w.executionId)
      .execute();
  }

  // Timers.
  const pending = await data
    .selectFrom('flowTimer')
    .select(['id', 'executionId', 'expireAt'])
    .where('instanceId', '=', instance.id)
    .where('timerStatus', '=', 'pending')
    .execute();
  const waitingTimers = new Set(run.timers.map((t) => t.executionId));
  for (const t of pending) {
    if (waitingTimers.has(t.executionId)) continue;
    await data
      .updateTable('flowTimer')
      .set({ timerStatus: t.expireAt <= stamp ? 'fired' : 'cancelled', updateTime: stamp, lockedUntil: null })
      .where('id', '=', t.id)
      .execute();
  }
  const pendingIds = new Set(pending.map((t) => t.executionId));
  for (const t of run.timers) {
    if (pendingIds.has(t.executionId)) continue;
    const exists = await data
      .selectFrom('flowTimer')
      .select('id')
      .where('instanceId', '=', instance.id)
      .where('executionId', '=', t.executionId)
      .executeTakeFirst();
    if (exists) continue;
    await data
      .insertInto('flowTimer', {
        id: newId(),
        instanceId: instance.id,
        activityId: t.activityId,
        executionId: t.executionId,
        expireAt: ceilSecond(t.expireAt),
        timerStatus: 'pending',
        lockedUntil: null,
        attempts: 0,
        lastError: '',
        createTime: stamp,
        updateTime: stamp,
        isDeleted: 0,
      })
      .execute();
  }

  const currentNames = [...new Set(names)].join(',').slice(0, 500);
  const row = {
    engineState: run.state,
    stateVersion: instance.stateVersion + 1,
    variables: JSON.stringify(vars),
    currentActivityIds: [...new Set(run.waiting.map((w) => w.activityId))].join(',').slice(0, 500),
    currentActivityNames: currentNames,
    updateUser: actor.userId,
    updateTime: stamp,
    ...(run.ended ? { flowStatus: 'completed', endActivityId: run.endActivityId, endTime: stamp } : {}),
  };
  if (!options.isNew) {
    const updated = await data
      .updateTable('flowInstance')
      .set(row)
      .where('id', '=', instance.id)
      .where('stateVersion', '=', instance.stateVersion)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new BizError(FlowMessage.taskTaken);
  } else {
    await data.updateTable('flowInstance').set(row).where('id', '=', instance.id).execute();
  }

  // An approval the agency accepted opens the case it decided on (proposal.ts).
  if (run.ended && run.endActivityId === APPROVED_END && !instance.businessId) {
    await openApprovedCase(trx, {
      instanceId: instance.id,
      tenantId: actor.tenantId,
      actorId: actor.userId,
      actorDeptId: actor.deptId,
      vars,
    });
  }
  if (caseStatus && instance.businessTable === FLOW_PATENT_TABLE && instance.businessId) {
    await data
      .updateTable('patApplication')
      .set({ patentStatus: caseStatus, updateUser: actor.userId, updateTime: stamp })
      .where('id', '=', instance.businessId)
      .execute();
  }
  return { currentNames };
}

/**
 * Runs `work` on one instance inside a transaction holding its row lock. On SQLite the write transaction is the
 * lock (one at a time per database; across processes the state-version check catches the rest).
 */
export async function withInstance<T>(
  handle: DatabaseHandle,
  tenantId: string,
  instanceId: string,
  work: (trx: Trx, instance: NonNullable<InstanceRow>) => Promise<T>,
): Promise<T> {
  return handle.db.transaction().execute(async (trx) => {
    const instance = await loadInstance(trx, handle.kind, tenantId, instanceId, true);
    if (!instance) throw new NotFoundError(FlowMessage.instanceMissing);
    return work(trx, instance);
  });
}

/** Completes a task inside its instance's command: the checks, the engine signal and the projection. */
export async function completeTaskCommand(
  handle: DatabaseHandle,
  actor: Actor & { roleAliases: string[] },
  taskId: string,
  flag: FlowOutcome,
  comment: string,
  extra: Vars,
  expectedInstanceId?: string,
): Promise<{ instanceId: string; ended: boolean; currentNames: string }> {
  const first = await new TenantData(handle.db, actor.tenantId)
    .selectFrom('flowTask')
    .select(['id', 'instanceId'])
    .where('id', '=', taskId)
    .executeTakeFirst();
  if (!first || (expectedInstanceId && expectedInstanceId !== String(first.instanceId)))
    throw new NotFoundError(FlowMessage.taskMissing);
  return withInstance(handle, actor.tenantId, String(first.instanceId), async (trx, instance) => {
    const data = new TenantData(trx, actor.tenantId);
    const task = await data.selectFrom('flowTask').selectAll().where('id', '=', taskId).executeTakeFirst();
    if (!task) throw new NotFoundError(FlowMessage.taskMissing);
    if (task.taskStatus !== 'open') throw new BizError(FlowMessage.taskTaken);
    if (instance.flowStatus === 'suspended') throw new BizError(FlowMessage.instanceSuspended);
    if (instance.flowStatus !== 'running') throw new BizError(FlowMessage.instanceFinished);
    if (task.assigneeUserId === null) throw new BizError(FlowMessage.taskNotClaimed);
    if (String(task.assigneeUserId) !== actor.userId) throw new BizError(FlowMessage.taskNotAssignee);
    const definition = await loadDefinitionAny(trx, actor.tenantId, String(instance.definitionId));
    if (!definition) throw new NotFoundError(FlowMessage.definitionMissing);
    const meta = metaOf(definition);
    const offered = meta.userTasks[task.activityId]?.outcomes ?? ['approve'];
    if (!offered.includes(flag)) throw new BizError(FlowMessage.flagInvalid);
    const stepValues = await applyStepForm(trx, {
      tenantId: actor.tenantId,
      userId: actor.userId,
      formKey: meta.userTasks[task.activityId]?.formKey ?? '',
      flag,
      sent: extra,
      instance: {
        businessTable: instance.businessTable,
        businessId: instance.businessId ? String(instance.businessId) : null,
      },
    });
    const vars: Vars = {
      ...parseVars(instance.variables),
      ...extra,
      ...stepValues,
      outcome: flag,
      pass: flag === 'approve',
    };
    let run: EngineRun;
    try {
      run = await signalTask(instance.engineState, task.executionId, vars);
    } catch (error) {
      if (error instanceof TaskNotWaitingError) throw new BizError(FlowMessage.taskTaken);
      throw error;
    }
    const stamp = now();
    const done = await data
      .updateTable('flowTask')
      .set({
        taskStatus: 'completed',
        completedBy: actor.userId,
        endTime: stamp,
        outcome: flag,
        comment,
        updateUser: actor.userId,
        updateTime: stamp,
      })
      .where('id', '=', task.id)
      .where('taskStatus', '=', 'open')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw new BizError(FlowMessage.taskTaken);
    await data.updateTable('flowTaskCandidate').set({ isDeleted: 1 }).where('taskId', '=', task.id).execute();
    await data
      .updateTable('flowHistory')
      .set({ assigneeUserId: actor.userId, outcome: flag, comment, taskId: task.id })
      .where('instanceId', '=', instance.id)
      .where('executionId', '=', task.executionId)
      .execute();
    const result = await applyRun(
      trx,
      actor,
      {
        ...instance,
        id: String(instance.id),
        definitionId: String(instance.definitionId),
        businessId: instance.businessId ? String(instance.businessId) : null,
      },
      meta,
      run,
      vars,
      { completedTaskId: task.id },
    );
    return { instanceId: String(instance.id), ended: run.ended, currentNames: result.currentNames };
  });
}

/**
 * Fires the due timers of one instance (the poller's command): resuming the engine fires every timer whose time
 * has come; the projection marks them fired and writes what followed.
 */
export async function fireTimersCommand(
  handle: DatabaseHandle,
  tenantId: string,
  instanceId: string,
): Promise<boolean> {
  return withInstance(handle, tenantId, instanceId, async (trx, instance) => {
    const data = new TenantData(trx, tenantId);
    const stamp = now();
    if (instance.flowStatus !== 'running') {
      // Suspended: leave the timers for later; finished or terminated: they will never fire.
      if (instance.flowStatus !== 'suspended')
        await data
          .updateTable('flowTimer')
          .set({ timerStatus: 'cancelled', updateTime: stamp })
          .where('instanceId', '=', instance.id)
          .where('timerStatus', '=', 'pending')
          .execute();
      return false;
    }
    const due = await data
      .selectFrom('flowTimer')
      .select('id')
      .where('instanceId', '=', instance.id)
      .where('timerStatus', '=', 'pending')
      .where('expireAt', '<=', stamp)
      .execute();
    if (due.length === 0) return false;
    const definition = await loadDefinitionAny(trx, tenantId, String(instance.definitionId));
    if (!definition) return false;
    const vars = parseVars(instance.variables);
    const run = await resumeDue(instance.engineState, vars);
    await applyRun(
      trx,
      { tenantId, userId: null, deptId: null },
      {
        ...instance,
        id: String(instance.id),
        definitionId: String(instance.definitionId),
        businessId: instance.businessId ? String(instance.businessId) : null,
      },
      metaOf(definition),
      run,
      vars,
    );
    return true;
  });
}
