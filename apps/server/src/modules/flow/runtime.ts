import { FlowMessage, type FlowOutcome } from '@cube/contract';
import type { DatabaseHandle } from '../../db/connection.js';
import type { RequestContext } from '../../platform/context.js';
import { formatDateTime, now, parseDateTime } from '../../platform/dates.js';
import { BizError, NotFoundError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { announceCompleted, announceNewTask } from './announce.js';
import { allBindings, bindingOf } from './binding.js';
import type { DefinitionMeta, UserTaskMeta } from './bpmn.js';
import {
  EngineFailedError,
  type EngineRun,
  ModelRefusedError,
  resumeDue,
  signalTask,
  TaskNotWaitingError,
} from './engine.js';
import { resolveTemplate } from './expression.js';
import { addDuration, LimitMessage, timerProblem } from './limits.js';
import { tenantDefinitionAny } from './queries/definitions.queries.js';
import { authorOf, ROW_ID, type Trx } from './queries/executor.js';
import {
  endHistory,
  endOpenHistory,
  historyOfExecutionExists,
  insertHistory,
  lastSeq,
  noteOnExecution,
  openHistoryOf,
} from './queries/history.queries.js';
import { instanceOf, instanceRow, linkInstanceBusiness, saveInstance } from './queries/instances.queries.js';
import {
  cancelTasks,
  completeTask,
  dropCandidates,
  insertCandidate,
  insertTask,
  openTasksOf,
  taskOf,
  taskOfExecutionExists,
} from './queries/tasks.queries.js';
import {
  cancelPendingTimers,
  dueTimersOf,
  endTimer,
  insertTimer,
  pendingTimersOf,
  timerOfExecutionExists,
} from './queries/timers.queries.js';
import { applyStepForm } from './step-forms.js';

/**
 * Instance commands: each is one transaction that locks the instance row (FOR UPDATE on
 * PostgreSQL; SQLite runs one write transaction at a time), runs the engine, projects what it did into the task,
 * candidate, history and timer tables, and saves the state only if `state_version` is still the one read — so
 * two people completing the same task at once leave exactly one completion, and the other is told
 * 任务已被他人处理. Projections are idempotent: tasks and timers are keyed by the engine's execution ids, which a
 * resumed engine repeats.
 */

export type InstanceRow = Awaited<ReturnType<typeof instanceRow>>;

export interface Actor {
  tenantId: string;
  userId: string | null;
  deptId: string | null;
}

/** The actor of a signed-in caller's command, with the role aliases that make them a task candidate. */
export const actorOf = (ctx: RequestContext): Actor & { roleAliases: string[] } => ({
  tenantId: ctx.tenantId,
  userId: ctx.userId,
  deptId: ctx.deptId || null,
  roleAliases: ctx.roleAliases,
});

/** The four-eyes refusal: the step requires an approver other than the one who started the instance. */
export const FOUR_EYES_MESSAGE = '发起人不能审批自己发起的流程';

/** Variables only the server sets (who started the instance, the outcome of a step); a request cannot send them. */
const SERVER_VARIABLES = ['starterId', 'initiator', 'outcome', 'pass'];

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

/**
 * Due time for the task's row: `camunda:dueDate` (or the value its `${…}` gives) as an ISO date, or an ISO duration
 * from now; a value outside the timer bounds, or none, leaves the task without a due time.
 */
function dueTimeOf(task: UserTaskMeta, vars: Vars): string | null {
  if (!task.dueDate) return null;
  let value: unknown;
  try {
    value = resolveTemplate(task.dueDate, vars);
  } catch {
    return null;
  }
  if (typeof value !== 'string' || !value) return null;
  const text = value.trim();
  if (!timerProblem('timeDuration', text)) return formatDateTime(addDuration(new Date(), text) as Date);
  if (timerProblem('timeDate', text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : formatDateTime(date);
}

/**
 * Runs an engine command, answering a model's refusal (a timer out of bounds) with its Chinese reason and any
 * other engine failure with a plain message instead of an internal error; the caller's transaction rolls back,
 * so nothing is half-written.
 */
export async function engineCommand<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ModelRefusedError) throw new BizError(error.message);
    if (error instanceof EngineFailedError) throw new BizError(LimitMessage.engineFailed);
    throw error;
  }
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

/** Offers an instance that ended without a business object to the bindings; the first to open one is linked. */
async function openOnEnd(trx: Trx, actor: Actor, instanceId: string, endActivityId: string, vars: Vars) {
  const row = await instanceOf(trx, actor.tenantId, instanceId);
  if (!row || row.businessId) return;
  for (const binding of allBindings()) {
    if (!binding.onEndWithoutBusiness) continue;
    const id = await binding.onEndWithoutBusiness(trx, {
      actor,
      instanceId,
      title: row.title,
      endActivityId,
      vars,
    });
    if (id) {
      await linkInstanceBusiness(trx, actor.tenantId, instanceId, binding.table, id);
      return;
    }
  }
}

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
  const tenantId = actor.tenantId;
  const author = authorOf(actor.userId, actor.deptId);
  const stamp = now();
  let seq = await lastSeq(trx, tenantId, instance.id);
  // Steps started and ends reached, in order, for the business binding (a case's status follows them).
  const reached: Array<{ activityId: string; kind: 'activity' | 'end'; at: string }> = [];
  const entry = (
    event: { elementId: string; type: string; executionId: string },
    fields: { name: string; startTime: string; endTime: string | null; durationMs: number | null },
  ) => ({
    id: newId(),
    instanceId: instance.id,
    activityId: event.elementId,
    activityType: event.type,
    executionId: event.executionId,
    taskId: null,
    assigneeUserId: null,
    outcome: '',
    comment: '',
    seq: ++seq,
    ...fields,
  });

  for (const raw of run.events) {
    // The element's own type (a timer boundary event ends as its `TimerEventDefinition`).
    const event = { ...raw, type: meta.elements[raw.elementId]?.type ?? raw.type };
    const at = formatDateTime(event.at);
    const name = meta.elements[event.elementId]?.name ?? '';
    if (event.kind === 'flow') {
      await insertHistory(
        trx,
        tenantId,
        entry({ ...event, executionId: '' }, { name: '', startTime: at, endTime: at, durationMs: 0 }),
      );
      continue;
    }
    // A boundary event shows in the timeline only when it fires (its start is just the timer being armed).
    if (event.kind === 'start' && event.type === 'bpmn:BoundaryEvent') continue;
    if (event.kind === 'start') {
      if (await historyOfExecutionExists(trx, tenantId, instance.id, event.executionId)) continue;
      await insertHistory(trx, tenantId, {
        ...entry(event, { name, startTime: at, endTime: null, durationMs: null }),
        assigneeUserId: event.type === 'bpmn:StartEvent' ? actor.userId : null,
      });
      reached.push({ activityId: event.elementId, kind: 'activity', at });
      continue;
    }
    const open = await openHistoryOf(trx, tenantId, instance.id, event.executionId);
    if (open) {
      await endHistory(
        trx,
        tenantId,
        open.id,
        at,
        Math.max(0, event.at.getTime() - parseDateTime(open.startTime).getTime()),
      );
    } else if (event.type === 'bpmn:BoundaryEvent') {
      await insertHistory(trx, tenantId, entry(event, { name, startTime: at, endTime: at, durationMs: 0 }));
    }
    if (event.type === 'bpmn:EndEvent') reached.push({ activityId: event.elementId, kind: 'end', at });
  }

  // Tasks: new waits become rows; rows no longer waiting end (completed by the caller, or cancelled).
  const openTasks = await openTasksOf(trx, tenantId, instance.id);
  const waitingIds = new Set(run.waiting.map((w) => w.executionId));
  for (const t of openTasks) {
    if (waitingIds.has(t.executionId) || t.id === options.completedTaskId) continue;
    await cancelTasks(trx, tenantId, [t.id], stamp);
    await dropCandidates(trx, tenantId, [t.id]);
    // Interrupted (e.g. by a timer): the engine reports no end, so the timeline closes it here.
    await endOpenHistory(trx, tenantId, instance.id, stamp, t.executionId);
  }
  const known = new Set(openTasks.map((t) => t.executionId));
  const names: string[] = [];
  for (const w of run.waiting) {
    const task = meta.userTasks[w.activityId];
    names.push(task?.name ?? w.activityId);
    if (known.has(w.executionId) || !task) continue;
    if (await taskOfExecutionExists(trx, tenantId, instance.id, w.executionId)) continue;
    const assignees = resolveList(task.assignee ? [task.assignee] : [], vars);
    const users = resolveList(task.candidateUsers, vars);
    const groups = resolveList(task.candidateGroups, vars);
    const assignee = assignees.find((a) => ROW_ID.test(a)) ?? null;
    const taskId = newId();
    await insertTask(
      trx,
      tenantId,
      {
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
      },
      author,
      actor.deptId,
      stamp,
    );
    const candidates = [
      ...users.filter((u) => ROW_ID.test(u)).map((ref) => ({ kind: 'user', ref })),
      ...groups.map((ref) => ({ kind: 'role', ref })),
    ];
    for (const c of candidates) await insertCandidate(trx, tenantId, { id: newId(), taskId, ...c });
    await announceNewTask(
      trx,
      tenantId,
      instance.id,
      {
        taskId,
        name: task.name,
        assignee,
        candidateUsers: users.filter((u) => ROW_ID.test(u)),
        candidateGroups: groups,
      },
      { returned: Boolean(options.completedTaskId) && vars.outcome === 'return', actorId: actor.userId },
    );
    await noteOnExecution(trx, tenantId, instance.id, w.executionId, { taskId, assigneeUserId: assignee });
  }

  // Timers: pending rows no longer waited on end (fired when due, else cancelled); new waits are armed.
  const pending = await pendingTimersOf(trx, tenantId, instance.id);
  const waitingTimers = new Set(run.timers.map((t) => t.executionId));
  for (const t of pending) {
    if (waitingTimers.has(t.executionId)) continue;
    await endTimer(trx, tenantId, t.id, t.expireAt <= stamp ? 'fired' : 'cancelled', stamp);
  }
  const pendingIds = new Set(pending.map((t) => t.executionId));
  for (const t of run.timers) {
    if (pendingIds.has(t.executionId)) continue;
    if (await timerOfExecutionExists(trx, tenantId, instance.id, t.executionId)) continue;
    await insertTimer(
      trx,
      tenantId,
      {
        id: newId(),
        instanceId: instance.id,
        activityId: t.activityId,
        executionId: t.executionId,
        expireAt: ceilSecond(t.expireAt),
      },
      stamp,
    );
  }

  const currentNames = [...new Set(names)].join(',').slice(0, 500);
  const row = {
    engineState: run.state,
    stateVersion: instance.stateVersion + 1,
    variables: JSON.stringify(vars),
    currentActivityIds: [...new Set(run.waiting.map((w) => w.activityId))].join(',').slice(0, 500),
    currentActivityNames: currentNames,
    ...(run.ended ? { flowStatus: 'completed', endActivityId: run.endActivityId, endTime: stamp } : {}),
  };
  if (!options.isNew) {
    const saved = await saveInstance(trx, tenantId, instance.id, row, author, stamp, instance.stateVersion);
    if (!saved) throw new BizError(FlowMessage.taskTaken);
  } else {
    await saveInstance(trx, tenantId, instance.id, row, author, stamp);
  }

  // The business follows: the binding of the instance's object hears of every step started and end reached.
  const binding = bindingOf(instance.businessTable);
  if (binding?.onActivity && instance.businessId)
    for (const r of reached)
      await binding.onActivity(trx, {
        actor,
        instanceId: instance.id,
        businessId: instance.businessId,
        ...r,
      });
  // A process that ended on no object yet may open one (an accepted proposal opens its case); it is linked here.
  if (run.ended && !instance.businessId) await openOnEnd(trx, actor, instance.id, run.endActivityId, vars);
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
    const instance = await instanceRow(trx, handle.kind, tenantId, instanceId, true);
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
  const first = await taskOf(handle.db, actor.tenantId, taskId);
  if (!first || (expectedInstanceId && expectedInstanceId !== String(first.instanceId)))
    throw new NotFoundError(FlowMessage.taskMissing);
  return withInstance(handle, actor.tenantId, String(first.instanceId), async (trx, instance) => {
    const task = await taskOf(trx, actor.tenantId, taskId);
    if (!task) throw new NotFoundError(FlowMessage.taskMissing);
    if (task.taskStatus !== 'open') throw new BizError(FlowMessage.taskTaken);
    if (instance.flowStatus === 'suspended') throw new BizError(FlowMessage.instanceSuspended);
    if (instance.flowStatus !== 'running') throw new BizError(FlowMessage.instanceFinished);
    if (task.assigneeUserId === null) throw new BizError(FlowMessage.taskNotClaimed);
    if (String(task.assigneeUserId) !== actor.userId) throw new BizError(FlowMessage.taskNotAssignee);
    const definition = await tenantDefinitionAny(trx, actor.tenantId, String(instance.definitionId));
    if (!definition) throw new NotFoundError(FlowMessage.definitionMissing);
    const meta = metaOf(definition);
    const offered = meta.userTasks[task.activityId]?.outcomes ?? ['approve'];
    if (!offered.includes(flag)) throw new BizError(FlowMessage.flagInvalid);
    // Four eyes: on a step that requires it, the one who started the instance may not decide it.
    if (meta.userTasks[task.activityId]?.fourEyes && String(instance.createUser ?? '') === actor.userId)
      throw new BizError(FOUR_EYES_MESSAGE);
    const sent: Vars = { ...extra };
    for (const name of SERVER_VARIABLES) delete sent[name];
    const stepValues = await applyStepForm(trx, {
      actor,
      formKey: meta.userTasks[task.activityId]?.formKey ?? '',
      flag,
      sent,
      instance: {
        businessTable: instance.businessTable,
        businessId: instance.businessId ? String(instance.businessId) : null,
      },
    });
    const vars: Vars = {
      ...parseVars(instance.variables),
      ...sent,
      ...stepValues,
      outcome: flag,
      pass: flag === 'approve',
    };
    let run: EngineRun;
    try {
      run = await engineCommand(() => signalTask(instance.engineState, task.executionId, vars));
    } catch (error) {
      if (error instanceof TaskNotWaitingError) throw new BizError(FlowMessage.taskTaken);
      throw error;
    }
    const author = authorOf(actor.userId, actor.deptId);
    const done = await completeTask(trx, actor.tenantId, task.id, { outcome: flag, comment }, author, now());
    if (!done) throw new BizError(FlowMessage.taskTaken);
    await dropCandidates(trx, actor.tenantId, [task.id]);
    await noteOnExecution(trx, actor.tenantId, instance.id, task.executionId, {
      assigneeUserId: actor.userId,
      outcome: flag,
      comment,
      taskId: task.id,
    });
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
    await announceCompleted(
      trx,
      actor.tenantId,
      { title: instance.title, createUser: instance.createUser ? String(instance.createUser) : null },
      { taskId: task.id, name: task.name, outcome: flag, actorId: actor.userId },
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
    const stamp = now();
    if (instance.flowStatus !== 'running') {
      // Suspended: leave the timers for later; finished or terminated: they will never fire.
      if (instance.flowStatus !== 'suspended') await cancelPendingTimers(trx, tenantId, instance.id, stamp);
      return false;
    }
    const due = await dueTimersOf(trx, tenantId, instance.id, stamp);
    if (due.length === 0) return false;
    const definition = await tenantDefinitionAny(trx, tenantId, String(instance.definitionId));
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
