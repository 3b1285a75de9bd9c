import { FlowMessage } from '@cube/contract';
import type { DatabaseHandle } from '../../db/connection.js';
import type { RequestContext } from '../../platform/context.js';
import { now } from '../../platform/dates.js';
import { BizError, NotFoundError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { allBindings, type StartBusiness } from './binding.js';
import { ENGINE_VERSION, startProcess } from './engine.js';
import { visibleDefinition } from './queries/definitions.queries.js';
import { authorOf, type Executor, ROW_ID, type Trx } from './queries/executor.js';
import { commentStart, endOpenHistory, insertHistory, lastSeq } from './queries/history.queries.js';
import { insertInstance, saveInstance } from './queries/instances.queries.js';
import { tenantUserExists } from './queries/people.queries.js';
import { cancelTasks, dropCandidates, openTasksOf } from './queries/tasks.queries.js';
import { cancelPendingTimers } from './queries/timers.queries.js';
import { actorOf, applyRun, engineCommand, metaOf, type Vars, withInstance } from './runtime.js';

/** Starting an instance (with the business object it runs on) and terminating one. */

/** Terminates one instance (its tenant's row, locked): open tasks cancelled, timers dropped, a history entry. */
export async function terminate(
  handle: DatabaseHandle,
  ctx: RequestContext,
  tenantId: string,
  instanceId: string,
  reason: string,
) {
  await withInstance(handle, tenantId, instanceId, async (trx, instance) => {
    if (instance.flowStatus !== 'running' && instance.flowStatus !== 'suspended')
      throw new BizError(FlowMessage.instanceFinished);
    await terminateLocked(trx, tenantId, ctx.userId, instance, reason);
  });
}

/** Terminates an instance whose row the caller's transaction holds (also used when its definition is deleted). */
export async function terminateLocked(
  trx: Trx,
  tenantId: string,
  userId: string | null,
  instance: { id: string; stateVersion: number },
  reason: string,
) {
  const stamp = now();
  const saved = await saveInstance(
    trx,
    tenantId,
    instance.id,
    {
      flowStatus: 'terminated',
      deleteReason: reason.slice(0, 500),
      endTime: stamp,
      currentActivityIds: '',
      currentActivityNames: '',
      stateVersion: instance.stateVersion + 1,
    },
    authorOf(userId),
    stamp,
    instance.stateVersion,
  );
  if (!saved) throw new BizError(FlowMessage.busy);
  const open = await openTasksOf(trx, tenantId, instance.id);
  if (open.length > 0) {
    const ids = open.map((t) => t.id);
    await cancelTasks(trx, tenantId, ids, stamp);
    await dropCandidates(trx, tenantId, ids);
  }
  await endOpenHistory(trx, tenantId, instance.id, stamp);
  await cancelPendingTimers(trx, tenantId, instance.id, stamp);
  const seq = (await lastSeq(trx, tenantId, instance.id)) + 1;
  await insertHistory(trx, tenantId, {
    id: newId(),
    instanceId: instance.id,
    activityId: 'terminate',
    activityType: 'terminate',
    name: '终止流程',
    executionId: `terminate_${instance.id}`,
    taskId: null,
    assigneeUserId: userId,
    startTime: stamp,
    endTime: stamp,
    durationMs: 0,
    outcome: '',
    comment: reason.slice(0, 1000),
    seq,
  });
}

export interface StartRequest {
  processDefinitionId: string;
  title?: string;
  applicationId?: string;
  application?: Record<string, unknown>;
  variables?: Vars;
  comment?: string;
}

async function requireTenantUser(db: Executor, tenantId: string, id: string, message: string): Promise<void> {
  if (!ROW_ID.test(id) || !(await tenantUserExists(db, tenantId, id))) throw new BizError(message);
}

/**
 * The business object a start request names, through the bindings: the first binding that answers for it creates
 * or checks it (the business's own create path and messages).
 */
async function startBusiness(trx: Trx, ctx: RequestContext, business: StartBusiness) {
  if (!business.existingId && !business.create) return undefined;
  for (const binding of allBindings()) {
    const started = await binding.onStart?.(trx, ctx, business);
    if (started) return { binding, started };
  }
  throw new BizError(FlowMessage.businessMissing);
}

/**
 * Starts an instance: the definition the tenant may start, an optional business object (existing or created in
 * the same transaction by its binding; business key `<table>:<id>`), the variables (`starterId`, and what the
 * binding answers, e.g. `agentId` defaulting to the case's agent), the engine's first run and its projection.
 */
export async function start(handle: DatabaseHandle, ctx: RequestContext, request: StartRequest) {
  return handle.db.transaction().execute(async (trx) => {
    const definition = await visibleDefinition(trx, ctx.tenantId, request.processDefinitionId);
    if (!definition) throw new NotFoundError(FlowMessage.definitionMissing);
    if (definition.suspended) throw new BizError(FlowMessage.definitionSuspended);
    const meta = metaOf(definition);

    let title = request.title ?? '';
    const vars: Vars = { ...(request.variables ?? {}) };
    const business = await startBusiness(trx, ctx, {
      ...(request.applicationId ? { existingId: request.applicationId } : {}),
      ...(request.application ? { create: request.application } : {}),
    });
    const businessId = business?.started.businessId ?? null;
    if (business) {
      title ||= business.started.title;
      for (const [name, value] of Object.entries(business.started.defaults ?? {}))
        if (vars[name] === undefined || vars[name] === null || vars[name] === '') vars[name] = value;
      Object.assign(vars, business.started.variables);
    }
    title ||= definition.name;
    vars.starterId = ctx.userId;
    vars.initiator = ctx.userId;
    for (const name of meta.assignmentVariables) {
      const value = vars[name];
      if (value === undefined || value === null || value === '')
        throw new BizError(
          name === 'agentId' ? FlowMessage.agentRequired : `${FlowMessage.variableInvalid}：${name}`,
        );
      if (/Id$/.test(name))
        await requireTenantUser(trx, ctx.tenantId, String(value), FlowMessage.userInvalid);
    }

    const run = await engineCommand(() => startProcess(definition.bpmnXml, vars));
    const id = newId();
    const businessTable = business ? business.binding.table : '';
    await insertInstance(
      trx,
      ctx.tenantId,
      {
        id,
        definitionId: definition.id,
        processKey: definition.processKey,
        category: definition.category,
        businessTable,
        businessId,
        title: title.slice(0, 200),
        flowStatus: 'running',
        endActivityId: '',
        deleteReason: '',
        engineState: run.state,
        engineVersion: ENGINE_VERSION,
        stateVersion: 1,
        variables: JSON.stringify(vars),
        currentActivityIds: '',
        currentActivityNames: '',
        endTime: null,
      },
      ctx,
      now(),
    );
    const { currentNames } = await applyRun(
      trx,
      actorOf(ctx),
      { id, definitionId: String(definition.id), stateVersion: 1, businessTable, businessId },
      meta,
      run,
      vars,
      { isNew: true },
    );
    if (request.comment) await commentStart(trx, ctx.tenantId, id, request.comment.slice(0, 1000));
    return {
      processInstanceId: id,
      businessTable,
      businessId: businessId ?? '',
      currentActivityNames: currentNames,
    };
  });
}
