import { z } from 'zod';
import { auditRecordShape, defineEntity, optionalText, type RecordOf, requiredText } from '../entity.js';
import { DEADLINE_STATUSES } from './patent-common.js';
import { codeOf, optionalDay, optionalRef, requiredDay, requiredRef } from './patent-fields.js';

const messages = {
  applicationRequired: '请选择专利案件',
  applicationMissing: '专利案件不存在',
  kindRequired: '请输入期限事项',
  officialRequired: '请输入官方期限',
  dateInvalid: '日期格式不正确',
  internalAfterOfficial: '内部期限不能晚于官方期限',
  statusInvalid: '请选择期限状态',
  ownerInvalid: '所选负责人不存在',
} as const;

const limits = { kind: 100, ruleCode: 50, remark: 500 } as const;

/**
 * A deadline on a case (期限): the official date (法定/指定期限) and the agency's earlier internal
 * date, mostly derived from a notice by a rule, or entered by hand.
 */
export const patentDeadlineEntity = defineEntity({
  name: 'patentDeadline',
  api: '/api/cube-patent/deadline',
  scope: 'tenant',
  audit: true,
  record: z.object({
    id: z.string(),
    tenantId: z.string(),
    applicationId: z.string(),
    docketNo: z.string(),
    title: z.string(),
    kind: z.string(),
    officialDue: z.string(),
    internalDue: z.string(),
    periodEnd: z.string(),
    sourceNoticeId: z.string(),
    ruleCode: z.string(),
    deadlineStatus: z.string(),
    ownerUserId: z.string(),
    ownerName: z.string(),
    doneDate: z.string(),
    remark: z.string(),
    ...auditRecordShape,
  }),
  input: z.object({
    applicationId: requiredRef(messages.applicationRequired),
    kind: requiredText(messages.kindRequired, limits.kind),
    officialDue: requiredDay(messages.officialRequired, messages.dateInvalid),
    internalDue: optionalDay(messages.dateInvalid),
    deadlineStatus: codeOf(DEADLINE_STATUSES, messages.statusInvalid, 'open'),
    ownerUserId: optionalRef(messages.ownerInvalid),
    doneDate: optionalDay(messages.dateInvalid),
    remark: optionalText(limits.remark),
  }),
  filters: {
    id: 'id',
    applicationId: 'id',
    kind: 'string',
    officialDue: 'string',
    internalDue: 'string',
    deadlineStatus: 'string',
    ownerUserId: 'id',
    sourceNoticeId: 'id',
    createTime: 'date',
  },
  defaultOrder: [{ field: 'officialDue', direction: 'asc' }],
  permissions: {
    read: 'patent_application',
    add: 'patent_deadline_add',
    edit: 'patent_deadline_edit',
    remove: 'patent_deadline_delete',
  },
  messages,
  limits,
});

export type PatentDeadline = RecordOf<typeof patentDeadlineEntity>;

/** The dashboard's read: due this week, overdue, and open deadlines counted by agent. */
export const PATENT_DASHBOARD_PERMISSION = 'patent_deadline';
