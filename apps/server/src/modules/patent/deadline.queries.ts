import type { Kysely, OnConflictBuilder, SelectQueryBuilder, Transaction } from 'kysely';
import type { Database, NewRow } from '../../db/types.js';
import { newId } from '../../platform/ids.js';
import { type Author, createStamp, LIVE_ROW, live, liveIn, softDeleteSet } from '../../platform/rows.js';
import type { TenantData } from '../../platform/tenant-data.js';
import { masterSide } from '../../platform/tenant-databases.js';
import type { WorkCalendar } from './dates.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The administrator's holiday calendar (a few dozen rows a year), read whole — on the master, where the global
 * calendar lives, also from a transaction in a bound tenant's database.
 */
export async function loadCalendar(db: Executor): Promise<WorkCalendar> {
  const rows = await masterSide(db)
    .selectFrom('patHoliday')
    .select(['holidayDate', 'isWorkday'])
    .$call(live)
    .execute();
  return new Map(rows.map((r) => [r.holidayDate, Number(r.isWorkday) === 1]));
}

/** The tenant's enabled deadline rules for one notice type, in rule-code order. */
export function enabledRules(data: TenantData, noticeType: string) {
  return data
    .selectFrom('patDeadlineRule')
    .selectAll()
    .where('noticeType', '=', noticeType)
    .where('enabled', '=', 1)
    .orderBy('ruleCode')
    .execute();
}

type DeadlineValues = Omit<
  NewRow<'patDeadline'>,
  | 'id'
  | 'tenantId'
  | 'createUser'
  | 'createDept'
  | 'createTime'
  | 'updateUser'
  | 'updateTime'
  | 'isDeleted'
  | 'status'
>;
type FeeValues = Omit<
  NewRow<'patFee'>,
  | 'id'
  | 'tenantId'
  | 'createUser'
  | 'createDept'
  | 'createTime'
  | 'updateUser'
  | 'updateTime'
  | 'isDeleted'
  | 'status'
>;

/** A new open deadline or fee, filed by `author` without a department. */
export async function insertDeadline(
  data: TenantData,
  author: Author | null,
  at: string,
  values: DeadlineValues,
) {
  await data
    .insertInto('patDeadline', {
      id: newId(),
      ...values,
      ...createStamp(author, at, null),
      status: 1,
      isDeleted: LIVE_ROW,
    })
    .execute();
}

export async function insertFee(data: TenantData, author: Author | null, at: string, values: FeeValues) {
  await data
    .insertInto('patFee', {
      id: newId(),
      ...values,
      ...createStamp(author, at, null),
      status: 1,
      isDeleted: LIVE_ROW,
    })
    .execute();
}

/** Soft-deletes what notices produced that nobody has acted on yet (open deadlines, unpaid fees). */
export async function dropUnactedDeadlines(data: TenantData, author: Author | null, noticeIds: string[]) {
  const set = softDeleteSet(author);
  await data
    .updateTable('patDeadline')
    .set(set)
    .where('sourceNoticeId', 'in', noticeIds)
    .where('deadlineStatus', '=', 'open')
    .execute();
  await data
    .updateTable('patFee')
    .set(set)
    .where('sourceNoticeId', 'in', noticeIds)
    .where('paidDate', '=', '')
    .execute();
}

/**
 * Open deadlines whose official date falls within [day, horizon], with their case and owner id, of every tenant the
 * caller's row scope and database show (the reminder job scans each database holding patent data in turn). The
 * owner's name is the user module's, on the master: read apart from these rows (`userNamesByIds`).
 */
export function dueDeadlines(db: Kysely<Database>, day: string, horizon: string) {
  return openDeadlinesWithCase(db)
    .where('patDeadline.officialDue', '>=', day)
    .where('patDeadline.officialDue', '<=', horizon)
    .execute();
}

/** Open deadlines of live cases, with what a reminder names: the deadline, its owner and its case. */
function openDeadlinesWithCase(db: Kysely<Database>) {
  return db
    .selectFrom('patDeadline')
    .innerJoin('patApplication', 'patApplication.id', 'patDeadline.applicationId')
    .select([
      'patDeadline.id',
      'patDeadline.tenantId',
      'patDeadline.kind',
      'patDeadline.officialDue',
      'patDeadline.internalDue',
      'patDeadline.ownerUserId',
      'patApplication.docketNo',
      'patApplication.title',
    ])
    .$call(liveIn('patDeadline'))
    .$call(liveIn('patApplication'))
    .where('patDeadline.deadlineStatus', '=', 'open');
}

/**
 * Open deadlines whose working date — the internal date, else the official one — falls within [from, to], with the
 * case's agent (else the deadline's owner) for the personal reminders; of every tenant the caller's row scope and
 * database show, as {@link dueDeadlines}.
 */
export function deadlinesDueBetween(db: Kysely<Database>, from: string, to: string) {
  return openDeadlinesWithCase(db)
    .select('patApplication.agentUserId')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('patDeadline.internalDue', '!=', ''),
          eb('patDeadline.internalDue', '>=', from),
          eb('patDeadline.internalDue', '<=', to),
        ]),
        eb.and([
          eb('patDeadline.internalDue', '=', ''),
          eb('patDeadline.officialDue', '>=', from),
          eb('patDeadline.officialDue', '<=', to),
        ]),
      ]),
    )
    .execute();
}

type OnConflict = OnConflictBuilder<Database, 'patReminder'>;

/**
 * Records that the reminder `offsetDays` of a deadline went out; `pat_reminder (tenant, deadline, offset)` is
 * unique, so a second writer records nothing. Answers whether this call recorded it.
 */
export async function recordReminder(
  data: TenantData,
  deadlineId: string,
  offsetDays: number,
  at: string,
): Promise<boolean> {
  const inserted = await data
    .insertInto('patReminder', {
      id: newId(),
      deadlineId,
      offsetDays,
      noticeId: null,
      sentTime: at,
      isDeleted: LIVE_ROW,
    })
    .onConflict((oc: OnConflict) => oc.columns(['tenantId', 'deadlineId', 'offsetDays']).doNothing())
    .executeTakeFirst();
  return Number(inserted?.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Links the recorded reminder to the bell notice that announced it. */
export async function linkReminderNotice(
  data: TenantData,
  deadlineId: string,
  offsetDays: number,
  noticeId: string,
): Promise<void> {
  await data
    .updateTable('patReminder')
    .set({ noticeId })
    .where('deadlineId', '=', deadlineId)
    .where('offsetDays', '=', offsetDays)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: the kit's scoped deadline rows (tenant, soft delete and data scope applied)
type DeadlineRows = () => SelectQueryBuilder<any, any, object>;

/**
 * The deadline dashboard's reads over the caller's open deadlines (`open`, already scoped): those due in the week
 * [from, to] and those overdue before `day` (at most 200 each), and the counts per owner over every open row.
 */
export async function deadlineDashboard(open: DeadlineRows, day: string, from: string, to: string) {
  const week = await open()
    .selectAll()
    .where('patDeadline.officialDue', '>=', from)
    .where('patDeadline.officialDue', '<=', to)
    .orderBy('patDeadline.officialDue')
    .limit(200)
    .execute();
  const late = await open()
    .selectAll()
    .where('patDeadline.officialDue', '<', day)
    .orderBy('patDeadline.officialDue')
    .limit(200)
    .execute();
  const counts = await open()
    .select((eb) => [
      'patDeadline.ownerUserId',
      eb.fn.countAll<number>().as('open'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(
              eb.and([eb('patDeadline.officialDue', '>=', from), eb('patDeadline.officialDue', '<=', to)]),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('week'),
      eb.fn.sum<number>(eb.case().when('patDeadline.officialDue', '<', day).then(1).else(0).end()).as('late'),
    ])
    .groupBy('patDeadline.ownerUserId')
    .execute();
  return { week, late, counts };
}
