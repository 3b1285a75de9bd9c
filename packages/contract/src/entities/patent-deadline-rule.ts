import { z } from 'zod';
import { auditRecordShape, defineEntity, optionalText, type RecordOf, requiredText } from '../entity.js';
import { DEADLINE_ANCHOR_CODES, NOTICE_TYPES } from './patent-common.js';
import { boundedInt, codeOf } from './patent-fields.js';

const messages = {
  codeRequired: '请输入规则编号',
  codeFormat: '规则编号只能包含大写字母、数字和下划线',
  codeExists: '规则编号已存在',
  nameRequired: '请输入期限事项',
  noticeTypeInvalid: '请选择通知书类型',
  patentTypesInvalid: '适用专利类型只能选择发明、实用新型、外观设计',
  anchorInvalid: '请选择起算日',
  monthsInvalid: '月数应为0到240之间的整数',
  daysInvalid: '天数应为0到366之间的整数',
  workdaysInvalid: '内部提前工作日应为0到60之间的整数',
  flagInvalid: '请选择是或否',
} as const;

const limits = { ruleCode: 50, kind: 100, patentTypes: 40, feeType: 50, note: 500 } as const;

/**
 * Deadline rules (期限规则, `pat_deadline_rule`): which notice starts which period, from which
 * anchor, how long, and how many working days earlier the internal date falls. Seeded from published practice, every
 * row unconfirmed (`signedOff = 0`) until a patent attorney signs it off: nothing seeded is relied on unchecked.
 */
export const patentDeadlineRuleEntity = defineEntity({
  name: 'patentDeadlineRule',
  api: '/api/cube-patent/deadline-rule',
  scope: 'tenant',
  audit: true,
  record: z.object({
    id: z.string(),
    tenantId: z.string(),
    ruleCode: z.string(),
    kind: z.string(),
    noticeType: z.string(),
    patentTypes: z.string(),
    anchor: z.string(),
    offsetMonths: z.number(),
    offsetDays: z.number(),
    internalWorkdays: z.number(),
    usesNoticePeriod: z.number(),
    feeType: z.string(),
    enabled: z.number(),
    signedOff: z.number(),
    note: z.string(),
    ...auditRecordShape,
  }),
  input: z.object({
    ruleCode: z.preprocess(
      (v) => (v === null ? undefined : v),
      z
        .string({ error: messages.codeRequired })
        .trim()
        .min(1, messages.codeRequired)
        .max(limits.ruleCode, `长度不能超过${limits.ruleCode}个字符`)
        .regex(/^[A-Z0-9_]+$/, messages.codeFormat),
    ),
    kind: requiredText(messages.nameRequired, limits.kind),
    noticeType: codeOf(NOTICE_TYPES, messages.noticeTypeInvalid),
    patentTypes: z.preprocess(
      (v) => (v === null || v === undefined ? '' : v),
      z
        .string({ error: messages.patentTypesInvalid })
        .trim()
        .max(limits.patentTypes, `长度不能超过${limits.patentTypes}个字符`)
        .regex(/^((invention|utility|design)(,(invention|utility|design))*)?$/, messages.patentTypesInvalid),
    ),
    anchor: codeOf(DEADLINE_ANCHOR_CODES, messages.anchorInvalid),
    offsetMonths: boundedInt(0, 240, messages.monthsInvalid, 0),
    offsetDays: boundedInt(0, 366, messages.daysInvalid, 0),
    internalWorkdays: boundedInt(0, 60, messages.workdaysInvalid, 0),
    usesNoticePeriod: boundedInt(0, 1, messages.flagInvalid, 0),
    feeType: optionalText(limits.feeType),
    enabled: boundedInt(0, 1, messages.flagInvalid, 1),
    signedOff: boundedInt(0, 1, messages.flagInvalid, 0),
    note: optionalText(limits.note),
  }),
  filters: {
    id: 'id',
    ruleCode: 'string',
    kind: 'string',
    noticeType: 'string',
    enabled: 'integer',
    signedOff: 'integer',
    createTime: 'date',
  },
  defaultOrder: [{ field: 'ruleCode', direction: 'asc' }],
  permissions: {
    read: 'patent_deadline_rule',
    add: 'patent_deadline_rule_add',
    edit: 'patent_deadline_rule_edit',
    remove: 'patent_deadline_rule_delete',
  },
  messages,
  limits,
  unique: [{ fields: ['ruleCode'], message: messages.codeExists }],
});

export type PatentDeadlineRule = RecordOf<typeof patentDeadlineRuleEntity>;
