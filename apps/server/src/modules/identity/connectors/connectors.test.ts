import { OAUTH_DINGTALK, OAUTH_OIDC, OAUTH_WECHAT, SocialMessage } from '@cube/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  basic,
  createTestApp,
  DEMO,
  dialects,
  type Response,
  type TestApp,
} from '../../../../test/helpers.js';
import { json, type ProviderFake, startProviderFake } from '../../../../test/provider-fakes.js';
import { withPlatformScope } from '../../../db/row-scope.js';

/**
 * DingTalk (2.0 login) and the WeChat open platform's website QR login, whose flows are not standard OAuth: each
 * against a local fake of its endpoints under the real host names (the guarded outbound client with a test
 * resolver), asserting what the server sends and what it makes of the answers and refusals; the official
 * addresses replaced per provider; and the guard (a private answer, a plain-http provider without the
 * development loopback setting).
 */
describe.each(dialects)('DingTalk and WeChat sign-in on %s', (dialect) => {
  let t: TestApp;
  let fake: ProviderFake;
  let admin: string;

  beforeAll(async () => {
    fake = await startProviderFake();
    t = await createTestApp(dialect, {}, undefined, {
      configure: (config) => {
        config.outbound = { ...config.outbound, network: fake.network };
      },
    });
    admin = (await t.token(DEMO.tenantAdmin)).access_token;
    for (const provider of [
      { source: 'dingtalk', name: '钉钉', category: OAUTH_DINGTALK, clientId: 'ding-app-key' },
      { source: 'wechat', name: '微信', category: OAUTH_WECHAT, clientId: 'wx-app-id' },
      {
        source: 'ding-own',
        name: '钉钉（专属）',
        category: OAUTH_DINGTALK,
        clientId: 'ding-own-key',
        tokenUrl: 'https://sso.example.test/dingtalk/token',
        userinfoUrl: 'https://sso.example.test/dingtalk/me',
      },
    ]) {
      const saved = await t.call('POST', '/api/cube-system/oauth-provider/submit', admin, {
        ...provider,
        clientSecret: `${provider.source}-secret`,
      });
      expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ code: 200 });
    }
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.privateHosts.clear();
    fake.routes.clear();
  });

  async function start(source: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/cube-auth/oauth/render/${source}?tenantId=100000`,
    });
    return {
      location: new URL(String(res.headers.location ?? ''), 'http://localhost'),
      cookie: String(res.headers['set-cookie'] ?? '').split(';')[0] ?? '',
    };
  }
  /** The provider sends the browser back with `query`; answers the login page's query. */
  async function callback(source: string, query: Record<string, string>) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/cube-auth/oauth/callback/${source}?${new URLSearchParams(query)}`,
    });
    expect(res.statusCode).toBe(302);
    return new URL(String(res.headers.location), 'http://localhost').searchParams;
  }
  async function grant(params: URLSearchParams, cookie: string): Promise<Response> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cube-auth/oauth/token',
      query: { grant_type: 'social', scope: 'all', ...Object.fromEntries(params) },
      headers: { authorization: basic(), 'tenant-id': '100000', cookie },
    });
    return { statusCode: res.statusCode, body: JSON.parse(res.body), raw: res.body };
  }
  const identity = (source: string, uuid: string) =>
    withPlatformScope(() =>
      t.deps.db.db
        .selectFrom('cubeUserOauth')
        .selectAll()
        .where('tenantId', '=', '100000')
        .where('source', '=', source)
        .where('uuid', '=', uuid)
        .executeTakeFirst(),
    );

  function dingtalkRoutes(
    tokenAt = 'api.dingtalk.com/v1.0/oauth2/userAccessToken',
    meAt = 'api.dingtalk.com/v1.0/contact/users/me',
  ) {
    fake.routes.set(tokenAt, (req, res) => {
      const body = JSON.parse(req.body) as Record<string, string>;
      if (body.code !== 'ding-code')
        return json(res, 400, { code: 'invalidAuthCode', message: '授权码无效' });
      json(res, 200, { accessToken: `at-for-${body.clientId}`, refreshToken: 'rt', expireIn: 7200 });
    });
    fake.routes.set(meAt, (req, res) => {
      if (!String(req.headers['x-acs-dingtalk-access-token']).startsWith('at-for-'))
        return json(res, 401, { code: 'InvalidAuthentication', message: '不合法的access_token' });
      json(res, 200, {
        nick: '钉钉用户',
        avatarUrl: 'https://static.dingtalk.com/a.png',
        openId: 'ding-open-1',
        unionId: 'ding-union-1',
        email: 'ding@example.com',
        stateCode: '86',
      });
    });
  }

  it('DingTalk: the authorize address of login.dingtalk.com, with state and without PKCE', async () => {
    const { location, cookie } = await start('dingtalk');
    expect(location.origin + location.pathname).toBe('https://login.dingtalk.com/oauth2/auth');
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: 'ding-app-key',
      response_type: 'code',
      scope: 'openid',
      prompt: 'consent',
      redirect_uri: 'http://localhost:80/api/cube-auth/oauth/callback/dingtalk',
    });
    expect(location.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(location.searchParams.has('code_challenge')).toBe(false);
    expect(cookie).toMatch(/^cube_oauth_binding=/);
    expect(fake.requests).toHaveLength(0);
  });

  it('DingTalk: authCode traded as JSON at userAccessToken, the person from users/me by unionId', async () => {
    dingtalkRoutes();
    const { location, cookie } = await start('dingtalk');
    // DingTalk names the code `authCode`.
    const back = await callback('dingtalk', {
      authCode: 'ding-code',
      state: location.searchParams.get('state') ?? '',
    });
    expect(back.get('code')).toBe('ding-code');
    const res = await grant(back, cookie);
    expect(res.body, res.raw).toMatchObject({ user_id: '-1', user_name: '钉钉用户', access_token: '' });
    const [token, me] = fake.requests;
    expect(token).toMatchObject({
      host: 'api.dingtalk.com',
      method: 'POST',
      path: '/v1.0/oauth2/userAccessToken',
    });
    expect(token?.headers['content-type']).toContain('application/json');
    expect(JSON.parse(token?.body ?? '')).toEqual({
      clientId: 'ding-app-key',
      clientSecret: 'dingtalk-secret',
      code: 'ding-code',
      grantType: 'authorization_code',
    });
    expect(me).toMatchObject({ host: 'api.dingtalk.com', method: 'GET', path: '/v1.0/contact/users/me' });
    expect(me?.headers['x-acs-dingtalk-access-token']).toBe('at-for-ding-app-key');
    expect(await identity('dingtalk', 'ding-union-1')).toMatchObject({
      nickname: '钉钉用户',
      email: 'ding@example.com',
      userId: null,
    });
  });

  it('DingTalk: a refused code is the provider failure message, and the state is spent', async () => {
    dingtalkRoutes();
    const { location, cookie } = await start('dingtalk');
    const back = await callback('dingtalk', {
      authCode: 'stale',
      state: location.searchParams.get('state') ?? '',
    });
    const res = await grant(back, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.body.error_description).toBe(SocialMessage.PROVIDER_FAILED);
    expect((await grant(back, cookie)).body.error_description).toBe(SocialMessage.STATE_INVALID);
    expect(t.logs.some((l) => l.includes('invalidAuthCode'))).toBe(true);
  });

  it("a provider's official addresses can be replaced (here DingTalk's, by sso.example.test)", async () => {
    dingtalkRoutes('sso.example.test/dingtalk/token', 'sso.example.test/dingtalk/me');
    const { location, cookie } = await start('ding-own');
    expect(location.host).toBe('login.dingtalk.com');
    const back = await callback('ding-own', {
      authCode: 'ding-code',
      state: location.searchParams.get('state') ?? '',
    });
    const res = await grant(back, cookie);
    expect(res.body, res.raw).toMatchObject({ user_id: '-1', user_name: '钉钉用户' });
    expect(fake.requests.map((r) => `${r.host}${r.path}`)).toEqual([
      'sso.example.test/dingtalk/token',
      'sso.example.test/dingtalk/me',
    ]);
  });

  function wechatRoutes() {
    // WeChat labels its JSON text/plain and answers errors as errcode in a 200.
    fake.routes.set('api.weixin.qq.com/sns/oauth2/access_token', (req, res) => {
      if (req.query.get('code') !== 'wx-code')
        return json(res, 200, { errcode: 40029, errmsg: 'invalid code' }, 'text/plain');
      json(
        res,
        200,
        {
          access_token: 'wx-at',
          expires_in: 7200,
          refresh_token: 'wx-rt',
          openid: 'wx-open-1',
          scope: 'snsapi_login',
          unionid: 'wx-union-1',
        },
        'text/plain',
      );
    });
    fake.routes.set('api.weixin.qq.com/sns/userinfo', (req, res) => {
      if (req.query.get('access_token') !== 'wx-at')
        return json(res, 200, { errcode: 40001, errmsg: 'bad token' });
      json(res, 200, {
        openid: req.query.get('openid'),
        nickname: '微信用户',
        sex: 1,
        headimgurl: 'https://thirdwx.qlogo.cn/a.png',
        unionid: 'wx-union-1',
      });
    });
  }

  it('WeChat: the QR login address with appid and #wechat_redirect', async () => {
    const { location } = await start('wechat');
    expect(location.origin + location.pathname).toBe('https://open.weixin.qq.com/connect/qrconnect');
    expect(location.hash).toBe('#wechat_redirect');
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      appid: 'wx-app-id',
      response_type: 'code',
      scope: 'snsapi_login',
    });
    expect(location.searchParams.has('client_id')).toBe(false);
  });

  it('WeChat: appid, secret and code in the query; the openid and unionid back; the person from sns/userinfo', async () => {
    wechatRoutes();
    const { location, cookie } = await start('wechat');
    const back = await callback('wechat', {
      code: 'wx-code',
      state: location.searchParams.get('state') ?? '',
    });
    const res = await grant(back, cookie);
    expect(res.body, res.raw).toMatchObject({ user_id: '-1', user_name: '微信用户' });
    const [token, info] = fake.requests;
    expect(token).toMatchObject({
      host: 'api.weixin.qq.com',
      method: 'GET',
      path: '/sns/oauth2/access_token',
    });
    expect(Object.fromEntries(token?.query ?? [])).toEqual({
      appid: 'wx-app-id',
      secret: 'wechat-secret',
      code: 'wx-code',
      grant_type: 'authorization_code',
    });
    expect(Object.fromEntries(info?.query ?? [])).toMatchObject({
      access_token: 'wx-at',
      openid: 'wx-open-1',
    });
    expect(await identity('wechat', 'wx-union-1')).toMatchObject({ nickname: '微信用户', userId: null });
  });

  it('WeChat: an errcode answer is the provider failure message', async () => {
    wechatRoutes();
    const { location, cookie } = await start('wechat');
    const back = await callback('wechat', {
      code: 'used-code',
      state: location.searchParams.get('state') ?? '',
    });
    const res = await grant(back, cookie);
    expect(res.body.error_description).toBe(SocialMessage.PROVIDER_FAILED);
    expect(t.logs.some((l) => l.includes('40029'))).toBe(true);
  });

  it('WeChat: a linked identity signs in as its user', async () => {
    wechatRoutes();
    const user = await t.token(DEMO.tenantUser);
    await withPlatformScope(() =>
      t.deps.db.db
        .updateTable('cubeUserOauth')
        .set({ userId: user.user_id })
        .where('source', '=', 'wechat')
        .where('uuid', '=', 'wx-union-1')
        .execute(),
    );
    const { location, cookie } = await start('wechat');
    const back = await callback('wechat', {
      code: 'wx-code',
      state: location.searchParams.get('state') ?? '',
    });
    const res = await grant(back, cookie);
    expect(res.body, res.raw).toMatchObject({ user_id: user.user_id, account: 'user' });
    expect(res.body.access_token).toBeTruthy();
  });

  it('goes through the outbound guard: a provider host resolving to a private address is never reached', async () => {
    wechatRoutes();
    fake.privateHosts.add('api.weixin.qq.com');
    await fake.dropConnections();
    const { location, cookie } = await start('wechat');
    const back = await callback('wechat', {
      code: 'wx-code',
      state: location.searchParams.get('state') ?? '',
    });
    const res = await grant(back, cookie);
    expect(res.body.error_description).toBe(SocialMessage.PROVIDER_FAILED);
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses a plain-http provider unless the development loopback setting is on', async () => {
    const saved = await t.call('POST', '/api/cube-system/oauth-provider/submit', admin, {
      source: 'plain-local',
      name: '本机身份',
      category: OAUTH_OIDC,
      clientId: 'x',
      issuer: 'http://127.0.0.1:9/',
    });
    expect(saved.body.code).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/cube-auth/oauth/render/plain-local?tenantId=100000',
    });
    expect(res.statusCode).toBe(302);
    expect(String(res.headers.location)).toContain('/login?socialError=');
    expect(res.headers['set-cookie']).toBeUndefined();
    // oauth4webapi's own https check refuses it before the guard's (只允许 https 链接) would.
    expect(t.logs.some((l) => l.includes('only requests to HTTPS are allowed'))).toBe(true);
  });

  it('asks for the secret of a DingTalk or WeChat provider', async () => {
    const res = await t.call('POST', '/api/cube-system/oauth-provider/submit', admin, {
      source: 'wechat-2',
      name: '微信2',
      category: OAUTH_WECHAT,
      clientId: 'wx2',
    });
    expect(res.body).toMatchObject({ code: 400, msg: '请输入 Client Secret' });
  });
});
