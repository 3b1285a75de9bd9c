import { z } from 'zod';
import { auditRecordShape, defineEntity, optionalText, type RecordOf } from '../entity.js';

const messages = {
  nameRequired: '请输入名称',
  categoryRequired: '请选择短信服务商',
  accessKeyIdRequired: '请输入 AccessKey ID',
  accessKeySecretRequired: '请输入 AccessKey Secret',
  signNameRequired: '请输入短信签名',
  templateCodeRequired: '请输入模板编号',
  sdkAppIdRequired: '腾讯云短信需要填写 SDK AppID',
  templateParamInvalid: '模板变量名只能包含字母、数字和下划线',
  regionInvalid: '地域只能包含小写字母、数字和短横线',
  enabledInvalid: '请选择是否启用',
  oneEnabled: '每个租户只能启用一个短信服务，请先停用其他短信服务',
} as const;

const limits = {
  name: 50,
  accessKeyId: 128,
  accessKeySecret: 256,
  signName: 50,
  templateCode: 64,
  sdkAppId: 32,
  region: 32,
  templateParam: 32,
  remark: 500,
} as const;

/** SMS services that send phone sign-in codes, each through its vendor's official SDK. */
export const SMS_CATEGORIES = [
  { value: 1, label: 'Alibaba Cloud' },
  { value: 2, label: 'Tencent Cloud' },
] as const;
export const SMS_ALIYUN = 1;
export const SMS_TENCENT = 2;

const required = (max: number, message: string) =>
  z.preprocess(
    (v) => (v === null ? undefined : v),
    z.string({ error: message }).trim().min(1, message).max(max, `长度不能超过${max}个字符`),
  );

/**
 * A tenant's SMS service for phone sign-in codes: Alibaba Cloud (sign name, template code, the template's
 * variable name) or Tencent Cloud (SDK AppID, sign name, template id, region). The AccessKey secret is sealed at
 * rest and read back as a mask; at most one service per tenant is enabled. Without one, codes go to the server
 * log outside production (the development provider) and phone sign-in is refused in production.
 */
export const smsProviderEntity = defineEntity({
  name: 'smsProvider',
  api: '/api/cube-system/sms-provider',
  scope: 'tenant',
  audit: true,
  record: z.object({
    id: z.string(),
    tenantId: z.string(),
    name: z.string(),
    category: z.number(),
    accessKeyId: z.string(),
    /** Always the secret mask (or empty): never the secret. */
    accessKeySecret: z.string(),
    signName: z.string(),
    templateCode: z.string(),
    sdkAppId: z.string(),
    region: z.string(),
    templateParam: z.string(),
    enabled: z.number(),
    remark: z.string(),
    ...auditRecordShape,
  }),
  input: z.object({
    name: required(limits.name, messages.nameRequired),
    category: z.preprocess(
      (v) => (v === null || v === '' ? undefined : v),
      z.coerce
        .number({ error: messages.categoryRequired })
        .int(messages.categoryRequired)
        .refine((n) => SMS_CATEGORIES.some((c) => c.value === n), messages.categoryRequired),
    ),
    accessKeyId: required(limits.accessKeyId, messages.accessKeyIdRequired),
    /** Empty or the mask on update keeps the stored secret; required on create. */
    accessKeySecret: optionalText(limits.accessKeySecret),
    signName: required(limits.signName, messages.signNameRequired),
    templateCode: required(limits.templateCode, messages.templateCodeRequired),
    sdkAppId: optionalText(limits.sdkAppId),
    region: optionalText(limits.region).refine(
      (v) => v === '' || /^[a-z0-9-]+$/.test(v),
      messages.regionInvalid,
    ),
    templateParam: optionalText(limits.templateParam).refine(
      (v) => v === '' || /^\w+$/.test(v),
      messages.templateParamInvalid,
    ),
    enabled: z.preprocess(
      (v) => (v === null || v === '' || v === undefined ? 1 : v),
      z.coerce.number().int().min(0, messages.enabledInvalid).max(1, messages.enabledInvalid),
    ),
    remark: optionalText(limits.remark),
  }),
  filters: {
    id: 'id',
    name: 'string',
    category: 'integer',
    enabled: 'integer',
    createTime: 'date',
  },
  defaultOrder: [{ field: 'id', direction: 'desc' }],
  permissions: {
    read: 'sms_provider',
    add: 'sms_provider_add',
    edit: 'sms_provider_edit',
    remove: 'sms_provider_delete',
    view: 'sms_provider_view',
  },
  messages,
  limits,
});

export type SmsProvider = RecordOf<typeof smsProviderEntity>;

/** Why a service cannot be used as entered, or undefined (the secret is checked by the server on create). */
export function smsProviderProblem(values: { category: number; sdkAppId: string }): string | undefined {
  if (values.category === SMS_TENCENT && !values.sdkAppId) return messages.sdkAppIdRequired;
  return undefined;
}

/** What a visitor is told when the SMS service refuses or fails (the vendor's own code goes to the log). */
export const SmsProviderMessage = {
  NOT_CONFIGURED: '短信登录未开通，请联系管理员',
  TOO_FREQUENT: '短信发送过于频繁，请稍后再试',
  PHONE_REFUSED: '手机号码格式不正确',
  BALANCE: '短信服务余额不足，请联系管理员',
  MISCONFIGURED: '短信服务配置有误，请联系管理员',
  REFUSED: '短信发送失败，请稍后再试',
  UNAVAILABLE: '短信服务暂时不可用，请稍后再试',
} as const;
