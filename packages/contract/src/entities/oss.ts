import { z } from 'zod';
import { auditRecordShape, defineEntity, optionalText, type RecordOf } from '../entity.js';

const messages = {
  codeRequired: '请输入资源编号',
  codeInvalid: '资源编号只能包含字母、数字、下划线和短横线',
  codeExists: '资源编号已存在',
  categoryRequired: '请选择存储类型',
  endpointRequired: '请输入资源地址',
  endpointInvalid: '资源地址必须以 http:// 或 https:// 开头',
  accessKeyRequired: '请输入 AccessKey',
  secretKeyRequired: '请输入 SecretKey',
  bucketRequired: '请输入空间名',
  bucketInvalid: '空间名只能包含小写字母、数字、点和短横线（3 到 63 个字符）',
  enabled: '启用成功',
  connectionOk: '连接成功',
  connectionFailed: '连接失败',
} as const;

const limits = {
  ossCode: 64,
  endpoint: 255,
  accessKey: 255,
  secretKey: 255,
  bucketName: 63,
  region: 64,
  remark: 500,
} as const;

/**
 * Storage categories. 0 keeps files on the server's own disk (the default when no configuration is enabled);
 * the others are the providers of the BladeX `oss` dictionary that speak the S3 protocol, reached through their
 * endpoint (MinIO, Alibaba Cloud OSS, Tencent COS, Qiniu Kodo all do).
 */
export const OSS_CATEGORIES = [
  { value: 0, label: '本地磁盘' },
  { value: 1, label: 'MinIO / S3 兼容' },
  { value: 2, label: '七牛云' },
  { value: 3, label: '阿里云' },
  { value: 4, label: '腾讯云' },
] as const;

export const OSS_LOCAL_CATEGORY = 0;
/** `status` of an enabled configuration (BladeX: 1 关闭, 2 启用); one per tenant at most. */
export const OSS_ENABLED = 2;
/** What a stored secret key reads as: never the secret itself. */
export const SECRET_MASK = '********';

const optional = (max: number) => optionalText(max);

/** Object storage configurations (BladeX `blade_oss`): per tenant, at most one enabled. */
export const ossEntity = defineEntity({
  name: 'oss',
  api: '/api/cube-resource/oss',
  scope: 'tenant',
  audit: true,
  record: z.object({
    id: z.string(),
    tenantId: z.string(),
    ossCode: z.string(),
    category: z.number(),
    endpoint: z.string(),
    accessKey: z.string(),
    /** Always {@link SECRET_MASK} (or empty when none is stored). */
    secretKey: z.string(),
    bucketName: z.string(),
    region: z.string(),
    remark: z.string(),
    ...auditRecordShape,
  }),
  input: z.object({
    ossCode: z.preprocess(
      (v) => (v === null ? undefined : v),
      z
        .string({ error: messages.codeRequired })
        .trim()
        .min(1, messages.codeRequired)
        .max(limits.ossCode, `长度不能超过${limits.ossCode}个字符`)
        .regex(/^[\w-]+$/, messages.codeInvalid),
    ),
    category: z.preprocess(
      (v) => (v === null || v === '' ? undefined : v),
      z.coerce
        .number({ error: messages.categoryRequired })
        .int(messages.categoryRequired)
        .refine((n) => OSS_CATEGORIES.some((c) => c.value === n), messages.categoryRequired),
    ),
    endpoint: optional(limits.endpoint),
    accessKey: optional(limits.accessKey),
    /** Empty or the mask on update keeps the stored secret. */
    secretKey: optional(limits.secretKey),
    bucketName: optional(limits.bucketName),
    region: optional(limits.region),
    remark: optional(limits.remark),
  }),
  filters: {
    id: 'id',
    ossCode: 'string',
    category: 'integer',
    endpoint: 'string',
    bucketName: 'string',
    status: 'integer',
    createTime: 'date',
  },
  defaultOrder: [{ field: 'id', direction: 'desc' }],
  permissions: {
    read: 'oss',
    add: 'oss_add',
    edit: 'oss_edit',
    remove: 'oss_delete',
    view: 'oss_view',
  },
  messages,
  limits,
  unique: [{ fields: ['ossCode'], message: messages.codeExists }],
});

export type Oss = RecordOf<typeof ossEntity>;

/**
 * What an S3-compatible configuration still lacks, as the message to show, or undefined when it is complete. A
 * rule across fields, so it is checked here once and called by the server's save and by the form.
 */
export function ossConfigProblem(v: {
  category: number;
  endpoint: string;
  accessKey: string;
  bucketName: string;
}): string | undefined {
  if (v.category === OSS_LOCAL_CATEGORY) return undefined;
  if (!v.endpoint) return messages.endpointRequired;
  if (!/^https?:\/\/[^\s/]+/.test(v.endpoint)) return messages.endpointInvalid;
  if (!v.accessKey) return messages.accessKeyRequired;
  if (!v.bucketName) return messages.bucketRequired;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v.bucketName)) return messages.bucketInvalid;
  return undefined;
}
