import { z } from 'zod';

/**
 * The flat token answer of `POST /api/cube-auth/oauth/token`.
 * Every id is a string. On failure the same endpoint answers HTTP 400 with `error_description` (and `code`/`msg`).
 */
export const loginResultSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  scope: z.literal('all'),
  tenant_id: z.string(),
  user_id: z.string(),
  user_name: z.string(),
  nick_name: z.string(),
  real_name: z.string(),
  account: z.string(),
  role_name: z.string(),
  role_id: z.string(),
  dept_id: z.string(),
  post_id: z.string(),
  avatar: z.string(),
  oauth_id: z.string(),
  client_id: z.string(),
  /** True when the account still carries an initial password that must be changed before anything else. */
  password_must_change: z.boolean(),
  license: z.string(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const loginFailureSchema = z.object({
  code: z.number().int(),
  success: z.literal(false),
  msg: z.string(),
  error: z.string(),
  error_code: z.number().int(),
  error_description: z.string(),
});
export type LoginFailure = z.infer<typeof loginFailureSchema>;

export const GrantType = {
  password: 'password',
  captcha: 'captcha',
  refreshToken: 'refresh_token',
} as const;

/** Messages of the token endpoint, shown verbatim by the login form. */
export const AuthMessage = {
  BAD_CREDENTIALS: '用户名或密码错误',
  TOO_MANY_FAILURES: '登录错误次数过多,请稍后再试',
  CAPTCHA_WRONG: '验证码不正确',
  TENANT_EXPIRED: '租户授权已过期,请联系管理员',
  TENANT_DISABLED: '租户已被禁用,请联系管理员',
  USER_DISABLED: '账号已被禁用,请联系管理员',
  NO_ROLE: '未获得用户的角色信息',
  CLIENT_AUTH_FAILED: '客户端认证失败!',
  CLIENT_MISSING: '缺失客户端信息,请检查请求头',
  GRANT_TYPE_UNSUPPORTED: '不支持的授权类型',
  REFRESH_INVALID: '刷新令牌无效或已过期,请重新登录',
  SESSION_EXPIRED: '登录状态已过期,请重新登录',
  PASSWORD_MUST_CHANGE: '请先修改初始密码',
  OLD_PASSWORD_WRONG: '原密码不正确!',
  CONFIRM_PASSWORD_WRONG: '请输入正确的确认密码!',
} as const;

/** A branding entry of the site-info answer. */
export const loginResourceSchema = z.object({ resources_code: z.string(), resources_content: z.string() });
export type LoginResource = z.infer<typeof loginResourceSchema>;

/** Branding resource codes the web app reads. */
export const ResourceCode = {
  title: 'title',
  loginTitle: 'loginTitle',
  indexTitle: 'indexTitle',
  logo: 'logo',
  favicon: 'favicon',
  /** The tenant's brand colour, ICP filing number and copyright line (site settings). */
  primaryColor: 'primaryColor',
  icp: 'icp',
  copyright: 'copyright',
} as const;

/**
 * Runtime configuration the web app receives at boot instead of compiling it in. The web client's id and
 * secret are public by nature (every browser sends them); the secret only tells the token endpoint which
 * registered client asks.
 */
export const runtimeConfigSchema = z.object({
  clientId: z.string(),
  clientSecret: z.string(),
  tenantMode: z.boolean(),
  defaultTenantId: z.string(),
  captchaMode: z.boolean(),
  switchMode: z.boolean(),
  languageMode: z.boolean(),
  socialMode: z.boolean(),
  /** The chat helper has an upstream: the console shows its assistant. */
  chatMode: z.boolean(),
  tokenTime: z.number().int(),
  siteKey: z.string(),
  /** The SM2 public key (hex, `04…`) a BladeX console encrypts the login password with (Saber `website.publicKey`). */
  publicKey: z.string(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** `GET /api/cube-system/tenant/info?domain=` (no token). `tenantId` is empty when no tenant owns the domain. */
export const siteInfoSchema = z.object({
  tenantId: z.string(),
  tenantName: z.string(),
  domain: z.string(),
  backgroundUrl: z.string(),
  resources: z.array(loginResourceSchema),
  config: runtimeConfigSchema,
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

export const captchaSchema = z.object({ key: z.string(), image: z.string() });
export type Captcha = z.infer<typeof captchaSchema>;
