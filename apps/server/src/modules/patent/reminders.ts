import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { withPlatformScope, withTenantScope } from '../../db/row-scope.js';
import type { Database } from '../../db/types.js';
import { formatDateTime, now } from '../../platform/dates.js';
import type { AppDeps } from '../../platform/deps.js';
import { TenantData } from '../../platform/tenant-data.js';
import { insertBellNotice } from '../desk/notice/notice.queries.js';
import { managersOver, notifyUsers } from '../notify/notification.queries.js';
import { readParam } from '../system/param/param.queries.js';
import { userNamesByIds } from '../user/user.queries.js';
import { addDays } from './dates.js';
import { deadlinesDueBetween, dueDeadlines, linkReminderNotice, recordReminder } from './deadline.queries.js';

/** How often the job looks for due reminders; a reminder is a day-granular thing, so hourly is plenty. */
const INTERVAL_MS = 60 * 60 * 1000;
const FIRST_RUN_MS = 30 * 1000;
/** The bell's category for these notices (dictionary `notice`: 6 事务通知). */
const NOTICE_CATEGORY = 6;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * How the jobs reach the databases holding patent data (`platform/tenant-databases.ts`): the master, and each bound
 * tenant's own database in turn, whose deadlines, cases, reminders and bell notices all live there. Without it
 * (tests of a single database) the master is the only one.
 */
export interface ReminderRouting {
  /** The handle business tables are read and written through (routed to a bound tenant's database in its scan). */
  routed: { db: Kysely<Database> };
  eachDatabase(
    scan: (tenantId: string | undefined) => Promise<number>,
    failed?: (tenantId: string, error: unknown) => void,
  ): Promise<number>;
}

const unrouted = (db: Kysely<Database>): ReminderRouting => ({
  routed: { db },
  // The master's due deadlines of every tenant: background work for all of them (platform row scope).
  eachDatabase: (scan) => withPlatformScope(() => scan(undefined)),
});

/**
 * Sends the reminders due on `day`: for each open deadline whose official date is at most the largest offset
 * away, the smallest offset already reached is announced once through the notice bell (a 事务通知 of the
 * deadline's tenant naming its owner); larger offsets passed meanwhile are marked sent without a notice, so a
 * deadline entered late, or a job that was down for days, sends one reminder rather than a burst.
 *
 * Idempotent: `pat_reminder (tenant, deadline, offset)` is unique and written with the notice in one
 * transaction (of the database holding the tenant's patent data); a rerun, or another instance racing this one,
 * finds the row and sends nothing. `db` is the master (the parameters, the owners' names).
 */
export async function runReminders(
  db: Kysely<Database>,
  day: string,
  routing: ReminderRouting = unrouted(db),
  failed?: (tenantId: string, error: unknown) => void,
): Promise<number> {
  const offsets = await readParam(db, 'patentReminderDays');
  const horizon = addDays(day, offsets[offsets.length - 1] ?? 0);
  const business = routing.routed.db;
  return routing.eachDatabase(async () => {
    const due = await dueDeadlines(business, day, horizon);
    // The owners' names are the user module's, on the master: a second read, never a join across databases.
    const owners = await userNamesByIds(
      db,
      null,
      due.map((d) => d.ownerUserId),
    );
    let sent = 0;
    for (const d of due) {
      const reached = offsets.filter((o) => addDays(d.officialDue, -o) <= day);
      if (reached.length === 0) continue;
      const announce = reached[0] as number;
      const tenantId = d.tenantId;
      const did = await withTenantScope(tenantId, () =>
        business.transaction().execute(async (trx) => {
          const data = new TenantData(trx, tenantId);
          const stamp = now();
          if (!(await recordReminder(data, d.id, announce, stamp))) return false;
          for (const o of reached.slice(1)) await recordReminder(data, d.id, o, stamp);
          const owner = owners.get(String(d.ownerUserId ?? '')) || '未分配';
          const when = announce === 0 ? '今天到期' : `还有${announce}天到期`;
          const noticeId = await insertBellNotice(data, {
            title: `期限提醒：${d.docketNo} ${d.kind}（${owner}）${when}`.slice(0, 100),
            category: NOTICE_CATEGORY,
            releaseTime: stamp,
            content: `<p>案件 ${escapeHtml(d.docketNo)}《${escapeHtml(d.title)}》的「${escapeHtml(d.kind)}」官方期限为 ${
              d.officialDue
            }，内部期限为 ${d.internalDue || d.officialDue}。负责人：${escapeHtml(owner)}。</p>`,
          });
          await linkReminderNotice(data, d.id, announce, noticeId);
          return true;
        }),
      );
      if (did) sent++;
    }
    return sent;
  }, failed);
}

/** How far back a missed internal date is still escalated (days). */
const MISSED_LOOKBACK_DAYS = 30;

/**
 * The personal reminders of `day`: a deadline whose working date (internal, else official) is at most
 * `notify.deadlineDays` away is told to the case's agent (期限临近); one whose working date has passed while it is
 * still open is escalated to the managers over the agent (期限逾期: users with role alias `manager` in the agent's
 * department or above). Each goes out once per deadline, kind and working date (the notification's unique key),
 * so reruns and other instances add nothing, and a moved date is announced again.
 */
export async function runDeadlineNotifications(
  db: Kysely<Database>,
  day: string,
  routing: ReminderRouting = unrouted(db),
  failed?: (tenantId: string, error: unknown) => void,
): Promise<number> {
  const days = await readParam(db, 'notifyDeadlineDays');
  const business = routing.routed.db;
  return routing.eachDatabase(async () => {
    const due = await deadlinesDueBetween(business, addDays(day, -MISSED_LOOKBACK_DAYS), addDays(day, days));
    let written = 0;
    for (const d of due) {
      const agent = String(d.agentUserId ?? d.ownerUserId ?? '');
      if (!agent) continue;
      const working = d.internalDue || d.officialDue;
      const missed = working < day;
      const subject = `${d.docketNo}《${d.title}》的「${d.kind}」`;
      const dates = `内部期限 ${working}，官方期限 ${d.officialDue}`;
      // Notifications and the managers over the agent are master tables: a master transaction, whichever
      // database the deadline came from.
      written += await withTenantScope(d.tenantId, () =>
        db.transaction().execute(async (trx) =>
          missed
            ? notifyUsers(trx, d.tenantId, await managersOver(trx, d.tenantId, agent), {
                kind: 'deadline_missed',
                title: `期限逾期：${subject}`,
                body: `案件${subject}已过内部期限（${dates}），仍未完成，请督办。`,
                link: '/patent/deadline',
                dedupeKey: `deadline:${d.id}:missed:${working}`,
              })
            : notifyUsers(trx, d.tenantId, [agent], {
                kind: 'deadline_approaching',
                title: `期限临近：${subject}${working === day ? '今天到期' : `将于 ${working} 到期`}`,
                body: `您负责的案件${subject}即将到期（${dates}）。`,
                link: '/patent/deadline',
                dedupeKey: `deadline:${d.id}:approaching:${working}`,
              }),
        ),
      );
    }
    return written;
  }, failed);
}

/**
 * The hourly reminder job, run once per hour across all instances (platform/jobs.ts); `runReminders` is
 * idempotent besides, so a run repeated after a crash sends nothing twice. `CUBE_PATENT_REMINDERS=off` leaves it out.
 */
export function startReminderJob(app: FastifyInstance, deps: AppDeps): void {
  if (process.env.CUBE_PATENT_REMINDERS === 'off') return;
  deps.jobs.register({
    name: 'patent-reminders',
    intervalMs: INTERVAL_MS,
    firstDelayMs: FIRST_RUN_MS,
    run: async () => {
      const day = formatDateTime(new Date()).slice(0, 10);
      // A tenant database that cannot be reached is skipped (and retried next hour); the others are served.
      const failed = (tenantId: string, error: unknown) =>
        app.log.warn({ tenantId, err: error }, 'patent reminders: tenant database unavailable');
      const count = await runReminders(deps.db.db, day, deps.datasources, failed);
      if (count > 0) app.log.info({ count }, 'patent deadline reminders sent');
      const notified = await runDeadlineNotifications(deps.db.db, day, deps.datasources, failed);
      if (notified > 0) app.log.info({ notified }, 'patent deadline notifications written');
    },
  });
}
