import { NOTICE_TYPE_LABELS, type NoticeType, PATENT_TYPE_LABELS, type PatentType } from '@cube/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { now } from '../../platform/dates.js';
import { TenantData } from '../../platform/tenant-data.js';
import { masterSide } from '../../platform/tenant-databases.js';
import { readParam } from '../system/param/param.queries.js';
import { type DeadlineAnchor, deemedReceiptDate, type ReceiptRule, ruleDeadline } from './dates.js';
import {
  dropUnactedDeadlines,
  enabledRules,
  insertDeadline,
  insertFee,
  loadCalendar,
} from './deadline.queries.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The platform's receipt rule setting (系统参数 `patent.receiptRule`), `dispatch_plus_15` when unset or unknown; a
 * master table, read there also from a transaction in a bound tenant's database.
 */
export const receiptRuleSetting = (db: Executor): Promise<ReceiptRule> =>
  readParam(masterSide(db), 'patentReceiptRule');

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
  const rules = await enabledRules(data, notice.noticeType);
  const calendar = await loadCalendar(trx);
  const stamp = now();
  const author = userId ? { userId } : null;
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
    await insertDeadline(data, author, stamp, {
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
    });
    written++;
    if (rule.feeType) {
      await insertFee(data, author, stamp, {
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
      });
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
  await dropUnactedDeadlines(new TenantData(trx, tenantId), userId ? { userId } : null, noticeIds);
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
