import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { today } from '../modules/patent/clock.js';
import { addDays, weekStart } from '../modules/patent/dates.js';
import { createStamp } from '../platform/rows.js';
import { AUTHORITY_ID } from './authority.js';
import type { InsertMissing } from './console-data.js';
import { DEMO_TENANT, ID } from './demo-data.js';
import { seedIds } from './ids.js';
import { ENABLED_ROW } from './rows.js';

const fixedId = seedIds('patent');

/** The demo tenant's live work: cases at several stages, their notices, deadlines and fees. */
export const PATENT_WORK_ID = {
  caseDesign: fixedId(1052),
  caseDraft: fixedId(1053),
  noticeOa: fixedId(1060),
  noticeCorrection: fixedId(1061),
  noticeAcceptance: fixedId(1062),
  deadlineOaWeek: fixedId(1070),
  deadlineCorrectionWeek: fixedId(1071),
  deadlineFeeOverdue: fixedId(1072),
  deadlineSeDone: fixedId(1073),
  deadlineRegistration: fixedId(1074),
  feeSe: fixedId(1080),
  feeApplication: fixedId(1081),
  feeAnnual: fixedId(1082),
} as const;

const W = PATENT_WORK_ID;
const A = AUTHORITY_ID;

/** Who handles each demo case, and the department it was opened in (what the data scopes read). */
export const DEMO_CASE_OWNERS = {
  agent: { userId: A.userAgent, deptId: A.deptMechanical },
  manager: { userId: A.userManager, deptId: A.deptChemical },
  admin: { userId: ID.userDemoAdmin, deptId: ID.deptDemo },
} as const;

/**
 * The demo's cases (besides the two of patent.ts) and their work, dated from the day the seed runs so that the
 * deadline dashboard has something due this week and one deadline overdue on first sign-in.
 */
export async function seedPatentWork(
  db: Kysely<Database>,
  insertMissing: InsertMissing,
  caseIds: { invention: string; utility: string; companyA: string; companyB: string },
): Promise<void> {
  const day = today();
  const weekEnd = addDays(weekStart(day), 6);
  const { agent, manager, admin } = DEMO_CASE_OWNERS;
  const row = <T extends object>(author: { userId: string; deptId: string }, values: T) => ({
    tenantId: DEMO_TENANT,
    ...values,
    remark: '',
    ...createStamp(author),
    ...ENABLED_ROW,
  });
  await insertMissing(
    db,
    'patApplication',
    [
      row(agent, {
        id: W.caseDesign,
        docketNo: 'P2026-003',
        patentType: 'invention',
        title: '一种茶多酚的低温提取方法',
        companyId: caseIds.companyB,
        inventors: '陈立,赵敏',
        agentUserId: agent.userId,
        applicationNo: '202610345678.6',
        filingDate: addDays(day, -40),
        patentStatus: 'accepted',
      }),
      row(manager, {
        id: W.caseDraft,
        docketNo: 'P2026-004',
        patentType: 'utility',
        title: '一种可折叠的散热支架',
        companyId: caseIds.companyA,
        inventors: '王建国',
        agentUserId: manager.userId,
        applicationNo: '',
        filingDate: '',
        patentStatus: 'drafting',
      }),
    ],
    ['id'],
  );
  const notice = (
    author: { userId: string; deptId: string },
    id: string,
    applicationId: string,
    noticeType: string,
    noticeNo: string,
    dispatchDate: string,
    periodMonths: number,
  ) =>
    row(author, {
      id,
      applicationId,
      noticeType,
      noticeNo,
      dispatchDate,
      enteredDate: '',
      receiptRule: 'dispatch_plus_15',
      receiptDate: addDays(dispatchDate, 15),
      periodMonths,
    });
  await insertMissing(
    db,
    'patNotice',
    [
      notice(admin, W.noticeOa, caseIds.invention, 'oa_first', '2026OA0001', addDays(day, -110), 4),
      notice(admin, W.noticeCorrection, caseIds.utility, 'correction', '2026BZ0002', addDays(day, -60), 2),
      notice(agent, W.noticeAcceptance, W.caseDesign, 'acceptance', '2026SL0003', addDays(day, -40), 0),
    ],
    ['id'],
  );
  const deadline = (
    author: { userId: string; deptId: string },
    values: {
      id: string;
      applicationId: string;
      kind: string;
      officialDue: string;
      sourceNoticeId: string | null;
      ruleCode: string;
      deadlineStatus?: string;
    },
  ) =>
    row(author, {
      internalDue: addDays(values.officialDue, -2),
      periodEnd: values.officialDue,
      ownerUserId: author.userId,
      doneDate: values.deadlineStatus === 'done' ? addDays(values.officialDue, -5) : '',
      deadlineStatus: 'open',
      ...values,
    });
  await insertMissing(
    db,
    'patDeadline',
    [
      deadline(admin, {
        id: W.deadlineOaWeek,
        applicationId: caseIds.invention,
        kind: '答复第一次审查意见',
        officialDue: weekEnd,
        sourceNoticeId: W.noticeOa,
        ruleCode: 'OA1_RESPONSE',
      }),
      deadline(admin, {
        id: W.deadlineCorrectionWeek,
        applicationId: caseIds.utility,
        kind: '答复补正通知书',
        officialDue: day,
        sourceNoticeId: W.noticeCorrection,
        ruleCode: 'CORRECTION_RESPONSE',
      }),
      deadline(agent, {
        id: W.deadlineFeeOverdue,
        applicationId: W.caseDesign,
        kind: '缴纳申请费',
        officialDue: addDays(day, -10),
        sourceNoticeId: W.noticeAcceptance,
        ruleCode: 'APP_FEE',
      }),
      deadline(admin, {
        id: W.deadlineSeDone,
        applicationId: caseIds.invention,
        kind: '提出实质审查请求',
        officialDue: addDays(day, -150),
        sourceNoticeId: null,
        ruleCode: 'SE_REQUEST',
        deadlineStatus: 'done',
      }),
      deadline(agent, {
        id: W.deadlineRegistration,
        applicationId: W.caseDesign,
        kind: '补交发明人证明材料',
        officialDue: weekEnd,
        sourceNoticeId: null,
        ruleCode: '',
      }),
    ],
    ['id'],
  );
  const fee = (
    author: { userId: string; deptId: string },
    values: { id: string; applicationId: string; feeType: string; amountDue: number; dueDate: string },
    paid = false,
  ) =>
    row(author, {
      feeYear: 0,
      reductionPct: 85,
      paidDate: paid ? addDays(values.dueDate, -3) : '',
      amountPaid: paid ? values.amountDue : 0,
      receiptNo: paid ? '2026SJ000123' : '',
      sourceNoticeId: null,
      ...values,
    });
  await insertMissing(
    db,
    'patFee',
    [
      fee(
        admin,
        {
          id: W.feeSe,
          applicationId: caseIds.invention,
          feeType: '实质审查费',
          amountDue: 375,
          dueDate: addDays(day, -150),
        },
        true,
      ),
      fee(agent, {
        id: W.feeApplication,
        applicationId: W.caseDesign,
        feeType: '申请费',
        amountDue: 135,
        dueDate: addDays(day, -10),
      }),
      fee(admin, {
        id: W.feeAnnual,
        applicationId: caseIds.utility,
        feeType: '年费',
        amountDue: 90,
        dueDate: addDays(day, 45),
      }),
    ],
    ['id'],
  );
}
