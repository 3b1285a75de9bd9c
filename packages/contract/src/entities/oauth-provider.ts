import { z } from 'zod';
import { auditRecordShape, defineEntity, optionalText, type RecordOf } from '../entity.js';

const messages = {
  sourceRequired: '请输入登录来源编号',
  sourceInvalid: '登录来源编号只能包含小写字母、数字和短横线',
  sourceExists: '登录来源编号已存在',
  nameRequired: '请输入显示名称',
  categoryRequired: '请选择协议类型',
  clientIdRequired: '请输入 Client ID',
  clientSecretRequired: '请输入 Client Secret',
  issuerRequired: 'OpenID Connect 需要填写 Issuer 地址',
  urlsRequired: 'OAuth 2.0 需要填写授权地址、令牌地址和用户信息地址',
  urlInvalid: '地址必须以 http:// 或 https:// 开头',
  enabledInvalid: '请选择是否启用',
} as const;

const limits = {
  source: 32,
  name: 50,
  clientId: 255,
  clientSecret: 500,
  scope: 255,
  issuer: 500,
  authorizeUrl: 500,
  tokenUrl: 500,
  userinfoUrl: 500,
  remark: 500,
} as const;

/**
 * Protocols a provider speaks. OpenID Connect reads its endpoints from the issuer's discovery document; plain
 * OAuth 2.0 names them; Gitee is OAuth 2.0 with its endpoints known in advance. DingTalk (its 2.0 login:
 * login.dingtalk.com, then api.dingtalk.com with JSON bodies) and the WeChat open platform's website QR login
 * (appid/secret in the query, openid/unionid back) are not standard OAuth 2.0 and have flows of their own; for
 * Gitee, DingTalk and WeChat the three addresses are optional and replace the provider's official ones.
 */
export const OAUTH_CATEGORIES = [
  { value: 1, label: 'OpenID Connect' },
  { value: 2, label: 'OAuth 2.0' },
  { value: 3, label: 'Gitee' },
  { value: 4, label: 'DingTalk' },
  { value: 5, label: 'WeChat' },
] as const;
export const OAUTH_OIDC = 1;
export const OAUTH_PLAIN = 2;
export const OAUTH_GITEE = 3;
export const OAUTH_DINGTALK = 4;
export const OAUTH_WECHAT = 5;
/** Providers that always authenticate the client with its secret (a save without one is refused). */
export const OAUTH_SECRET_REQUIRED: readonly number[] = [OAUTH_GITEE, OAUTH_DINGTALK, OAUTH_WECHAT];

const url = (max: number) =>
  optionalText(max).refine((v) => v === '' || /^https?:\/\/\S+$/.test(v), messages.urlInvalid);

/** Third-party login providers: per tenant; the client secret is sealed at rest and read as a mask. */
export const oauthProviderEntity = defineEntity({
  name: 'oauthProvider',
  api: '/api/cube-system/oauth-provider',
  scope: 'tenant',
  audit: true,
  record: z.object({
    id: z.string(),
    tenantId: z.string(),
    source: z.string(),
    name: z.string(),
    category: z.number(),
    clientId: z.string(),
    /** Always the secret mask (or empty): never the secret. */
    clientSecret: z.string(),
    scope: z.string(),
    issuer: z.string(),
    authorizeUrl: z.string(),
    tokenUrl: z.string(),
    userinfoUrl: z.string(),
    enabled: z.number(),
    remark: z.string(),
    ...auditRecordShape,
  }),
  input: z.object({
    source: z.preprocess(
      (v) => (v === null ? undefined : v),
      z
        .string({ error: messages.sourceRequired })
        .trim()
        .min(1, messages.sourceRequired)
        .max(limits.source, `长度不能超过${limits.source}个字符`)
        .regex(/^[a-z0-9-]+$/, messages.sourceInvalid),
    ),
    name: z.preprocess(
      (v) => (v === null ? undefined : v),
      z.string({ error: messages.nameRequired }).trim().min(1, messages.nameRequired).max(limits.name),
    ),
    category: z.preprocess(
      (v) => (v === null || v === '' ? undefined : v),
      z.coerce
        .number({ error: messages.categoryRequired })
        .int(messages.categoryRequired)
        .refine((n) => OAUTH_CATEGORIES.some((c) => c.value === n), messages.categoryRequired),
    ),
    clientId: z.preprocess(
      (v) => (v === null ? undefined : v),
      z
        .string({ error: messages.clientIdRequired })
        .trim()
        .min(1, messages.clientIdRequired)
        .max(limits.clientId),
    ),
    /** Empty or the mask on update keeps the stored secret. */
    clientSecret: optionalText(limits.clientSecret),
    scope: optionalText(limits.scope),
    issuer: url(limits.issuer),
    authorizeUrl: url(limits.authorizeUrl),
    tokenUrl: url(limits.tokenUrl),
    userinfoUrl: url(limits.userinfoUrl),
    enabled: z.preprocess(
      (v) => (v === null || v === '' || v === undefined ? 1 : v),
      z.coerce.number().int().min(0, messages.enabledInvalid).max(1, messages.enabledInvalid),
    ),
    remark: optionalText(limits.remark),
  }),
  filters: {
    id: 'id',
    source: 'string',
    name: 'string',
    category: 'integer',
    enabled: 'integer',
    createTime: 'date',
  },
  defaultOrder: [{ field: 'id', direction: 'desc' }],
  permissions: {
    read: 'oauth_provider',
    add: 'oauth_provider_add',
    edit: 'oauth_provider_edit',
    remove: 'oauth_provider_delete',
    view: 'oauth_provider_view',
  },
  messages,
  limits,
  unique: [{ fields: ['source'], message: messages.sourceExists }],
});

export type OauthProvider = RecordOf<typeof oauthProviderEntity>;

/** Why a provider cannot be used as entered, or undefined. */
export function oauthProviderProblem(values: {
  category: number;
  issuer: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
}): string | undefined {
  if (values.category === OAUTH_OIDC && !values.issuer) return messages.issuerRequired;
  if (values.category === OAUTH_PLAIN && !(values.authorizeUrl && values.tokenUrl && values.userinfoUrl))
    return messages.urlsRequired;
  return undefined;
}

/** Messages of the social sign-in and guest registration flows. */
export const SocialMessage = {
  PROVIDER_UNKNOWN: '第三方登录未配置或未启用',
  STATE_INVALID: '第三方登录已失效，请重新登录',
  PROVIDER_FAILED: '第三方登录失败，请重新登录',
  OAUTH_INVALID: '第三方登陆信息错误!',
  TENANT_INVALID: '租户信息错误!',
  ACCOUNT_USED: '当前账号已被使用!',
  REGISTER_CLOSED: '注册功能未开启',
  PENDING: '注册申请正在审核，请耐心等待管理员通过',
  UNLINKED: '该第三方账号尚未绑定系统账号',
  TENANT_REQUIRED: '请先输入租户编号',
  ACCOUNT_REQUIRED: '请先输入账号名称',
  PASSWORD_REQUIRED: '请先输入密码',
  PASSWORD_MISMATCH: '两次密码输入不一致',
  SUBMIT_FAILED: '提交失败',
  SUBMITTED: '注册申请已提交,请耐心等待管理员通过!',
  SUBMITTED_TITLE: '注册提示',
  // Linking identities on the profile page.
  LINKED_ELSEWHERE: '该第三方账号已绑定其他账号',
  ALREADY_LINKED: '已绑定该登录方式，请先解绑',
  LINK_NOT_FOUND: '绑定记录不存在',
  LAST_SIGN_IN: '解绑后该账号将无法登录，请先设置密码',
  LINKED: '绑定成功',
  UNLINKED_DONE: '解绑成功',
} as const;

/** Phone sign-in: code lifetime and limits, and its messages. */
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_CODE_MAX_ATTEMPTS = 5;
export const SMS_RESEND_SECONDS = 60;
export const SMS_DAILY_PER_PHONE = 10;
export const SMS_DAILY_PER_ADDRESS = 50;

export const SmsMessage = {
  PHONE_INVALID: '手机号码格式不正确',
  SENT: '验证码已发送',
  TOO_SOON: '验证码发送过于频繁，请一分钟后再试',
  DAILY_LIMIT: '今日验证码发送次数已达上限',
  CODE_WRONG: '验证码不正确或已过期',
} as const;

/** One third-party identity linked to the signed-in user (profile page, `GET /api/cube-auth/oauth/links`). */
export interface LinkedIdentity {
  id: string;
  source: string;
  /** The provider's display name, or the source when the provider is gone. */
  providerName: string;
  username: string;
  nickname: string;
  avatar: string;
  linkTime: string;
}

/** What the profile page's identity section shows: the links, the providers to link, and the unlink rule's input. */
export interface IdentityLinks {
  links: LinkedIdentity[];
  providers: Array<{ source: string; name: string }>;
  hasPassword: boolean;
}
