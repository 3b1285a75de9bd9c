import { z } from 'zod';
import { auditRecordShape, defineEntity, optionalText, type RecordOf, requiredText } from '../entity.js';
import { isValidApplicationNumber, PatentNumberMessage } from '../patent-number.js';
import { PATENT_STATUSES, PATENT_TYPES } from './patent-common.js';
import { codeOf, optionalDay, optionalRef } from './patent-fields.js';

const messages = {
  docketRequired: '请输入我方案号',
  docketExists: '我方案号已存在',
  titleRequired: '请输入专利名称',
  typeInvalid: '请选择专利类型',
  statusInvalid: '请选择案件状态',
  companyInvalid: '所选申请人公司不存在',
  agentInvalid: '所选代理师不存在',
  dateInvalid: '日期格式不正确',
  applicationNoExists: '申请号已存在',
  applicationMissing: '专利案件不存在',
  applicationNoInvalid: PatentNumberMessage.checkDigit,
} as const;

const limits = { docketNo: 50, title: 200, inventors: 500, applicationNo: 30, remark: 1000 } as const;

/** A patent case (专利案件): one application the agency handles for an applicant company. */
export const patentApplicationEntity = defineEntity({
  name: 'patentApplication',
  api: '/api/cube-patent/application',
  scope: 'tenant',
  audit: true,
  record: z.object({
    id: z.string(),
    tenantId: z.string(),
    docketNo: z.string(),
    patentType: z.string(),
    title: z.string(),
    companyId: z.string(),
    companyName: z.string(),
    inventors: z.string(),
    agentUserId: z.string(),
    agentName: z.string(),
    applicationNo: z.string(),
    filingDate: z.string(),
    patentStatus: z.string(),
    remark: z.string(),
    ...auditRecordShape,
  }),
  input: z.object({
    docketNo: requiredText(messages.docketRequired, limits.docketNo),
    patentType: codeOf(PATENT_TYPES, messages.typeInvalid),
    title: requiredText(messages.titleRequired, limits.title),
    companyId: optionalRef(messages.companyInvalid),
    inventors: optionalText(limits.inventors),
    agentUserId: optionalRef(messages.agentInvalid),
    // Empty until the office numbers the case; then twelve (or eight) digits, a dot and the right check digit.
    applicationNo: optionalText(limits.applicationNo).refine(
      (value) => value === '' || isValidApplicationNumber(value),
      messages.applicationNoInvalid,
    ),
    filingDate: optionalDay(messages.dateInvalid),
    patentStatus: codeOf(PATENT_STATUSES, messages.statusInvalid, 'drafting'),
    remark: optionalText(limits.remark),
  }),
  filters: {
    id: 'id',
    docketNo: 'string',
    title: 'string',
    patentType: 'string',
    patentStatus: 'string',
    applicationNo: 'string',
    companyId: 'id',
    agentUserId: 'id',
    filingDate: 'string',
    createTime: 'date',
  },
  defaultOrder: [{ field: 'id', direction: 'desc' }],
  permissions: {
    read: 'patent_application',
    add: 'patent_application_add',
    edit: 'patent_application_edit',
    remove: 'patent_application_delete',
    view: 'patent_application_view',
  },
  messages,
  limits,
  unique: [{ fields: ['docketNo'], message: messages.docketExists }],
});

export type PatentApplication = RecordOf<typeof patentApplicationEntity>;
