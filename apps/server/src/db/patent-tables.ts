import type { ColumnType } from 'kysely';

/** Table types of migration 0013 (patent cases, deadlines, agent companies), listed in `Database` (types.ts). */

type Id = string;

/** The audit columns every row carries, as types.ts declares them (repeated here so the two files form no cycle). */
interface AuditColumns {
  createUser: Id | null;
  createDept: Id | null;
  createTime: string;
  updateUser: Id | null;
  updateTime: string;
  status: ColumnType<number, number | undefined, number>;
  isDeleted: ColumnType<number, number | undefined, number>;
}

export interface AgentCompanyTable extends AuditColumns {
  id: Id;
  tenantId: string;
  uniName: string;
  creditCode: string;
  address: string;
  contact: string;
  phone: string;
  industry: string;
  remark: string;
}

export interface AgentCompanyUserTable {
  id: Id;
  tenantId: string;
  companyId: Id;
  userId: Id;
  isDeleted: ColumnType<number, number | undefined, number>;
}

export interface PatApplicationTable extends AuditColumns {
  id: Id;
  tenantId: string;
  docketNo: string;
  patentType: string;
  title: string;
  companyId: Id | null;
  inventors: string;
  agentUserId: Id | null;
  applicationNo: string;
  filingDate: string;
  patentStatus: string;
  remark: string;
}

export interface PatNoticeTable extends AuditColumns {
  id: Id;
  tenantId: string;
  applicationId: Id;
  noticeType: string;
  noticeNo: string;
  dispatchDate: string;
  enteredDate: string;
  receiptRule: string;
  receiptDate: string;
  periodMonths: number;
  remark: string;
}

export interface PatDeadlineTable extends AuditColumns {
  id: Id;
  tenantId: string;
  applicationId: Id;
  kind: string;
  officialDue: string;
  internalDue: string;
  periodEnd: string;
  sourceNoticeId: Id | null;
  ruleCode: string;
  deadlineStatus: string;
  ownerUserId: Id | null;
  doneDate: string;
  remark: string;
}

export interface PatFeeTable extends AuditColumns {
  id: Id;
  tenantId: string;
  applicationId: Id;
  feeType: string;
  feeYear: number;
  amountDue: number;
  reductionPct: number;
  dueDate: string;
  paidDate: string;
  amountPaid: number;
  receiptNo: string;
  sourceNoticeId: Id | null;
  remark: string;
}

export interface PatDeadlineRuleTable extends AuditColumns {
  id: Id;
  tenantId: string;
  ruleCode: string;
  kind: string;
  noticeType: string;
  patentTypes: string;
  anchor: string;
  offsetMonths: number;
  offsetDays: number;
  internalWorkdays: number;
  usesNoticePeriod: number;
  feeType: string;
  enabled: number;
  signedOff: number;
  note: string;
}

export interface PatReminderTable {
  id: Id;
  tenantId: string;
  deadlineId: Id;
  offsetDays: number;
  noticeId: Id | null;
  sentTime: string;
  isDeleted: ColumnType<number, number | undefined, number>;
}

export interface PatHolidayTable extends AuditColumns {
  id: Id;
  holidayDate: string;
  isWorkday: number;
  note: string;
}

/** One uploaded version of a document on a case's process step (migration 0019). */
export interface PatDocumentTable extends AuditColumns {
  id: Id;
  tenantId: string;
  applicationId: Id;
  processInstanceId: Id | null;
  taskId: Id | null;
  stepKey: string;
  stepName: string;
  kind: string;
  version: number;
  attachId: Id;
  fileName: string;
  fileSize: number;
}
