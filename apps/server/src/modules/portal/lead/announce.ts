import { NOTIFICATION_KIND_LABELS } from '@cube/contract';
import { type Executor, notifyUsers, usersHoldingMenu } from '../../notify/notification.queries.js';

/**
 * A new customer lead is told, in the transaction that stores it, to its assignee or — unassigned, as every lead
 * from the public form is — to the tenant's lead handlers: the users whose roles open the 客户咨询 screen.
 */
const LEAD_MENU = 'lead';
const LEAD_LINK = '/desk/lead';

export async function announceLead(
  db: Executor,
  tenantId: string,
  lead: { id: string; name: string; company: string; service: string; assigneeId?: string | null },
  actorId: string | null = null,
): Promise<void> {
  const to = lead.assigneeId ? [lead.assigneeId] : await usersHoldingMenu(db, tenantId, LEAD_MENU);
  const who = [lead.name, lead.company].filter(Boolean).join('，');
  await notifyUsers(
    db,
    tenantId,
    to.filter((id) => id !== actorId),
    {
      kind: 'lead_new',
      title: `${NOTIFICATION_KIND_LABELS.lead_new}：${who}${lead.service ? `（${lead.service}）` : ''}`,
      body: lead.assigneeId
        ? `客户咨询「${who}」已分配给您跟进。`
        : `收到新的客户咨询「${who}」，请及时跟进。`,
      link: LEAD_LINK,
      dedupeKey: `lead:${lead.id}:${lead.assigneeId ?? 'new'}`,
    },
  );
}
