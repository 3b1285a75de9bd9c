import { z } from 'zod';
import { PHONE_LENGTH } from '../constants.js';
import { auditRecordShape, defineEntity, optionalText, type RecordOf, requiredText } from '../entity.js';

const messages = {
  nameRequired: '请输入您的姓名',
  phoneRequired: '手机号码不能为空',
  phoneLength: '手机号码长度不为11位',
  phoneFormat: '手机号码格式不正确',
  serviceRequired: '请选择咨询业务',
  leadStatusInvalid: '请选择正确的跟进状态',
  assigneeInvalid: '所选跟进人不存在',
  requestIdInvalid: '请求编号不正确',
  consentRequired: '请阅读并同意隐私政策',
  submitted: '提交成功，我们会尽快与您联系',
  tooMany: '提交过于频繁，请稍后再试',
} as const;

const limits = {
  name: 50,
  phone: PHONE_LENGTH,
  company: 100,
  service: 50,
  message: 1000,
  notes: 2000,
} as const;

/** Follow-up states of a lead (dictionary `lead_status`). */
export const LeadStatus = { new: 1, contacted: 2, closed: 3 } as const;

const mobilePhone = z.preprocess(
  (v) => (v === null ? undefined : typeof v === 'number' ? String(v) : v),
  z
    .string({ error: messages.phoneRequired })
    .trim()
    .min(1, messages.phoneRequired)
    .length(PHONE_LENGTH, messages.phoneLength)
    .regex(/^1[3-9]\d{9}$/, messages.phoneFormat),
);

/** What a visitor fills in on the public site (`cube-pr/prkhzx/submit`). */
const visitorFields = {
  name: requiredText(messages.nameRequired, limits.name),
  phone: mobilePhone,
  company: optionalText(limits.company),
  service: requiredText(messages.serviceRequired, limits.service),
  message: optionalText(limits.message),
};

/**
 * The public customer-information form. Strict: an unknown field is refused, so a client cannot
 * slip staff-only fields (status, assignee, notes) in. `requestId` — one per filled-in form, kept across retries —
 * makes a double click or a retried request store one lead.
 */
export const leadSubmitSchema = z.strictObject({
  ...visitorFields,
  /** The visitor ticked 我已阅读并同意《隐私政策》: nothing is stored without it. */
  consent: z.preprocess(
    (v) => v === true || v === 1 || v === '1' || v === 'true',
    z.literal(true, { error: messages.consentRequired }),
  ),
  requestId: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, messages.requestIdInvalid)
      .optional(),
  ),
});
export type LeadSubmit = z.input<typeof leadSubmitSchema>;

/** Customer leads (客户咨询): what visitors sent through the public form, followed up by the tenant's staff. */
export const leadEntity = defineEntity({
  name: 'lead',
  api: '/api/cube-pr/lead',
  scope: 'tenant',
  audit: true,
  record: z.object({
    id: z.string(),
    tenantId: z.string(),
    name: z.string(),
    phone: z.string(),
    company: z.string(),
    service: z.string(),
    message: z.string(),
    leadStatus: z.number(),
    assigneeId: z.string(),
    assigneeName: z.string(),
    notes: z.string(),
    sourceIp: z.string(),
    /** 1: the visitor agreed to the privacy notice on the public form; 0: entered in the console. */
    privacyConsent: z.number(),
    /** When the visitor agreed; '' without consent. */
    consentTime: z.string(),
    ...auditRecordShape,
  }),
  input: z.object({
    ...visitorFields,
    leadStatus: z.preprocess(
      (v) => (v === null || v === '' || v === undefined ? LeadStatus.new : v),
      z.coerce
        .number({ error: messages.leadStatusInvalid })
        .int(messages.leadStatusInvalid)
        .min(1, messages.leadStatusInvalid)
        .max(3, messages.leadStatusInvalid),
    ),
    // No one yet is `null` in the table (a bigint column); forms send '' or leave it out.
    assigneeId: z.preprocess(
      (v) => (v === null || v === undefined || v === '' ? null : typeof v === 'number' ? String(v) : v),
      z
        .string({ error: messages.assigneeInvalid })
        .regex(/^[1-9]\d{0,18}$/, messages.assigneeInvalid)
        .nullable(),
    ),
    notes: optionalText(limits.notes),
  }),
  filters: {
    id: 'id',
    name: 'string',
    phone: 'string',
    company: 'string',
    service: 'string',
    leadStatus: 'integer',
    assigneeId: 'id',
    createTime: 'date',
    updateTime: 'date',
  },
  defaultOrder: [{ field: 'id', direction: 'desc' }],
  permissions: {
    read: 'lead',
    add: 'lead_add',
    edit: 'lead_edit',
    remove: 'lead_delete',
    view: 'lead_view',
  },
  messages,
  limits,
});

export type Lead = RecordOf<typeof leadEntity>;

/** The export button's code (beside the CRUD codes of {@link leadEntity}). */
export const LEAD_EXPORT_PERMISSION = 'lead_export';
