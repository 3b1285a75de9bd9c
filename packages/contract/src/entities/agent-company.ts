import { z } from 'zod';
import { auditRecordShape, defineEntity, optionalText, type RecordOf, requiredText } from '../entity.js';

const messages = {
  nameRequired: '请输入公司名称',
  nameExists: '公司名称已存在',
  creditCodeFormat: '统一社会信用代码应为18位数字或大写字母',
  creditCodeExists: '统一社会信用代码已存在',
  companyMissing: '公司不存在',
  usersInvalid: '所选用户不存在',
} as const;

const limits = {
  uniName: 100,
  creditCode: 18,
  address: 200,
  contact: 50,
  phone: 30,
  industry: 50,
  remark: 500,
} as const;

/**
 * Agent companies (代理公司 / 申请人公司): the directory the console's lookups read
 * (`cube-agent/companyDetail/getcompanylist`, `listAuthCompany`: entries `{id, uniName}`), with their details, and
 * the users authorised to act for each (`cube_agent_company_user`).
 */
export const agentCompanyEntity = defineEntity({
  name: 'agentCompany',
  api: '/api/cube-agent/company',
  scope: 'tenant',
  audit: true,
  record: z.object({
    id: z.string(),
    tenantId: z.string(),
    uniName: z.string(),
    creditCode: z.string(),
    address: z.string(),
    contact: z.string(),
    phone: z.string(),
    industry: z.string(),
    remark: z.string(),
    ...auditRecordShape,
  }),
  input: z.object({
    uniName: requiredText(messages.nameRequired, limits.uniName),
    creditCode: z.preprocess(
      (v) => (v === null || v === undefined ? '' : typeof v === 'string' ? v.trim().toUpperCase() : v),
      z
        .string({ error: messages.creditCodeFormat })
        .regex(/^([0-9A-HJ-NPQRTUWXY]{18})?$/, messages.creditCodeFormat),
    ),
    address: optionalText(limits.address),
    contact: optionalText(limits.contact),
    phone: optionalText(limits.phone),
    industry: optionalText(limits.industry),
    remark: optionalText(limits.remark),
  }),
  filters: {
    id: 'id',
    uniName: 'string',
    creditCode: 'string',
    industry: 'string',
    contact: 'string',
    createTime: 'date',
  },
  defaultOrder: [{ field: 'id', direction: 'desc' }],
  permissions: {
    read: 'agent_company',
    add: 'agent_company_add',
    edit: 'agent_company_edit',
    remove: 'agent_company_delete',
    view: 'agent_company_view',
  },
  messages,
  limits,
  unique: [{ fields: ['uniName'], message: messages.nameExists }],
});

export type AgentCompany = RecordOf<typeof agentCompanyEntity>;

/** The button that opens the user-authorisation dialog of a company. */
export const AGENT_COMPANY_AUTH_PERMISSION = 'agent_company_auth';

/** One lookup entry plus the details the screens show. */
export const companyLookupSchema = z.object({
  id: z.string(),
  uniName: z.string(),
  creditCode: z.string(),
  address: z.string(),
  contact: z.string(),
  phone: z.string(),
  industry: z.string(),
});
export type CompanyLookup = z.infer<typeof companyLookupSchema>;
