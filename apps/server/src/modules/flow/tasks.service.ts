import { FlowMessage } from '@cube/contract';
import type { DatabaseHandle } from '../../db/connection.js';
import type { RequestContext } from '../../platform/context.js';
import { now } from '../../platform/dates.js';
import { BizError, NotFoundError } from '../../platform/errors.js';
import type { Executor } from './queries/executor.js';
import { candidatesOf, releaseTask, takeTask, taskOf } from './queries/tasks.queries.js';

/** Claiming a group task and giving it back (completing one is an instance command: runtime.ts). */

/** Whether the caller is a candidate of a task (a candidate user, or holds a candidate role alias). */
export async function isCandidate(db: Executor, ctx: RequestContext, taskId: string): Promise<boolean> {
  const refs = await candidatesOf(db, ctx.tenantId, taskId);
  return refs.some(
    (r) =>
      (r.kind === 'user' && r.ref === ctx.userId) || (r.kind === 'role' && ctx.roleAliases.includes(r.ref)),
  );
}

/** Claims a group task: one conditional update, so of two claimers exactly one gets it. */
export async function claim(handle: DatabaseHandle, ctx: RequestContext, taskId: string) {
  await handle.db.transaction().execute(async (trx) => {
    const task = await taskOf(trx, ctx.tenantId, taskId);
    if (!task) throw new NotFoundError(FlowMessage.taskMissing);
    if (task.taskStatus !== 'open') throw new BizError(FlowMessage.taskTaken);
    if (task.assigneeUserId !== null) {
      if (String(task.assigneeUserId) === ctx.userId) return;
      throw new BizError(FlowMessage.taskClaimed);
    }
    if (!(await isCandidate(trx, ctx, task.id))) throw new BizError(FlowMessage.taskNotCandidate);
    if (!(await takeTask(trx, ctx.tenantId, task.id, ctx, now())))
      throw new BizError(FlowMessage.taskClaimed);
  });
}

/** Gives a claimed group task back to its candidates. */
export async function unclaim(handle: DatabaseHandle, ctx: RequestContext, taskId: string) {
  await handle.db.transaction().execute(async (trx) => {
    const task = await taskOf(trx, ctx.tenantId, taskId);
    if (!task) throw new NotFoundError(FlowMessage.taskMissing);
    if (task.taskStatus !== 'open') throw new BizError(FlowMessage.taskTaken);
    if (String(task.assigneeUserId ?? '') !== ctx.userId) throw new BizError(FlowMessage.taskNotAssignee);
    if ((await candidatesOf(trx, ctx.tenantId, task.id)).length === 0)
      throw new BizError(FlowMessage.flagInvalid);
    await releaseTask(trx, ctx.tenantId, task.id, ctx);
  });
}
