import {
  dictKeyOfCategory,
  FLOW_DICT_CODE,
  FLOW_PATENT_TABLE,
  FlowMessage,
  type FlowValidation,
  patentApplicationEntity,
  SERVER_WRITTEN_FIELDS,
} from '@cube/contract';
import type { Transaction } from 'kysely';
import type { DatabaseHandle } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import { isPlatformAdmin, type RequestContext, splitIds } from '../../platform/context.js';
import { parseOrRefuse } from '../../platform/crud/index.js';
import { now } from '../../platform/dates.js';
import { BizError, ForbiddenError, NotFoundError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { TenantData } from '../../platform/tenant-data.js';
import { firstProblem, parseModel } from './bpmn.js';
import { ENGINE_VERSION, startProcess } from './engine.js';
import {
  type Actor,
  applyRun,
  type Executor,
  loadDefinitionAny,
  metaOf,
  parseVars,
  type Vars,
  withInstance,
} from './runtime.js';

type Trx = Transaction<Database>;

/** A model that does not validate: 400 with the first problem as `msg` and every problem in `data.errors`. */
export class FlowModelInvalidError extends BizError {
  constructor(readonly validation: FlowValidation) {
    super(firstProblem(validation) || FlowMessage.bpmnUnreadable);
  }
}

export const actorOf = (ctx: RequestContext): Actor & { roleAliases: string[] } => ({
  tenantId: ctx.tenantId,
  userId: ctx.userId,
  deptId: ctx.deptId || null,
  roleAliases: ctx.roleAliases,
});

/** Checks that the category is a key of the caller's `flow` dictionary. */
async function requireCategory(db: Executor, tenantId: string, category: string): Promise<void> {
  const key = dictKeyOfCategory(category);
  const found = key
    ? await new TenantData(db, tenantId)
        .selectFrom('cubeDictBiz')
        .select('id')
        .where('code', '=', FLOW_DICT_CODE)
        .where('dictKey', '=', key)
        .executeTakeFirst()
    : undefined;
  if (!found) throw new BizError(FlowMessage.categoryInvalid);
}

/**
 * Where a deploy goes: `''` = common. Empty `tenantIds` is common for the platform administrator and the caller's
 * own tenant for anyone else; a tenant administrator may name only their own tenant.
 */
async function deployTargets(db: Executor, ctx: RequestContext, tenantIds: string): Promise<string[]> {
  const ids = [...new Set(splitIds(tenantIds))];
  if (!isPlatformAdmin(ctx)) {
    if (ids.some((id) => id !== ctx.tenantId)) throw new BizError(FlowMessage.tenantForbidden);
    return [ctx.tenantId];
  }
  if (ids.length === 0) return [''];
  const found = await db
    .selectFrom('cubeTenant')
    .select('tenantId')
    .where('tenantId', 'in', ids)
    .where('isDeleted', '=', 0)
    .execute();
  if (found.length !== ids.length) throw new BizError(FlowMessage.tenantInvalid);
  return ids;
}

export interface DeployRequest {
  xml: string;
  /** The model key the process id must equal (deploys from a model); uploads take the process id as it is. */
  expectedKey?: string;
  category: string;
  tenantIds: string;
  modelId: string | null;
  source: 'model' | 'upload' | 'builtin';
  name?: string;
  description?: string;
}

/** Validates and deploys one BPMN document as a new version for each target; answers the definition ids. */
export async function deploy(trx: Trx, ctx: RequestContext, request: DeployRequest): Promise<string[]> {
  const parsed = await parseModel(request.xml, request.expectedKey);
  if (!parsed.meta) throw new FlowModelInvalidError(parsed.validation);
  await requireCategory(trx, ctx.tenantId, request.category);
  const targets = await deployTargets(trx, ctx, request.tenantIds);
  return deployParsed(trx, ctx.userId, ctx.deptId || null, targets, request, parsed.meta);
}

/** Writes the definitions of an already validated document (also used by the seed for the built-ins). */
export async function deployParsed(
  trx: Executor,
  userId: string | null,
  deptId: string | null,
  targets: string[],
  request: DeployRequest,
  meta: NonNullable<Awaited<ReturnType<typeof parseModel>>['meta']>,
): Promise<string[]> {
  const ids: string[] = [];
  const stamp = now();
  for (const tenantId of targets) {
    const top = await trx
      .selectFrom('flowDefinition')
      .select((eb) => eb.fn.max('version').as('version'))
      .where('tenantId', '=', tenantId)
      .where('processKey', '=', meta.processKey)
      .executeTakeFirst();
    const id = newId();
    await trx
      .insertInto('flowDefinition')
      .values({
        id,
        tenantId,
        deploymentId: id,
        modelId: request.modelId,
        processKey: meta.processKey,
        name: (meta.processName || request.name || meta.processKey).slice(0, 100),
        description: (request.description ?? '').slice(0, 500),
        version: Number(top?.version ?? 0) + 1,
        category: request.category,
        bpmnXml: request.xml,
        meta: JSON.stringify(meta),
        suspended: 0,
        source: request.source,
        createUser: userId,
        createDept: deptId,
        createTime: stamp,
        updateUser: userId,
        updateTime: stamp,
        status: 1,
        isDeleted: 0,
      })
      .execute();
    ids.push(id);
  }
  return ids;
}

/** A live definition the caller may manage: their tenant's, or a common one for the platform administrator. */
async function manageableDefinition(db: Executor, ctx: RequestContext, id: string) {
  const definition = await db
    .selectFrom('flowDefinition')
    .selectAll()
    .where('id', '=', id)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!definition) throw new NotFoundError(FlowMessage.definitionMissing);
  if (isPlatformAdmin(ctx)) return definition;
  if (definition.tenantId === '') throw new ForbiddenError(FlowMessage.commonForbidden);
  if (definition.tenantId !== ctx.tenantId) throw new NotFoundError(FlowMessage.definitionMissing);
  return definition;
}

/** Suspends or activates a definition and its running instances (as BladeX/Flowable do). */
export async function changeState(
  handle: DatabaseHandle,
  ctx: RequestContext,
  id: string,
  state: 'active' | 'suspend',
) {
  await handle.db.transaction().execute(async (trx) => {
    const definition = await manageableDefinition(trx, ctx, id);
    const stamp = now();
    await trx
      .updateTable('flowDefinition')
      .set({ suspended: state === 'suspend' ? 1 : 0, updateUser: ctx.userId, updateTime: stamp })
      .where('id', '=', definition.id)
      .execute();
    // Instances of a common definition live in every tenant: the platform administrator's row scope sees them all.
    let q = trx
      .updateTable('flowInstance')
      .set({
        flowStatus: state === 'suspend' ? 'suspended' : 'running',
        updateUser: ctx.userId,
        updateTime: stamp,
      })
      .where('definitionId', '=', definition.id)
      .where('flowStatus', '=', state === 'suspend' ? 'running' : 'suspended')
      .where('isDeleted', '=', 0);
    if (!isPlatformAdmin(ctx)) q = q.where('tenantId', '=', ctx.tenantId);
    await q.execute();
  });
}

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

async function terminateLocked(
  trx: Trx,
  tenantId: string,
  userId: string | null,
  instance: { id: string; stateVersion: number },
  reason: string,
) {
  const data = new TenantData(trx, tenantId);
  const stamp = now();
  const updated = await data
    .updateTable('flowInstance')
    .set({
      flowStatus: 'terminated',
      deleteReason: reason.slice(0, 500),
      endTime: stamp,
      currentActivityIds: '',
      currentActivityNames: '',
      stateVersion: instance.stateVersion + 1,
      updateUser: userId,
      updateTime: stamp,
    })
    .where('id', '=', instance.id)
    .where('stateVersion', '=', instance.stateVersion)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new BizError(FlowMessage.busy);
  const open = await data
    .selectFrom('flowTask')
    .select('id')
    .where('instanceId', '=', instance.id)
    .where('taskStatus', '=', 'open')
    .execute();
  if (open.length > 0) {
    const ids = open.map((t) => t.id);
    await data
      .updateTable('flowTask')
      .set({ taskStatus: 'cancelled', endTime: stamp, updateTime: stamp })
      .where('id', 'in', ids)
      .execute();
    await data.updateTable('flowTaskCandidate').set({ isDeleted: 1 }).where('taskId', 'in', ids).execute();
  }
  await data
    .updateTable('flowHistory')
    .set({ endTime: stamp })
    .where('instanceId', '=', instance.id)
    .where('endTime', 'is', null)
    .execute();
  await data
    .updateTable('flowTimer')
    .set({ timerStatus: 'cancelled', updateTime: stamp })
    .where('instanceId', '=', instance.id)
    .where('timerStatus', '=', 'pending')
    .execute();
  const last = await data
    .selectFrom('flowHistory')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('instanceId', '=', instance.id)
    .executeTakeFirst();
  await data
    .insertInto('flowHistory', {
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
      seq: Number(last?.seq ?? 0) + 1,
      isDeleted: 0,
    })
    .execute();
}

/**
 * Deletes deployments (soft: instances keep reading their definition's XML). Refused while instances run, unless
 * `force`, which terminates them first.
 */
export async function deleteDeployments(
  handle: DatabaseHandle,
  ctx: RequestContext,
  ids: string[],
  force: boolean,
) {
  await handle.db.transaction().execute(async (trx) => {
    for (const id of ids) {
      const definition = await manageableDefinition(trx, ctx, id);
      let running = trx
        .selectFrom('flowInstance')
        .select(['id', 'tenantId', 'stateVersion'])
        .where('definitionId', '=', definition.id)
        .where('flowStatus', 'in', ['running', 'suspended'])
        .where('isDeleted', '=', 0);
      if (!isPlatformAdmin(ctx)) running = running.where('tenantId', '=', ctx.tenantId);
      const live = await running.execute();
      if (live.length > 0 && !force) throw new BizError(FlowMessage.deploymentRunning);
      for (const instance of live)
        await terminateLocked(
          trx,
          instance.tenantId,
          ctx.userId,
          { id: String(instance.id), stateVersion: instance.stateVersion },
          '流程定义已删除',
        );
      await trx
        .updateTable('flowDefinition')
        .set({ isDeleted: 1, updateUser: ctx.userId, updateTime: now() })
        .where('id', '=', definition.id)
        .execute();
    }
  });
}

/** A definition the caller's tenant may start or read: its own or a common one, live. */
export async function visibleDefinition(db: Executor, tenantId: string, id: string) {
  return db
    .selectFrom('flowDefinition')
    .selectAll()
    .where('id', '=', id)
    .where('tenantId', 'in', [tenantId, ''])
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
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
  if (!/^[1-9]\d{0,18}$/.test(id)) throw new BizError(message);
  const found = await new TenantData(db, tenantId)
    .selectFrom('cubeUser')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!found) throw new BizError(message);
}

/** Creates the patent case a start form sent (the case entity's own rules and messages). */
async function createCase(trx: Trx, ctx: RequestContext, body: Record<string, unknown>): Promise<string> {
  const values = { ...body };
  for (const key of [...SERVER_WRITTEN_FIELDS]) delete values[key];
  const input = parseOrRefuse(patentApplicationEntity.input, values);
  const data = new TenantData(trx, ctx.tenantId);
  const messages = patentApplicationEntity.messages;
  if (
    await data
      .selectFrom('patApplication')
      .select('id')
      .where('docketNo', '=', input.docketNo)
      .executeTakeFirst()
  )
    throw new BizError(messages.docketExists);
  if (input.companyId) {
    const company = await data
      .selectFrom('cubeAgentCompany')
      .select('id')
      .where('id', '=', input.companyId)
      .executeTakeFirst();
    if (!company) throw new BizError(messages.companyInvalid);
  }
  if (input.agentUserId) await requireTenantUser(trx, ctx.tenantId, input.agentUserId, messages.agentInvalid);
  const id = newId();
  const stamp = now();
  await data
    .insertInto('patApplication', {
      ...input,
      id,
      createUser: ctx.userId,
      createDept: ctx.deptId || null,
      createTime: stamp,
      updateUser: ctx.userId,
      updateTime: stamp,
      status: 1,
      isDeleted: 0,
    })
    .execute();
  return id;
}

/**
 * Starts an instance (the business controller of research §4.3): the definition the tenant may start, an optional
 * patent case (existing or created in the same transaction; business key `pat_application:<id>`), the variables
 * (`starterId`, `agentId` defaulting to the case's agent), the engine's first run and its projection.
 */
export async function start(handle: DatabaseHandle, ctx: RequestContext, request: StartRequest) {
  return handle.db.transaction().execute(async (trx) => {
    const definition = await visibleDefinition(trx, ctx.tenantId, request.processDefinitionId);
    if (!definition) throw new NotFoundError(FlowMessage.definitionMissing);
    if (definition.suspended) throw new BizError(FlowMessage.definitionSuspended);
    const meta = metaOf(definition);
    const data = new TenantData(trx, ctx.tenantId);

    let businessId: string | null = null;
    let title = request.title ?? '';
    const vars: Vars = { ...(request.variables ?? {}) };
    if (request.application) businessId = await createCase(trx, ctx, request.application);
    else if (request.applicationId) businessId = request.applicationId;
    if (businessId) {
      const found = await data
        .selectFrom('patApplication')
        .select(['id', 'docketNo', 'title', 'agentUserId', 'patentType'])
        .where('id', '=', businessId)
        .executeTakeFirst();
      if (!found) throw new BizError(FlowMessage.businessMissing);
      title ||= `${found.docketNo} ${found.title}`;
      if (!vars.agentId && found.agentUserId) vars.agentId = String(found.agentUserId);
      vars.patentType = found.patentType;
      vars.applicationId = String(found.id);
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

    const run = await startProcess(definition.bpmnXml, vars);
    const id = newId();
    const stamp = now();
    const businessTable = businessId ? FLOW_PATENT_TABLE : '';
    await data
      .insertInto('flowInstance', {
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
        createUser: ctx.userId,
        createDept: ctx.deptId || null,
        createTime: stamp,
        updateUser: ctx.userId,
        updateTime: stamp,
        status: 1,
        isDeleted: 0,
      })
      .execute();
    const actor = actorOf(ctx);
    const { currentNames } = await applyRun(
      trx,
      actor,
      { id, definitionId: String(definition.id), stateVersion: 1, businessTable, businessId },
      meta,
      run,
      vars,
      { isNew: true },
    );
    if (request.comment)
      await data
        .updateTable('flowHistory')
        .set({ comment: request.comment.slice(0, 1000) })
        .where('instanceId', '=', id)
        .where('activityType', '=', 'bpmn:StartEvent')
        .execute();
    return {
      processInstanceId: id,
      businessTable,
      businessId: businessId ?? '',
      currentActivityNames: currentNames,
    };
  });
}

/** Whether the caller is a candidate of an open task (a candidate user, or holds a candidate role alias). */
export async function isCandidate(db: Executor, ctx: RequestContext, taskId: string): Promise<boolean> {
  const refs = await new TenantData(db, ctx.tenantId)
    .selectFrom('flowTaskCandidate')
    .select(['kind', 'ref'])
    .where('taskId', '=', taskId)
    .execute();
  return refs.some(
    (r) =>
      (r.kind === 'user' && r.ref === ctx.userId) || (r.kind === 'role' && ctx.roleAliases.includes(r.ref)),
  );
}

/** Claims a group task: one conditional update, so of two claimers exactly one gets it. */
export async function claim(handle: DatabaseHandle, ctx: RequestContext, taskId: string) {
  await handle.db.transaction().execute(async (trx) => {
    const data = new TenantData(trx, ctx.tenantId);
    const task = await data
      .selectFrom('flowTask')
      .select(['id', 'taskStatus', 'assigneeUserId', 'instanceId'])
      .where('id', '=', taskId)
      .executeTakeFirst();
    if (!task) throw new NotFoundError(FlowMessage.taskMissing);
    if (task.taskStatus !== 'open') throw new BizError(FlowMessage.taskTaken);
    if (task.assigneeUserId !== null) {
      if (String(task.assigneeUserId) === ctx.userId) return;
      throw new BizError(FlowMessage.taskClaimed);
    }
    if (!(await isCandidate(trx, ctx, task.id))) throw new BizError(FlowMessage.taskNotCandidate);
    const stamp = now();
    const updated = await data
      .updateTable('flowTask')
      .set({ assigneeUserId: ctx.userId, claimTime: stamp, updateUser: ctx.userId, updateTime: stamp })
      .where('id', '=', task.id)
      .where('taskStatus', '=', 'open')
      .where('assigneeUserId', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new BizError(FlowMessage.taskClaimed);
  });
}

/** Gives a claimed group task back to its candidates. */
export async function unclaim(handle: DatabaseHandle, ctx: RequestContext, taskId: string) {
  await handle.db.transaction().execute(async (trx) => {
    const data = new TenantData(trx, ctx.tenantId);
    const task = await data
      .selectFrom('flowTask')
      .select(['id', 'taskStatus', 'assigneeUserId'])
      .where('id', '=', taskId)
      .executeTakeFirst();
    if (!task) throw new NotFoundError(FlowMessage.taskMissing);
    if (task.taskStatus !== 'open') throw new BizError(FlowMessage.taskTaken);
    if (String(task.assigneeUserId ?? '') !== ctx.userId) throw new BizError(FlowMessage.taskNotAssignee);
    const hasCandidates = await data
      .selectFrom('flowTaskCandidate')
      .select('id')
      .where('taskId', '=', task.id)
      .executeTakeFirst();
    if (!hasCandidates) throw new BizError(FlowMessage.flagInvalid);
    await data
      .updateTable('flowTask')
      .set({ assigneeUserId: null, claimTime: null, updateUser: ctx.userId, updateTime: now() })
      .where('id', '=', task.id)
      .where('assigneeUserId', '=', ctx.userId)
      .execute();
  });
}

export { loadDefinitionAny, parseVars };
