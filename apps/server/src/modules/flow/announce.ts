import type { FlowOutcome } from '@cube/contract';
import { masterSide } from '../../platform/tenant-databases.js';
import { notifyUsers, usersOfRoleAliases } from '../notify/notification.queries.js';
import type { Executor } from './queries/executor.js';
import { instanceOf } from './queries/instances.queries.js';

/**
 * Who hears of a task, written with the task in the command's transaction (on the master for a tenant with a
 * database of its own: users, roles and notifications are master tables, `masterSide`): a new task goes to its assignee
 * (待办, or 退回 when the step before sent the case back), or, unassigned, to its candidates — the candidate users
 * and the tenant's users holding a candidate role (待签); a completed step is told to the instance's starter. The
 * one who acted is never told of their own act.
 */

const OUTCOME_LABELS: Record<FlowOutcome, string> = { approve: '同意', return: '退回', reject: '驳回' };

export interface NewTask {
  taskId: string;
  name: string;
  assignee: string | null;
  candidateUsers: string[];
  candidateGroups: string[];
}

export async function announceNewTask(
  db: Executor,
  tenantId: string,
  instanceId: string,
  task: NewTask,
  context: { returned: boolean; actorId: string | null },
): Promise<void> {
  const instance = await instanceOf(db, tenantId, instanceId);
  const subject = instance?.title || task.name;
  const others = (ids: string[]) => ids.filter((id) => id !== context.actorId);
  if (task.assignee) {
    await notifyUsers(masterSide(db), tenantId, others([task.assignee]), {
      kind: context.returned ? 'task_returned' : 'task_assigned',
      title: context.returned
        ? `「${subject}」被退回到「${task.name}」，请重新办理`
        : `新的待办：「${subject}」的「${task.name}」`,
      body: context.returned
        ? `流程「${subject}」被退回到「${task.name}」，请修改后重新提交。`
        : `流程「${subject}」到达「${task.name}」，已交由您办理。`,
      link: '/work/todo',
      dedupeKey: `task:${task.taskId}:assigned`,
    });
    return;
  }
  const candidates = [
    ...task.candidateUsers,
    ...(await usersOfRoleAliases(masterSide(db), tenantId, task.candidateGroups)),
  ];
  await notifyUsers(masterSide(db), tenantId, others(candidates), {
    kind: context.returned ? 'task_returned' : 'task_claimable',
    title: context.returned
      ? `「${subject}」被退回到「${task.name}」，待签收`
      : `新的待签：「${subject}」的「${task.name}」`,
    body: `流程「${subject}」到达「${task.name}」，您可以在待签事务中签收办理。`,
    link: '/work/claim',
    dedupeKey: `task:${task.taskId}:claimable`,
  });
}

/** A step done: its starter hears who decided what (unless the starter did it). */
export async function announceCompleted(
  db: Executor,
  tenantId: string,
  instance: { title: string; createUser: string | null },
  task: { taskId: string; name: string; outcome: FlowOutcome; actorId: string },
): Promise<void> {
  const starter = String(instance.createUser ?? '');
  if (!starter || starter === task.actorId) return;
  await notifyUsers(masterSide(db), tenantId, [starter], {
    kind: 'task_completed',
    title: `「${instance.title}」的「${task.name}」已办理：${OUTCOME_LABELS[task.outcome]}`,
    body: `您发起的流程「${instance.title}」中，「${task.name}」已办理（${OUTCOME_LABELS[task.outcome]}）。`,
    link: '/work/send',
    dedupeKey: `task:${task.taskId}:completed`,
  });
}
