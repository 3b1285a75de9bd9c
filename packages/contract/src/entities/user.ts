import { z } from 'zod';
import { PHONE_LENGTH } from '../constants.js';
import { DATE_REGEX, DATE_TIME_REGEX, isRealDateTime } from '../dates.js';
import { auditRecordShape, defineEntity, ID_PATTERN, type RecordOf } from '../entity.js';

const messages = {
  accountRequired: '请输入登录账号',
  accountInvalid: '登录账号只能包含字母、数字和 _ . @ -',
  accountTooLong: '登录账号不能超过45个字符',
  accountExists: '当前账号已被使用!',
  nameRequired: '请输入用户昵称',
  realNameRequired: '请输入用户姓名',
  phoneRequired: '手机号码不能为空',
  phoneLength: '手机号码长度不为11位',
  phoneFormat: '手机号码格式不正确',
  emailInvalid: '邮箱格式不正确',
  roleRequired: '请选择所属角色',
  deptRequired: '请选择所属部门',
  idListInvalid: '所选数据编号不正确',
  roleMissing: '所选角色不存在',
  deptMissing: '所选部门不存在',
  postMissing: '所选岗位不存在',
  sexInvalid: '请选择正确的性别',
  userTypeInvalid: '请选择正确的用户平台',
  statusInvalid: '请选择正确的账号状态',
  birthdayInvalid: '生日格式不正确',
  passwordInvalid: '密码长度应为6到32个字符',
  quotaFull: '当前租户已到最大账号额度!',
  removeSelf: '不能删除本账号!',
  lastAdmin: '租户至少需要保留一个启用的管理员账号',
  roleNotHeld: '不能授予自己未拥有的角色',
  selectUsers: '请至少选择一个用户',
  selectRoles: '请至少选择一个角色',
  disableSelf: '不能停用本账号',
  userExtTooLong: '平台扩展信息不能超过2000个字符',
  accountLookalike: '账号与已有账号过于相似，请更换',
} as const;

const limits = {
  account: 45,
  name: 50,
  realName: 50,
  code: 45,
  email: 100,
  phone: PHONE_LENGTH,
  avatar: 500,
} as const;

/** Mainland mobile numbers (the profile form and the server share it). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const ACCOUNT_PATTERN = /^[A-Za-z0-9_.@-]+$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const blank = (v: unknown) => (v === null || v === '' ? undefined : v);

const text = (required: string, max: number, tooLong = `长度不能超过${max}个字符`) =>
  z.preprocess(
    (v) => (v === null ? undefined : v),
    z.string({ error: required }).trim().min(1, required).max(max, tooLong),
  );

const optional = (max: number) =>
  z.preprocess(
    (v) => (v === null ? undefined : v),
    z.string().trim().max(max, `长度不能超过${max}个字符`).optional().default(''),
  );

/**
 * A comma list of ids (BladeX sends `roleId`/`deptId`/`postId` comma-joined; arrays are accepted too), kept
 * comma-joined without blanks or repeats.
 */
const idList = (required?: string) =>
  z.preprocess(
    (v) => {
      if (v === null || v === undefined) return required ? undefined : '';
      const raw = Array.isArray(v) ? v.map(String).join(',') : typeof v === 'number' ? String(v) : v;
      if (typeof raw !== 'string') return raw;
      return [
        ...new Set(
          raw
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ].join(',');
    },
    z
      .string({ error: required ?? messages.idListInvalid })
      .refine((s) => !required || s !== '', required ?? messages.idListInvalid)
      .refine((s) => s === '' || s.split(',').every((id) => ID_PATTERN.test(id)), messages.idListInvalid),
  );

/** An optional small number: blank (`""`, as Saber sends an unset select) or absent is the default. */
const optionalSmallInt = <D extends number | undefined>(
  message: string,
  min: number,
  max: number,
  fallback: D,
) =>
  z.preprocess(
    blank,
    z.coerce
      .number({ error: message })
      .int(message)
      .min(min, message)
      .max(max, message)
      .optional()
      .transform((v) => (v === undefined ? fallback : v)),
  );

/** `yyyy-MM-dd` or `yyyy-MM-dd HH:mm:ss`; blank means none. Stored with a time. */
const birthday = z.preprocess(
  (v) => (v === null || v === undefined ? '' : v),
  z
    .string({ error: messages.birthdayInvalid })
    .trim()
    .transform((s) => (DATE_REGEX.test(s) ? `${s} 00:00:00` : s))
    .refine((s) => s === '' || (DATE_TIME_REGEX.test(s) && isRealDateTime(s)), messages.birthdayInvalid),
);

/** The phone check (length 11, then the format); blank means none. */
const phone = z.preprocess(
  (v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v),
  z
    .string({ error: messages.phoneFormat })
    .trim()
    .refine((s) => s === '' || s.length === PHONE_LENGTH, messages.phoneLength)
    .refine((s) => s === '' || PHONE_PATTERN.test(s), messages.phoneFormat),
);

/**
 * Users (BladeX `/blade-user/*`): a tenant's accounts with their roles, departments and posts
 * (comma lists, mirrored in `cube_user_dept` for department filters and data scopes). The password is never part
 * of a record: `password` is always answered empty, and it is set only on create, import and reset.
 */
export const userEntity = defineEntity({
  name: 'user',
  api: '/api/cube-user',
  scope: 'tenant',
  audit: true,
  record: z.object({
    id: z.string(),
    tenantId: z.string(),
    code: z.string(),
    userType: z.number(),
    account: z.string(),
    /** Always empty: edit forms echo it, and the server never answers a hash. */
    password: z.string(),
    name: z.string(),
    realName: z.string(),
    avatar: z.string(),
    email: z.string(),
    phone: z.string(),
    birthday: z.string(),
    sex: z.number(),
    roleId: z.string(),
    deptId: z.string(),
    postId: z.string(),
    /** VO fields: names of the comma lists above (comma-joined), dictionary labels, the tenant's name. */
    roleName: z.string(),
    deptName: z.string(),
    postName: z.string(),
    sexName: z.string(),
    userTypeName: z.string(),
    tenantName: z.string(),
    ...auditRecordShape,
  }),
  input: z.object({
    account: z.preprocess(
      (v) => (v === null ? undefined : v),
      z
        .string({ error: messages.accountRequired })
        .trim()
        .min(1, messages.accountRequired)
        .max(limits.account, messages.accountTooLong)
        .regex(ACCOUNT_PATTERN, messages.accountInvalid),
    ),
    name: text(messages.nameRequired, limits.name),
    realName: text(messages.realNameRequired, limits.realName),
    code: optional(limits.code),
    userType: optionalSmallInt(messages.userTypeInvalid, 1, 3, 1),
    email: z.preprocess(
      (v) => (v === null || v === undefined ? '' : v),
      z
        .string({ error: messages.emailInvalid })
        .trim()
        .max(limits.email, `长度不能超过${limits.email}个字符`)
        .refine((s) => s === '' || EMAIL_PATTERN.test(s), messages.emailInvalid),
    ),
    phone,
    avatar: optional(limits.avatar),
    birthday,
    sex: optionalSmallInt(messages.sexInvalid, 1, 3, 3),
    roleId: idList(messages.roleRequired),
    deptId: idList(messages.deptRequired),
    postId: idList(),
    /** 1 enabled, 0 disabled (a disabled account cannot sign in, and its sessions stop at the next request). */
    status: optionalSmallInt(messages.statusInvalid, 0, 1, undefined),
    /** Empty is no change on update; on create it means the initial password (`account.initPassword`). */
    password: z.preprocess(
      (v) => (v === null || v === undefined ? '' : v),
      z.string().refine((s) => s === '' || (s.length >= 6 && s.length <= 32), messages.passwordInvalid),
    ),
  }),
  filters: {
    id: 'id',
    account: 'string',
    name: 'string',
    realName: 'string',
    code: 'string',
    email: 'string',
    phone: 'string',
    userType: 'integer',
    sex: 'integer',
    roleId: 'string',
    deptId: 'string',
    postId: 'string',
    createTime: 'date',
    updateTime: 'date',
    status: 'integer',
  },
  defaultOrder: [{ field: 'id', direction: 'asc' }],
  permissions: {
    read: 'user',
    add: 'user_add',
    edit: 'user_edit',
    remove: 'user_delete',
    view: 'user_view',
  },
  messages,
  limits,
});

export type User = RecordOf<typeof userEntity>;

/** Codes of the user screen's own actions (`user_role`, `user_reset`; BladeX import/export). */
export const USER_ACTION_CODES = {
  grant: 'user_role',
  reset: 'user_reset',
  unlock: 'user_unlock',
  import: 'user_import',
  export: 'user_export',
  platform: 'user_platform',
} as const;

/** Columns of the import template and the export, in order (header text → field). */
export const USER_EXCEL_COLUMNS = [
  { field: 'account', header: '登录账号' },
  { field: 'name', header: '用户昵称' },
  { field: 'realName', header: '用户姓名' },
  { field: 'phone', header: '手机号码' },
  { field: 'email', header: '电子邮箱' },
  { field: 'sex', header: '性别' },
  { field: 'birthday', header: '生日' },
  { field: 'code', header: '用户编号' },
  { field: 'roleName', header: '所属角色' },
  { field: 'deptName', header: '所属部门' },
  { field: 'postName', header: '所属岗位' },
  { field: 'password', header: '初始密码' },
] as const;

/** One refused cell of an import (1-based sheet row, the column's header). */
export interface UserImportError {
  row: number;
  column: string;
  message: string;
}

/** What `import-user` answers: counts, or (code 400) every problem found; the initial password when generated. */
export interface UserImportResult {
  total: number;
  inserted: number;
  updated: number;
  errors: UserImportError[];
  /** Set when rows without a password received a generated initial password (shown once). */
  initPassword?: string;
}
