import { z } from 'zod';
import { auditRecordShape, defineEntity, optionalText, type RecordOf, requiredText } from '../entity.js';

const messages = {
  nameRequired: '请输入数据源名称',
  nameExists: '数据源名称已存在',
  driverInvalid: '目前只支持 PostgreSQL 数据源（驱动类 org.postgresql.Driver）',
  urlRequired: '请输入连接地址',
  urlInvalid: '连接地址格式不正确，应为 postgres://主机:端口/数据库（不含用户名和密码）',
  usernameRequired: '请输入用户名',
  poolSizeInvalid: '连接池大小必须是1到50之间的整数',
  connectionFailed: '数据源连接失败',
  connectionOk: '连接成功',
  inUse: '数据源正在被租户使用，不能删除',
} as const;

const limits = { name: 100, url: 255, username: 100, password: 200, remark: 500 } as const;

/** The one driver accepted: tenant databases run the server's PostgreSQL migrations and row security. */
export const DATASOURCE_DRIVER = 'org.postgresql.Driver';
/** What a stored datasource password reads as: never the password itself. */
export const DATASOURCE_PASSWORD_MASK = '********';

/**
 * `postgres://host[:port]/database`, or BladeX's `jdbc:postgresql://host[:port]/database`: no credentials (they
 * are the username and sealed password fields) and no query string.
 */
const URL_PATTERN =
  /^(?:jdbc:postgresql|postgres|postgresql):\/\/[A-Za-z0-9.\-_[\]:]+(?::\d{1,5})?\/[A-Za-z0-9_\-$]+$/;

/** The URL the PostgreSQL driver is given (BladeX's JDBC form is accepted and read as `postgres://`). */
export const datasourceConnectionUrl = (url: string): string => url.replace(/^jdbc:postgresql:/, 'postgres:');

/**
 * 数据源管理 (BladeX `blade_datasource`, `/blade-develop/datasource/*`): a PostgreSQL database that tenants may be
 * bound to (`tenant/datasource`); a bound tenant's business data is read and written there. Platform-wide rows,
 * administered by the platform administrator only; the password is sealed at rest and read back only as a mask.
 */
export const datasourceEntity = defineEntity({
  name: 'datasource',
  api: '/api/cube-develop/datasource',
  scope: 'global',
  audit: true,
  record: z.object({
    id: z.string(),
    name: z.string(),
    driverClass: z.string(),
    url: z.string(),
    username: z.string(),
    /** Always {@link DATASOURCE_PASSWORD_MASK}, or empty when none is stored. */
    password: z.string(),
    poolSize: z.number(),
    remark: z.string(),
    ...auditRecordShape,
  }),
  input: z.object({
    name: requiredText(messages.nameRequired, limits.name),
    driverClass: z.preprocess(
      (v) => (v === null || v === undefined || v === '' ? DATASOURCE_DRIVER : v),
      z
        .string()
        .trim()
        .refine((v) => v === DATASOURCE_DRIVER, messages.driverInvalid),
    ),
    url: z.preprocess(
      (v) => (v === null ? undefined : v),
      z
        .string({ error: messages.urlRequired })
        .trim()
        .min(1, messages.urlRequired)
        .max(limits.url, `长度不能超过${limits.url}个字符`)
        .regex(URL_PATTERN, messages.urlInvalid),
    ),
    username: requiredText(messages.usernameRequired, limits.username),
    /** Empty or the mask on update keeps the stored password. */
    password: z.preprocess(
      (v) => (v === null ? undefined : v),
      z.string().max(limits.password, `长度不能超过${limits.password}个字符`).optional().default(''),
    ),
    poolSize: z.preprocess(
      (v) => (v === null || v === undefined || v === '' ? 5 : v),
      z.coerce
        .number({ error: messages.poolSizeInvalid })
        .int(messages.poolSizeInvalid)
        .min(1, messages.poolSizeInvalid)
        .max(50, messages.poolSizeInvalid),
    ),
    remark: optionalText(limits.remark),
  }),
  filters: {
    id: 'id',
    name: 'string',
    url: 'string',
    username: 'string',
    createTime: 'date',
    status: 'integer',
  },
  defaultOrder: [{ field: 'id', direction: 'desc' }],
  permissions: {
    read: 'datasource',
    add: 'datasource_add',
    edit: 'datasource_edit',
    remove: 'datasource_delete',
    view: 'datasource_view',
  },
  messages,
  limits,
  unique: [{ fields: ['name'], message: messages.nameExists }],
});

export type Datasource = RecordOf<typeof datasourceEntity>;
