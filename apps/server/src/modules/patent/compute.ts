import {
  NOTICE_TYPE_LABELS,
  type NoticeType,
  PATENT_RECEIPT_RULE_PARAM,
  PATENT_TYPE_LABELS,
  type PatentType,
} from '@cube/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { now } from '../../platform/dates.js';
import { newId } from '../../platform/ids.js';
import { TenantData } from '../../platform/tenant-data.js';
import {
  type DeadlineAnchor,
  deemedReceiptDate,
  RECEIPT_RULES,
  type ReceiptRule,
  ruleDeadline,
  type WorkCalendar,
} from './dates.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** The administrator's holiday calendar (a few dozen rows a year), read whole. */
export async function loadCalendar(db: Executor): Promise<WorkCalendar> {
  const rows = await db
    .selectFrom('patHoliday')
    .select(['holidayDate', 'isWorkday'])
    .where('isDeleted', '=', 0)
    .execute();
  return new Map(rows.map((r) => [r.holidayDate, Number(r.isWorkday) === 1]));
}

/** The platform's receipt rule setting (系统参数 `patent.receiptRule`), `dispatch_plus_15` when unset or unknown. */
export async function receiptRuleSetting(db: Executor): Promise<ReceiptRule> {
  const row = await db
    .selectFrom('cubeParam')
    .select('paramValue')
    .where('paramKey', '=', PATENT_RECEIPT_RULE_PARAM)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  const value = row?.paramValue?.trim() as ReceiptRule | undefined;
  return value && RECEIPT_RULES.includes(value) ? value : 'dispatch_plus_15';
}

export interface NoticeFacts {
  id: string;
  applicationId: string;
  noticeType: string;
  dispatchDate: string;
  receiptDate: string;
  periodMonths: number;
}

export interface CaseFacts {
  id: string;
  patentType: string;
  filingDate: string;
  agentUserId: string | null;
}

/**
 * Writes the deadlines (and fees) the tenant's enabled rules give for one notice, inside the caller's transaction.
 * A rule whose anchor is unknown (a filing-date rule on a case without a filing date) gives nothing.
 */
export async function writeNoticeDeadlines(
  trx: Transaction<Database>,
  tenantId: string,
  userId: string | null,
  notice: NoticeFacts,
  theCase: CaseFacts,
): Promise<number> {
  const data = new TenantData(trx, tenantId);
  const rules = await data
    .selectFrom('patDeadlineRule')
    .selectAll()
    .where('noticeType', '=', notice.noticeType)
    .where('enabled', '=', 1)
    .orderBy('ruleCode')
    .execute();
  const calendar = await loadCalendar(trx);
  const stamp = now();
  const audit = {
    createUser: userId,
    createDept: null,
    createTime: stamp,
    updateUser: userId,
    updateTime: stamp,
  };
  let written = 0;
  for (const rule of rules) {
    const types = rule.patentTypes ? rule.patentTypes.split(',') : [];
    if (types.length > 0 && !types.includes(theCase.patentType)) continue;
    const months =
      rule.usesNoticePeriod && notice.periodMonths > 0 ? notice.periodMonths : Number(rule.offsetMonths);
    const dates = ruleDeadline(
      {
        anchor: rule.anchor as DeadlineAnchor,
        months,
        days: Number(rule.offsetDays),
        internalWorkdays: Number(rule.internalWorkdays),
      },
      { dispatch: notice.dispatchDate, receipt: notice.receiptDate, filing: theCase.filingDate || null },
      calendar,
    );
    if (!dates) continue;
    await data
      .insertInto('patDeadline', {
        id: newId(),
        applicationId: notice.applicationId,
        kind: rule.kind,
        officialDue: dates.official,
        internalDue: dates.internal,
        periodEnd: dates.periodEnd,
        sourceNoticeId: notice.id,
        ruleCode: rule.ruleCode,
        deadlineStatus: 'open',
        ownerUserId: theCase.agentUserId,
        doneDate: '',
        remark: '',
        ...audit,
        status: 1,
        isDeleted: 0,
      })
      .execute();
    written++;
    if (rule.feeType) {
      await data
        .insertInto('patFee', {
          id: newId(),
          applicationId: notice.applicationId,
          feeType: rule.feeType,
          feeYear: 0,
          amountDue: 0,
          reductionPct: 0,
          dueDate: dates.official,
          paidDate: '',
          amountPaid: 0,
          receiptNo: '',
          sourceNoticeId: notice.id,
          remark: '',
          ...audit,
          status: 1,
          isDeleted: 0,
        })
        .execute();
    }
  }
  return written;
}

/** Takes back what a notice produced that nobody has acted on yet (open deadlines, unpaid fees). */
export async function dropNoticeDeadlines(
  trx: Transaction<Database>,
  tenantId: string,
  userId: string | null,
  noticeIds: string[],
): Promise<void> {
  if (noticeIds.length === 0) return;
  const data = new TenantData(trx, tenantId);
  const stamp = now();
  await data
    .updateTable('patDeadline')
    .set({ isDeleted: 1, updateUser: userId, updateTime: stamp })
    .where('sourceNoticeId', 'in', noticeIds)
    .where('deadlineStatus', '=', 'open')
    .execute();
  await data
    .updateTable('patFee')
    .set({ isDeleted: 1, updateUser: userId, updateTime: stamp })
    .where('sourceNoticeId', 'in', noticeIds)
    .where('paidDate', '=', '')
    .execute();
}

export function computeReceipt(
  dispatchDate: string,
  chosen: string,
  setting: ReceiptRule,
  enteredDate: string,
): { rule: ReceiptRule; receiptDate: string } {
  const rule = (chosen || setting) as ReceiptRule;
  return { rule, receiptDate: deemedReceiptDate(dispatchDate, rule, enteredDate || undefined) };
}

export const noticeLabel = (type: string) => NOTICE_TYPE_LABELS[type as NoticeType] ?? type;
export const patentTypeLabel = (type: string) => PATENT_TYPE_LABELS[type as PatentType] ?? type;
