import { z } from 'zod';
import {
  auditRecordShape,
  CommonMessage,
  defineEntity,
  optionalText,
  type RecordOf,
  requiredText,
} from '../entity.js';

/** The OAuth client form (labels and messages of Saber's `client.vue`). */
const messages = {
  clientIdRequired: '请输入客户端id',
  clientIdInvalid: '客户端id只能包含字母、数字、下划线、点和横线',
  clientIdExists: '客户端id已存在',
  clientSecretTooShort: '客户端密钥至少16个字符',
  scopeRequired: '请输入授权范围',
  grantTypesRequired: '请输入授权类型',
  grantTypesInvalid: '授权类型不合法',
  accessValidityRequired: '请输入令牌过期秒数',
  refreshValidityRequired: '请输入刷新令牌过期秒数',
  redirectInvalid: '回调地址必须以http://或https://开头',
  webClientRemove: '控制台自身的客户端不能删除',
  webClientClientId: '控制台自身的客户端id不能修改',
  webClientGrantTypes: '控制台自身的客户端必须保留授权类型: password, captcha, refresh_token',
  webClientSecret: '控制台自身的客户端密钥由服务配置管理，不能在此重置',
} as const;

const limits = {
  clientId: 64,
  clientSecret: 256,
  scope: 255,
  authorizedGrantTypes: 255,
  webServerRedirectUri: 1000,
  resourceIds: 255,
  authorities: 255,
  additionalInformation: 4096,
  autoapprove: 255,
} as const;

/** Grant types a client may be given (Spring Security OAuth2's, plus BladeX's captcha and social). */
export const CLIENT_GRANT_TYPES = [
  'password',
  'refresh_token',
  'authorization_code',
  'captcha',
  'social',
  'client_credentials',
  'implicit',
  'sms_code',
] as const;

/** The grant types the console itself signs in and stays signed in with. */
export const WEB_CLIENT_GRANT_TYPES = ['password', 'captcha', 'refresh_token'] as const;

/** Longest token validity a client may set: ten years, in seconds. */
const MAX_VALIDITY = 315_360_000;

const validity = (message: string) =>
  z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_VALIDITY, message),
  );

/** A comma list (or an array, as a checkbox group sends it) of known grant types, stored comma-joined. */
const grantTypes = z.preprocess(
  (v) => (Array.isArray(v) ? v.join(',') : v === null ? undefined : v),
  z
    .string({ error: messages.grantTypesRequired })
    .trim()
    .min(1, messages.grantTypesRequired)
    .max(limits.authorizedGrantTypes, CommonMessage.tooLong(limits.authorizedGrantTypes))
    .transform((s) =>
      [
        ...new Set(
          s
            .split(',')
            .map((g) => g.trim())
            .filter(Boolean),
        ),
      ].join(','),
    )
    .refine(
      (s) => s !== '' && s.split(',').every((g) => (CLIENT_GRANT_TYPES as readonly string[]).includes(g)),
      messages.grantTypesInvalid,
    ),
);

/**
 * OAuth clients: who may call the token endpoint, with which grant types, and how long the tokens
 * it is given live. The secret is stored as an argon2id hash and never answered; it is shown once, in the answer
 * of the submit that created it or of `reset-secret`.
 */
export const clientEntity = defineEntity({
  name: 'client',
  api: '/api/cube-system/client',
  scope: 'global',
  audit: true,
  record: z.object({
    id: z.string(),
    clientId: z.string(),
    resourceIds: z.string(),
    scope: z.string(),
    authorizedGrantTypes: z.string(),
    webServerRedirectUri: z.string(),
    authorities: z.string(),
    accessTokenValidity: z.number(),
    refreshTokenValidity: z.number(),
    additionalInformation: z.string(),
    autoapprove: z.string(),
    ...auditRecordShape,
  }),
  input: z.object({
    clientId: z.preprocess(
      (v) => (v === null ? undefined : v),
      z
        .string({ error: messages.clientIdRequired })
        .trim()
        .min(1, messages.clientIdRequired)
        .max(limits.clientId, CommonMessage.tooLong(limits.clientId))
        .regex(/^[A-Za-z0-9_.-]+$/, messages.clientIdInvalid),
    ),
    /** Optional: a new client without one is given a generated secret; on update a value replaces the secret. */
    clientSecret: z.preprocess(
      (v) => (v === null || v === '' ? undefined : v),
      z
        .string()
        .min(16, messages.clientSecretTooShort)
        .max(limits.clientSecret, CommonMessage.tooLong(limits.clientSecret))
        .optional(),
    ),
    scope: requiredText(messages.scopeRequired, limits.scope),
    authorizedGrantTypes: grantTypes,
    webServerRedirectUri: optionalText(limits.webServerRedirectUri).refine(
      (s) => s === '' || s.split(',').every((u) => /^https?:\/\/\S+$/.test(u.trim())),
      messages.redirectInvalid,
    ),
    resourceIds: optionalText(limits.resourceIds),
    authorities: optionalText(limits.authorities),
    accessTokenValidity: validity(messages.accessValidityRequired),
    refreshTokenValidity: validity(messages.refreshValidityRequired),
    // Free text, as BladeX stores it (a JSON object is text too).
    additionalInformation: optionalText(limits.additionalInformation),
    autoapprove: optionalText(limits.autoapprove),
  }),
  filters: {
    id: 'id',
    clientId: 'string',
    scope: 'string',
    authorizedGrantTypes: 'string',
    accessTokenValidity: 'integer',
    refreshTokenValidity: 'integer',
    createTime: 'date',
    updateTime: 'date',
    status: 'integer',
  },
  defaultOrder: [{ field: 'id', direction: 'asc' }],
  permissions: {
    read: 'client',
    add: 'client_add',
    edit: 'client_edit',
    remove: 'client_delete',
    view: 'client_view',
  },
  messages,
  limits,
  unique: [{ fields: ['clientId'], message: messages.clientIdExists }],
});

/** The button that gives a client a new secret (shown once). */
export const CLIENT_RESET_SECRET_CODE = 'client_secret';

export type Client = RecordOf<typeof clientEntity>;
