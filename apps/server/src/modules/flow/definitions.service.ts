import { dictKeyOfCategory, FlowMessage, type FlowValidation } from '@cube/contract';
import { isPlatformAdmin, type RequestContext, splitIds } from '../../platform/context.js';
import { now } from '../../platform/dates.js';
import { BizError, ForbiddenError, NotFoundError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { TenantDatabases } from '../../platform/tenant-databases.js';
import { firstProblem, parseModel } from './bpmn.js';
import { terminateLocked } from './instances.service.js';
import {
  insertDefinition,
  liveDefinition,
  setDefinitionSuspended,
  softDeleteDefinition,
  topVersion,
} from './queries/definitions.queries.js';
import { authorOf, type Executor, type Trx } from './queries/executor.js';
import { activeInstancesOf, moveInstancesOf } from './queries/instances.queries.js';
import { categoryKeyExists, liveTenantIds } from './queries/people.queries.js';

/** Deploying process definitions and managing them (流程管理): suspend, activate, delete. */

/** A model that does not validate: 400 with the first problem as `msg` and every problem in `data.errors`. */
export class FlowModelInvalidError extends BizError {
  constructor(readonly validation: FlowValidation) {
    super(firstProblem(validation) || FlowMessage.bpmnUnreadable);
  }
}

/** Checks that the category is a key of the caller's `flow` dictionary. */
async function requireCategory(db: Executor, tenantId: string, category: string): Promise<void> {
  const key = dictKeyOfCategory(category);
  if (!key || !(await categoryKeyExists(db, tenantId, key))) throw new BizError(FlowMessage.categoryInvalid);
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
  if ((await liveTenantIds(db, ids)).length !== ids.length) throw new BizError(FlowMessage.tenantInvalid);
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
    const version = (await topVersion(trx, tenantId, meta.processKey)) + 1;
    const id = newId();
    await insertDefinition(
      trx,
      {
        id,
        tenantId,
        deploymentId: id,
        modelId: request.modelId,
        processKey: meta.processKey,
        name: (meta.processName || request.name || meta.processKey).slice(0, 100),
        description: (request.description ?? '').slice(0, 500),
        version,
        category: request.category,
        bpmnXml: request.xml,
        meta: JSON.stringify(meta),
        suspended: 0,
        source: request.source,
      },
      authorOf(userId, deptId),
      deptId,
      stamp,
    );
    ids.push(id);
  }
  return ids;
}

/** A live definition the caller may manage: their tenant's, or a common one for the platform administrator. */
async function manageableDefinition(db: Executor, ctx: RequestContext, id: string) {
  const definition = await liveDefinition(db, id);
  if (!definition) throw new NotFoundError(FlowMessage.definitionMissing);
  if (isPlatformAdmin(ctx)) return definition;
  if (definition.tenantId === '') throw new ForbiddenError(FlowMessage.commonForbidden);
  if (definition.tenantId !== ctx.tenantId) throw new NotFoundError(FlowMessage.definitionMissing);
  return definition;
}

/**
 * Runs `work` in each bound tenant's database, in a transaction there, for the platform administrator's commands
 * on a definition whose instances may live in any tenant (a common one serves them all). One after the other; a
 * database that fails fails the command before the definition on the master is touched — the instances already
 * changed stay changed, and the command can be given again (it picks up what is left). Anyone else's command
 * runs in their own database only, the one their command's transaction opens.
 */
async function inEachBoundDatabase(
  datasources: TenantDatabases,
  work: (trx: Trx, tenantId: string) => Promise<void>,
): Promise<void> {
  for (const tenantId of await datasources.boundTenants())
    await datasources.withTenantDatabase(tenantId, () =>
      datasources.routed.db.transaction().execute((trx) => work(trx, tenantId)),
    );
}

/** Suspends or activates a definition and its running instances (as BladeX/Flowable do). */
export async function changeState(
  datasources: TenantDatabases,
  ctx: RequestContext,
  id: string,
  state: 'active' | 'suspend',
) {
  const handle = datasources.routed;
  const stamp = now();
  const suspend = state === 'suspend';
  const from = suspend ? 'running' : 'suspended';
  const to = suspend ? 'suspended' : 'running';
  // Instances of a common definition live in every tenant, some in their tenant's own database: those first,
  // refused before any is touched when the definition may not be managed.
  if (isPlatformAdmin(ctx)) {
    const { id: definitionId } = await manageableDefinition(handle.db, ctx, id);
    await inEachBoundDatabase(datasources, (trx, tenantId) =>
      moveInstancesOf(trx, definitionId, from, to, tenantId, ctx, stamp),
    );
  }
  await handle.db.transaction().execute(async (trx) => {
    const definition = await manageableDefinition(trx, ctx, id);
    // The caller's own tenant's instances; the platform administrator's row scope sees every tenant's on the master.
    await moveInstancesOf(
      trx,
      definition.id,
      from,
      to,
      isPlatformAdmin(ctx) ? null : ctx.tenantId,
      ctx,
      stamp,
    );
    // The definition is on the master (written there at once for a tenant with its own database): last, so a
    // failure before it leaves the definition as it was.
    await setDefinitionSuspended(trx, definition.id, suspend, ctx, stamp);
  });
}

/**
 * Deletes deployments (soft: instances keep reading their definition's XML). Refused while instances run, unless
 * `force`, which terminates them first.
 */
export async function deleteDeployments(
  datasources: TenantDatabases,
  ctx: RequestContext,
  ids: string[],
  force: boolean,
) {
  const handle = datasources.routed;
  const terminateActive = async (trx: Trx, definitionId: string, tenantId: string | null) => {
    const active = await activeInstancesOf(trx, definitionId, tenantId);
    if (active.length > 0 && !force) throw new BizError(FlowMessage.deploymentRunning);
    for (const instance of active)
      await terminateLocked(
        trx,
        instance.tenantId,
        ctx.userId,
        { id: String(instance.id), stateVersion: instance.stateVersion },
        '流程定义已删除',
      );
  };
  // The instances in bound tenants' databases first (each database must answer: a running instance anywhere
  // refuses a delete without `force`), after every definition has been found manageable.
  if (isPlatformAdmin(ctx)) {
    const definitionIds: string[] = [];
    for (const id of ids) definitionIds.push(String((await manageableDefinition(handle.db, ctx, id)).id));
    await inEachBoundDatabase(datasources, async (trx, tenantId) => {
      for (const definitionId of definitionIds) await terminateActive(trx, definitionId, tenantId);
    });
  }
  await handle.db.transaction().execute(async (trx) => {
    for (const id of ids) {
      const definition = await manageableDefinition(trx, ctx, id);
      await terminateActive(trx, definition.id, isPlatformAdmin(ctx) ? null : ctx.tenantId);
      await softDeleteDefinition(trx, definition.id, ctx);
    }
  });
}
