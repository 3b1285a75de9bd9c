import { SocialMessage } from '@cube/contract';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, createTestApp, DEMO, dialects, type TestApp } from '../../../test/helpers.js';
import { withPlatformScope } from '../../db/row-scope.js';

/**
 * Linking and unlinking third-party identities on the profile page, against a real local OpenID
 * provider: the authorize flow in link mode bound to the signed-in user and the browser, the return to the
 * profile page, the link itself, the list, the refusals (a link state used to sign in or by another user, a login
 * state used to link, no binding cookie, a replay, an identity of another account, a second identity of one
 * provider) and the unlink rule.
 */
describe.each(dialects)('identity links on %s', (dialect) => {
  let t: TestApp;
  let provider: OAuth2Server;
  let subject = 'link-1';
  let user: { token: string; id: string };
  let admin: { token: string; id: string };

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    provider.service.on('beforeTokenSigning', (token) => {
      token.payload.sub = subject;
      token.payload.aud = 'cube-link';
    });
    provider.service.on('beforeUserinfo', (info) => {
      info.body = { sub: subject, preferred_username: `${subject}-name`, name: '绑定测试' };
    });
    // The local provider listens on 127.0.0.1 over http: the development loopback exception of the guard.
    t = await createTestApp(dialect, { CUBE_OUTBOUND_LOOPBACK: 'true' });
    const a = await t.token(DEMO.tenantAdmin);
    const u = await t.token(DEMO.tenantUser);
    admin = { token: a.access_token, id: a.user_id };
    user = { token: u.access_token, id: u.user_id };
    const saved = await t.call('POST', '/api/cube-system/oauth-provider/submit', admin.token, {
      source: 'local',
      name: '本地身份',
      category: 1,
      clientId: 'cube-link',
      issuer: provider.issuer.url,
    });
    expect(saved.body).toMatchObject({ code: 200 });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.stop();
  });

  const authed = (token: string, cookie?: string) => ({
    authorization: basic(),
    'cube-auth': `bearer ${token}`,
    ...(cookie ? { cookie } : {}),
  });

  /** 绑定: the profile page asks for the provider address; the browser keeps the binding cookie. */
  async function startLink(token: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cube-auth/oauth/link/local',
      headers: authed(token),
    });
    const body = JSON.parse(res.body);
    expect(body, res.body).toMatchObject({ code: 200 });
    return {
      url: body.data.url as string,
      cookie: String(res.headers['set-cookie'] ?? '').split(';')[0] ?? '',
    };
  }
  /** The provider's page (it answers at once) and our callback; answers where the callback sends the browser. */
  async function authorize(url: string) {
    const atProvider = await fetch(url, { redirect: 'manual' });
    const back = new URL(atProvider.headers.get('location') ?? '');
    const res = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(res.statusCode).toBe(302);
    return new URL(String(res.headers.location), 'http://localhost');
  }
  async function finish(token: string, query: URLSearchParams, cookie?: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cube-auth/oauth/link-finish',
      headers: { ...authed(token, cookie), 'content-type': 'application/json' },
      payload: { source: query.get('source'), code: query.get('code'), state: query.get('state') },
    });
    return { statusCode: res.statusCode, body: JSON.parse(res.body) };
  }
  const links = async (token: string) =>
    (await t.call('GET', '/api/cube-auth/oauth/links', token)).body.data as {
      links: Array<{ id: string; source: string; providerName: string; nickname: string; linkTime: string }>;
      providers: Array<{ source: string; name: string }>;
      hasPassword: boolean;
    };
  /** A whole link for `token` as `sub`. */
  async function link(token: string, sub: string) {
    subject = sub;
    const { url, cookie } = await startLink(token);
    const back = await authorize(url);
    return finish(token, back.searchParams, cookie);
  }

  it('lists nothing linked yet, the providers that can be linked, and that the account has a password', async () => {
    expect(await links(user.token)).toEqual({
      links: [],
      providers: [{ source: 'local', name: '本地身份' }],
      hasPassword: true,
    });
    expect((await t.call('GET', '/api/cube-auth/oauth/links')).statusCode).toBe(401);
  });

  it('links through the provider in link mode and comes back to the profile page', async () => {
    subject = 'link-1';
    const { url, cookie } = await startLink(user.token);
    expect(cookie).toMatch(/^cube_oauth_binding=/);
    const provided = new URL(url);
    expect(provided.searchParams.get('code_challenge_method')).toBe('S256');
    const back = await authorize(url);
    expect(back.pathname).toBe('/info/index');
    expect(back.searchParams.get('tab')).toBe('identity');
    expect(back.searchParams.get('source')).toBe('local');
    const res = await finish(user.token, back.searchParams, cookie);
    expect(res.body).toMatchObject({ code: 200, msg: SocialMessage.LINKED });
    const listed = await links(user.token);
    expect(listed.links).toHaveLength(1);
    expect(listed.links[0]).toMatchObject({
      source: 'local',
      providerName: '本地身份',
      nickname: '绑定测试',
    });
    expect(listed.links[0]?.linkTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // A replay of the same return is refused (the state is spent).
    expect((await finish(user.token, back.searchParams, cookie)).body.msg).toBe(SocialMessage.STATE_INVALID);
  });

  it('the linked identity signs in as its user', async () => {
    subject = 'link-1';
    const render = await t.app.inject({
      method: 'GET',
      url: '/api/cube-auth/oauth/render/local?tenantId=100000',
    });
    const cookie = String(render.headers['set-cookie']).split(';')[0] ?? '';
    const back = await authorize(String(render.headers.location));
    expect(back.pathname).toBe('/login');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cube-auth/oauth/token',
      query: { grant_type: 'social', scope: 'all', ...Object.fromEntries(back.searchParams) },
      headers: { authorization: basic(), 'tenant-id': '100000', cookie },
    });
    expect(JSON.parse(res.body)).toMatchObject({ user_id: user.id, account: 'user' });
  });

  it('a link state does not sign in, and a login state does not link', async () => {
    subject = 'link-2';
    const { url, cookie } = await startLink(user.token);
    const back = await authorize(url);
    const asLogin = await t.app.inject({
      method: 'POST',
      url: '/api/cube-auth/oauth/token',
      query: {
        grant_type: 'social',
        scope: 'all',
        tenantId: '100000',
        source: 'local',
        code: back.searchParams.get('code') ?? '',
        state: back.searchParams.get('state') ?? '',
      },
      headers: { authorization: basic(), 'tenant-id': '100000', cookie },
    });
    expect(JSON.parse(asLogin.body).error_description).toBe(SocialMessage.STATE_INVALID);

    const render = await t.app.inject({
      method: 'GET',
      url: '/api/cube-auth/oauth/render/local?tenantId=100000',
    });
    const loginCookie = String(render.headers['set-cookie']).split(';')[0] ?? '';
    const loginBack = await authorize(String(render.headers.location));
    expect((await finish(user.token, loginBack.searchParams, loginCookie)).body.msg).toBe(
      SocialMessage.STATE_INVALID,
    );
    expect((await links(user.token)).links).toHaveLength(1);
  });

  it("another user cannot finish someone's link, nor can a browser without the binding cookie", async () => {
    subject = 'link-3';
    const { url, cookie } = await startLink(user.token);
    const back = await authorize(url);
    expect((await finish(admin.token, back.searchParams, cookie)).body.msg).toBe(SocialMessage.STATE_INVALID);
    const again = await startLink(user.token);
    const back2 = await authorize(again.url);
    expect((await finish(user.token, back2.searchParams)).body.msg).toBe(SocialMessage.STATE_INVALID);
    expect((await links(admin.token)).links).toHaveLength(0);
    expect((await links(user.token)).links).toHaveLength(1);
  });

  it('refuses an identity linked to another account, and a second identity of the same provider', async () => {
    expect((await link(admin.token, 'link-1')).body).toMatchObject({
      code: 400,
      msg: SocialMessage.LINKED_ELSEWHERE,
    });
    expect((await link(user.token, 'link-4')).body).toMatchObject({
      code: 400,
      msg: SocialMessage.ALREADY_LINKED,
    });
    // Linking the one already linked again changes nothing.
    expect((await link(user.token, 'link-1')).body).toMatchObject({ code: 200 });
    expect((await links(user.token)).links).toHaveLength(1);
  });

  it("unlinks one's own identity only; the identity then is a new visitor again", async () => {
    const [own] = (await links(user.token)).links;
    const other = await t.call('POST', `/api/cube-auth/oauth/unlink?id=${own?.id}`, admin.token);
    expect(other.body).toMatchObject({ code: 400, msg: SocialMessage.LINK_NOT_FOUND });
    const res = await t.call('POST', `/api/cube-auth/oauth/unlink?id=${own?.id}`, user.token);
    expect(res.body).toMatchObject({ code: 200, msg: SocialMessage.UNLINKED_DONE });
    expect((await links(user.token)).links).toEqual([]);
    // Now the administrator may link it.
    expect((await link(admin.token, 'link-1')).body).toMatchObject({ code: 200 });
  });

  it('refuses to unlink the last way in of an account without a password', async () => {
    expect((await link(user.token, 'link-5')).body).toMatchObject({ code: 200 });
    const stored = await withPlatformScope(() =>
      t.deps.db.db
        .selectFrom('cubeUser')
        .select('password')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow(),
    );
    const setPassword = (password: string) =>
      withPlatformScope(() =>
        t.deps.db.db.updateTable('cubeUser').set({ password }).where('id', '=', user.id).execute(),
      );
    await setPassword('');
    try {
      const listed = await links(user.token);
      expect(listed.hasPassword).toBe(false);
      const res = await t.call('POST', `/api/cube-auth/oauth/unlink?id=${listed.links[0]?.id}`, user.token);
      expect(res.body).toMatchObject({ code: 400, msg: SocialMessage.LAST_SIGN_IN });
      expect((await links(user.token)).links).toHaveLength(1);
    } finally {
      await setPassword(stored.password);
    }
    const [only] = (await links(user.token)).links;
    expect((await t.call('POST', `/api/cube-auth/oauth/unlink?id=${only?.id}`, user.token)).body.code).toBe(
      200,
    );
  });
});
