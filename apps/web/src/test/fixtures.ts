import type { LoginResult, SiteInfo } from '@cube/contract';

export function siteInfoFixture(overrides: Partial<SiteInfo> = {}): SiteInfo {
  return {
    tenantId: '',
    tenantName: '',
    domain: 'http://localhost',
    backgroundUrl: '',
    resources: [
      { resources_code: 'title', resources_content: '测试门户' },
      { resources_code: 'loginTitle', resources_content: '测试门户登录' },
      { resources_code: 'indexTitle', resources_content: '测试门户首页' },
      { resources_code: 'logo', resources_content: '' },
      { resources_code: 'favicon', resources_content: '/brand/favicon.png' },
    ],
    config: {
      clientId: 'cube',
      clientSecret: 'cube_secret',
      tenantMode: true,
      defaultTenantId: '100000',
      captchaMode: false,
      switchMode: false,
      languageMode: true,
      socialMode: false,
      chatMode: false,
      tokenTime: 43000,
      siteKey: 'site',
      publicKey: '',
    },
    ...overrides,
  };
}

export function loginResultFixture(overrides: Partial<LoginResult> = {}): LoginResult {
  return {
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    token_type: 'bearer',
    expires_in: 43200,
    scope: 'all',
    tenant_id: '100000',
    user_id: '1123598821738675201',
    user_name: 'admin',
    nick_name: '管理员',
    real_name: '管理员',
    account: 'admin',
    role_name: 'administrator',
    role_id: '1123598816738675201',
    dept_id: '1123598813738675201',
    post_id: '1123598817738675201',
    avatar: '',
    oauth_id: '',
    client_id: 'cube',
    password_must_change: false,
    license: 'powered by cube',
    ...overrides,
  };
}
