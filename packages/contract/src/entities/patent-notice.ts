import { z } from 'zod';
import { auditRecordShape, defineEntity, optionalText, type RecordOf } from '../entity.js';
import { NOTICE_TYPES, RECEIPT_RULE_CODES } from './patent-common.js';
import { codeOf, optionalDay, requiredDay, requiredRef } from './patent-fields.js';

const messages = {
  applicationRequired: '请选择专利案件',
  applicationMissing: '专利案件不存在',
  typeInvalid: '请选择通知书类型',
  dispatchRequired: '请输入发文日',
  dateInvalid: '日期格式不正确',
  ruleInvalid: '请选择送达规则',
  periodInvalid: '答复期限应为0到12个月',
  enteredBeforeDispatch: '进入电子系统日期不能早于发文日',
  noRules: '未找到该通知书类型的期限规则，未生成期限',
} as const;

const limits = { noticeNo: 50, remark: 1000 } as const;

/**
 * An official notice received (通知书). Recording one derives its deemed receipt date (from the
 * dispatch date under the receipt rule in force, which is stored with it) and the deadlines its rules give, in the
 * same transaction.
 */
export const patentNoticeEntity = defineEntity({
  name: 'patentNotice',
  api: '/api/cube-patent/notice',
  scope: 'tenant',
  audit: true,
  record: z.object({
    id: z.string(),
    tenantId: z.string(),
    applicationId: z.string(),
    docketNo: z.string(),
    noticeType: z.string(),
    noticeNo: z.string(),
    dispatchDate: z.string(),
    enteredDate: z.string(),
    receiptRule: z.string(),
    receiptDate: z.string(),
    periodMonths: z.number(),
    remark: z.string(),
    ...auditRecordShape,
  }),
  input: z.object({
    applicationId: requiredRef(messages.applicationRequired),
    noticeType: codeOf(NOTICE_TYPES, messages.typeInvalid),
    noticeNo: optionalText(limits.noticeNo),
    dispatchDate: requiredDay(messages.dispatchRequired, messages.dateInvalid),
    /** Electronic service: the day the notice entered the agency's system (empty: the dispatch date). */
    enteredDate: optionalDay(messages.dateInvalid),
    /** Empty: the platform's setting `patent.receiptRule`. */
    receiptRule: z.preprocess(
      (v) => (v === null || v === undefined ? '' : v),
      z.union([z.literal(''), z.enum(RECEIPT_RULE_CODES)], { error: messages.ruleInvalid }),
    ),
    /** The response period the notice states (0: the rule's own period). */
    periodMonths: z.preprocess(
      (v) => (v === null || v === undefined || v === '' ? 0 : v),
      z.coerce
        .number({ error: messages.periodInvalid })
        .int(messages.periodInvalid)
        .min(0, messages.periodInvalid)
        .max(12, messages.periodInvalid),
    ),
    remark: optionalText(limits.remark),
  }),
  filters: {
    id: 'id',
    applicationId: 'id',
    noticeType: 'string',
    noticeNo: 'string',
    dispatchDate: 'string',
    receiptDate: 'string',
    createTime: 'date',
  },
  defaultOrder: [{ field: 'id', direction: 'desc' }],
  permissions: {
    read: 'patent_application',
    add: 'patent_notice_add',
    edit: 'patent_notice_edit',
    remove: 'patent_notice_delete',
  },
  messages,
  limits,
});

export type PatentNotice = RecordOf<typeof patentNoticeEntity>;
