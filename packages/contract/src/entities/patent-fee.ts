import { z } from 'zod';
import { auditRecordShape, defineEntity, optionalText, type RecordOf, requiredText } from '../entity.js';
import { boundedInt, money, optionalDay, requiredDay, requiredRef } from './patent-fields.js';

const messages = {
  applicationRequired: '请选择专利案件',
  applicationMissing: '专利案件不存在',
  feeTypeRequired: '请输入费用名称',
  dueRequired: '请输入缴费期限',
  dateInvalid: '日期格式不正确',
  amountInvalid: '金额应为不小于0且最多两位小数的数字',
  reductionInvalid: '减缴比例应为0到100之间的整数',
  yearInvalid: '年度应为0到30之间的整数',
} as const;

const limits = { feeType: 50, receiptNo: 50, remark: 500 } as const;

/** A fee due on a case (费用): official fee, reduction, due date and payment. */
export const patentFeeEntity = defineEntity({
  name: 'patentFee',
  api: '/api/cube-patent/fee',
  scope: 'tenant',
  audit: true,
  record: z.object({
    id: z.string(),
    tenantId: z.string(),
    applicationId: z.string(),
    docketNo: z.string(),
    feeType: z.string(),
    feeYear: z.number(),
    amountDue: z.number(),
    reductionPct: z.number(),
    dueDate: z.string(),
    paidDate: z.string(),
    amountPaid: z.number(),
    receiptNo: z.string(),
    sourceNoticeId: z.string(),
    remark: z.string(),
    ...auditRecordShape,
  }),
  input: z.object({
    applicationId: requiredRef(messages.applicationRequired),
    feeType: requiredText(messages.feeTypeRequired, limits.feeType),
    feeYear: boundedInt(0, 30, messages.yearInvalid, 0),
    amountDue: money(messages.amountInvalid),
    reductionPct: boundedInt(0, 100, messages.reductionInvalid, 0),
    dueDate: requiredDay(messages.dueRequired, messages.dateInvalid),
    paidDate: optionalDay(messages.dateInvalid),
    amountPaid: money(messages.amountInvalid),
    receiptNo: optionalText(limits.receiptNo),
    remark: optionalText(limits.remark),
  }),
  filters: {
    id: 'id',
    applicationId: 'id',
    feeType: 'string',
    dueDate: 'string',
    paidDate: 'string',
    feeYear: 'integer',
    createTime: 'date',
  },
  defaultOrder: [{ field: 'dueDate', direction: 'asc' }],
  permissions: {
    read: 'patent_application',
    add: 'patent_fee_add',
    edit: 'patent_fee_edit',
    remove: 'patent_fee_delete',
  },
  messages,
  limits,
});

export type PatentFee = RecordOf<typeof patentFeeEntity>;
