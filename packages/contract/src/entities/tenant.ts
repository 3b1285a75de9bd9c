import { z } from 'zod';
import { DATE_TIME_REGEX, isRealDateTime } from '../dates.js';
import {
  auditRecordShape,
  defineEntity,
  ID_PATTERN,
  optionalText,
  type RecordOf,
  requiredText,
} from '../entity.js';

const messages = {
  tenantNameRequired: '请输入租户名称',
  linkmanRequired: '请输入联系人',
  contactNumberRequired: '请输入联系电话',
  contactNumberInvalid: '联系电话格式不正确',
  domainInvalid: '域名地址必须以http://或https://开头',
  domainExists: '域名地址已被其他租户使用',
  backgroundUrlInvalid: '背景图片地址不正确',
  packageInvalid: '产品包不存在',
  tenantNameExists: '租户名称已存在',
  platformNotRemovable: '不可删除管理租户!',
  platformNotSettable: '管理租户不可设置授权或产品包',
  accountNumberInvalid: '账号额度必须是-1(不限)或0到100000之间的整数',
  expireTimeInvalid: '过期时间格式不正确',
  adminPasswordInvalid: '管理员密码长度必须在8到32个字符之间，且同时包含字母和数字',
  tenantIdsExhausted: '租户编号生成失败，请重试',
  datasourceInvalid: '数据源不存在',
  datasourcePlatform: '管理租户不可绑定数据源',
  datasourceSqlite: '单文件数据库（SQLite）部署不支持租户独立数据源，请使用 PostgreSQL 主库',
  datasourceOccupied: '目标数据库已存有其他租户的数据，不能绑定',
  datasourceMoveFailed: '租户数据迁移失败，绑定未改变',
  datasourceChanged: '租户的数据源刚被修改，请刷新后重试',
} as const;

const limits = {
  tenantName: 50,
  domain: 255,
  backgroundUrl: 500,
  linkman: 50,
  contactNumber: 20,
  address: 255,
} as const;

const blankToUndefined = (v: unknown) => (v === null || v === '' ? undefined : v);

/** A package id, or nothing (no package: the tenant is unrestricted). */
const packageIdField = z.preprocess(
  (v) => blankToUndefined(typeof v === 'number' ? String(v) : v),
  z.string().regex(ID_PATTERN, messages.packageInvalid).optional(),
);

/**
 * Tenants (BladeX `/tenant/*`): the companies sharing the platform. Platform administrator only.
 * `tenantId` (6 digits) is generated on create; the create provisions the tenant (role, department, post,
 * administrator account, business dictionaries, package menus) in one transaction. The account quota and expiry
 * are set through `setting`, the package also through `package-setting`.
 */
export const tenantEntity = defineEntity({
  name: 'tenant',
  api: '/api/cube-system/tenant',
  // Platform-wide administration: the platform administrator reads and writes every tenant's row.
  scope: 'global',
  audit: true,
  record: z.object({
    id: z.string(),
    tenantId: z.string(),
    tenantName: z.string(),
    domain: z.string(),
    backgroundUrl: z.string(),
    linkman: z.string(),
    contactNumber: z.string(),
    address: z.string(),
    /** -1 = unlimited. */
    accountNumber: z.number(),
    /** `''` = never expires. */
    expireTime: z.string(),
    packageId: z.string(),
    /** Name of the package (VO field); `''` without one. */
    packageName: z.string(),
    /** The datasource serving the tenant's business data (`tenant/datasource`); `''` = the master database. */
    datasourceId: z.string(),
    /** Name of that datasource (VO field); `''` without one. */
    datasourceName: z.string(),
    ...auditRecordShape,
  }),
  input: z.object({
    tenantName: requiredText(messages.tenantNameRequired, limits.tenantName),
    domain: z.preprocess(
      (v) => (v === null ? undefined : v),
      z
        .string()
        .trim()
        .max(limits.domain, `长度不能超过${limits.domain}个字符`)
        .refine((v) => v === '' || /^https?:\/\/[^\s/?#]+(:\d+)?\/?$/i.test(v), messages.domainInvalid)
        .optional()
        .default(''),
    ),
    backgroundUrl: z.preprocess(
      (v) => (v === null ? undefined : v),
      z
        .string()
        .trim()
        .max(limits.backgroundUrl, `长度不能超过${limits.backgroundUrl}个字符`)
        .refine((v) => v === '' || /^(https?:\/\/|\/)[^\s]*$/i.test(v), messages.backgroundUrlInvalid)
        .optional()
        .default(''),
    ),
    linkman: requiredText(messages.linkmanRequired, limits.linkman),
    // Optional, as in BladeX: absent or blank is stored empty; a number given must look like one.
    contactNumber: z.preprocess(
      (v) => (v === null || v === undefined ? '' : v),
      z
        .string({ error: messages.contactNumberInvalid })
        .trim()
        .max(limits.contactNumber, `长度不能超过${limits.contactNumber}个字符`)
        .refine((v) => v === '' || /^\+?[\d\s()-]{5,20}$/.test(v), messages.contactNumberInvalid),
    ),
    address: optionalText(limits.address),
    packageId: packageIdField,
  }),
  filters: {
    id: 'id',
    tenantId: 'string',
    tenantName: 'string',
    domain: 'string',
    linkman: 'string',
    contactNumber: 'string',
    address: 'string',
    accountNumber: 'integer',
    expireTime: 'date',
    packageId: 'id',
    createTime: 'date',
    updateTime: 'date',
    status: 'integer',
  },
  defaultOrder: [{ field: 'tenantId', direction: 'asc' }],
  permissions: {
    read: 'tenant',
    add: 'tenant_add',
    edit: 'tenant_edit',
    remove: 'tenant_delete',
    view: 'tenant_view',
  },
  messages,
  limits,
  unique: [{ fields: ['tenantName'], message: messages.tenantNameExists }],
});

export type Tenant = RecordOf<typeof tenantEntity>;

/** Button codes of the tenant screen beyond the standard four. */
export const TenantCode = {
  setting: 'tenant_setting',
  packageSetting: 'tenant_package_setting',
  datasource: 'tenant_datasource',
} as const;

/** `setting` (授权配置) for several tenants at once: account quota and expiry. */
export const tenantSettingSchema = z.object({
  accountNumber: z.preprocess(
    (v) => (v === null || v === '' || v === undefined ? -1 : v),
    z.coerce
      .number({ error: messages.accountNumberInvalid })
      .int(messages.accountNumberInvalid)
      .min(-1, messages.accountNumberInvalid)
      .max(100_000, messages.accountNumberInvalid),
  ),
  expireTime: z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z
      .string()
      .trim()
      .refine((v) => v === '' || (DATE_TIME_REGEX.test(v) && isRealDateTime(v)), messages.expireTimeInvalid),
  ),
});

/** The typed first password of a new tenant's administrator (absent: the server generates one). */
export const tenantAdminPasswordSchema = z.preprocess(
  blankToUndefined,
  z
    .string()
    .min(8, messages.adminPasswordInvalid)
    .max(32, messages.adminPasswordInvalid)
    .regex(/[A-Za-z]/, messages.adminPasswordInvalid)
    .regex(/\d/, messages.adminPasswordInvalid)
    .regex(/^\S+$/, messages.adminPasswordInvalid)
    .optional(),
);

/** What creating a tenant answers: the generated first password of its administrator appears here once. */
export const tenantCreatedSchema = z.object({
  id: z.string(),
  tenantId: z.string().optional(),
  adminAccount: z.string().optional(),
  adminPassword: z.string().optional(),
});
export type TenantCreated = z.infer<typeof tenantCreatedSchema>;
