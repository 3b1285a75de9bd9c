import { oauthProviderEntity, SocialMessage } from '@cube/contract';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, createTestApp, DEMO, dialects, type Response, type TestApp } from '../../../test/helpers.js';
import { runCrudKit } from '../../../test/kit/crud-kit.js';
import { withPlatformScope } from '../../db/row-scope.js';

const m = oauthProviderEntity.messages;

runCrudKit({
  entity: oauthProviderEntity,
  table: 'cubeOauthProvider',
  admin: 'tenantAdmin',
  outsider: 'tenantUser',
  sample: (n) => ({
    source: `kit-${n}`,
    name: `登录${n}`,
    category: 2,
    clientId: `client-${n}`,
    authorizeUrl: 'https://id.example.com/authorize',
    tokenUrl: 'https://id.example.com/token',
    userinfoUrl: 'https://id.example.com/userinfo',
  }),
  change: { name: '已修改', scope: 'read' },
  invalid: [
    { input: { source: '' }, message: m.sourceRequired },
    { input: { source: 'Bad Source' }, message: m.sourceInvalid },
    { input: { name: '' }, message: m.nameRequired },
    { input: { category: 9 }, message: m.categoryRequired },
    { input: { clientId: '' }, message: m.clientIdRequired },
    { input: { category: 1, issuer: '' }, message: m.issuerRequired },
    { input: { tokenUrl: '' }, message: m.urlsRequired },
    { input: { tokenUrl: 'ftp://x' }, message: m.urlInvalid },
  ],
  optional: ['clientSecret', 'scope', 'issuer', 'remark'],
});

/**
 * The whole third-party sign-in against a real local OpenID provider (oauth2-mock-server): the authorize
 * redirect with state and PKCE, the provider's redirect back, the token grant from the same browser, and the
 * refusals (another browser, a wrong state, a replayed code, an unknown source).
 */
/** Direct reads and writes of the tests: across tenants (PostgreSQL row security binds the app role). */
const asPlatform = <T>(run: (db: TestApp['deps']['db']['db']) => Promise<T>) =>
  withPlatformScope(() => run(current.deps.db.db));
let current: TestApp;

describe.each(dialects)('third-party login on %s', (dialect) => {
  let t: TestApp;
  let provider: OAuth2Server;
  let admin: string;
  let subject = 'visitor-1';

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    provider.service.on('beforeTokenSigning', (token) => {
      token.payload.sub = subject;
      // A real provider names the client the ID token is for; the mock names itself unless told.
      token.payload.aud = 'cube-test';
    });
    provider.service.on('beforeUserinfo', (info) => {
      info.body = {
        sub: subject,
        preferred_username: `${subject}-name`,
        name: '访客',
        email: `${subject}@example.com`,
      };
    });
    // The local provider listens on 127.0.0.1 over http: the development loopback exception of the guard.
    t = await createTestApp(dialect, { CUBE_OUTBOUND_LOOPBACK: 'true' });
    current = t;
    admin = (await t.token(DEMO.tenantAdmin)).access_token;
    const saved = await t.call('POST', '/api/cube-system/oauth-provider/submit', admin, {
      source: 'local',
      name: '本地身份',
      category: 1,
      clientId: 'cube-test',
      clientSecret: 'provider-secret',
      issuer: provider.issuer.url,
    });
    expect(saved.body).toMatchObject({ code: 200, success: true });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.stop();
  });

  /** Starts a login as a browser would: the render redirect and its binding cookie. */
  async function start(source = 'local', tenantId = '100000') {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/cube-auth/oauth/render/${source}?tenantId=${tenantId}`,
    });
    const setCookie = String(res.headers['set-cookie'] ?? '');
    return {
      status: res.statusCode,
      location: String(res.headers.location ?? ''),
      cookie: setCookie.split(';')[0] ?? '',
      setCookie,
    };
  }

  /** Follows the provider's authorize page (it answers at once) and our callback; answers the login page's query. */
  async function authorize(location: string) {
    const atProvider = await fetch(location, { redirect: 'manual' });
    const back = new URL(atProvider.headers.get('location') ?? '');
    const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(callback.statusCode).toBe(302);
    return new URL(String(callback.headers.location), 'http://localhost').searchParams;
  }

  async function grant(params: Record<string, string>, cookie?: string): Promise<Response> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cube-auth/oauth/token',
      query: { grant_type: 'social', scope: 'all', ...params },
      headers: { authorization: basic(), 'tenant-id': params.tenantId ?? '', ...(cookie ? { cookie } : {}) },
    });
    return { statusCode: res.statusCode, body: JSON.parse(res.body), raw: res.body };
  }

  it('the site info says a tenant offers third-party login', async () => {
    const res = await t.call('GET', '/api/cube-system/tenant/info');
    expect(res.body.data.config.socialMode).toBe(true);
    const buttons = await t.call('GET', '/api/cube-auth/oauth/providers?tenantId=100000');
    expect(buttons.body.data).toEqual([{ source: 'local', name: '本地身份' }]);
    const none = await t.call('GET', '/api/cube-auth/oauth/providers?tenantId=000000');
    expect(none.body.data).toEqual([]);
  });

  it('the secret is sealed at rest and read back as a mask', async () => {
    const row = await asPlatform((d) =>
      d
        .selectFrom('cubeOauthProvider')
        .select('clientSecret')
        .where('source', '=', 'local')
        .executeTakeFirstOrThrow(),
    );
    expect(row.clientSecret).toMatch(/^v1:/);
    expect(row.clientSecret).not.toContain('provider-secret');
    const list = await t.call('GET', '/api/cube-system/oauth-provider/list', admin);
    expect(JSON.stringify(list.body)).not.toContain('provider-secret');
  });

  it('redirects to the provider with state, PKCE (S256), a nonce and an httpOnly binding cookie', async () => {
    const s = await start();
    expect(s.status).toBe(302);
    const url = new URL(s.location);
    expect(url.origin).toBe(new URL(provider.issuer.url ?? '').origin);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/api\/cube-auth\/oauth\/callback\/local$/);
    expect(s.setCookie).toMatch(/HttpOnly/);
    expect(s.setCookie).toMatch(/SameSite=Lax/);
  });

  it('an unknown source sends the browser back to the login page, without a cookie', async () => {
    const s = await start('nope');
    expect(s.status).toBe(302);
    expect(s.location).toContain('/login?socialError=');
    expect(s.setCookie).toBe('');
  });

  it('an unlinked identity gets the guest answer (user_id -1, oauth_id, no token); a replayed code is refused', async () => {
    subject = 'visitor-unlinked';
    const s = await start();
    const q = await authorize(s.location);
    expect(q.get('tenantId')).toBe('100000');
    const params = {
      tenantId: '100000',
      source: 'local',
      code: q.get('code') ?? '',
      state: q.get('state') ?? '',
    };
    const res = await grant(params, s.cookie);
    expect(res.statusCode, res.raw).toBe(200);
    expect(res.body).toMatchObject({
      user_id: '-1',
      access_token: '',
      account: 'visitor-unlinked-name',
      role_name: 'guest',
    });
    expect(res.body.oauth_id).toMatch(/^[\w-]{40,}$/);
    const link = await asPlatform((d) =>
      d
        .selectFrom('cubeUserOauth')
        .selectAll()
        .where('uuid', '=', 'visitor-unlinked')
        .executeTakeFirstOrThrow(),
    );
    expect(link).toMatchObject({
      tenantId: '100000',
      source: 'local',
      userId: null,
      email: 'visitor-unlinked@example.com',
    });

    const replay = await grant(params, s.cookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.body.error_description).toBe(SocialMessage.STATE_INVALID);
  });

  it('a code brought to another browser (no or another binding cookie) is refused, and the state is spent', async () => {
    const s = await start();
    const q = await authorize(s.location);
    const params = {
      tenantId: '100000',
      source: 'local',
      code: q.get('code') ?? '',
      state: q.get('state') ?? '',
    };
    const other = await grant(params, 'cube_oauth_binding=someone-else');
    expect(other.statusCode).toBe(400);
    expect(other.body.error_description).toBe(SocialMessage.STATE_INVALID);
    const thenOwner = await grant(params, s.cookie);
    expect(thenOwner.body.error_description).toBe(SocialMessage.STATE_INVALID);
  });

  it('a wrong state or a state for another tenant is refused', async () => {
    const s = await start();
    const q = await authorize(s.location);
    const wrong = await grant(
      { tenantId: '100000', source: 'local', code: q.get('code') ?? '', state: 'forged-state' },
      s.cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body.error_description).toBe(SocialMessage.STATE_INVALID);
    const tenant = await grant(
      { tenantId: '000000', source: 'local', code: q.get('code') ?? '', state: q.get('state') ?? '' },
      s.cookie,
    );
    expect(tenant.body.error_description).toBe(SocialMessage.STATE_INVALID);
  });

  it('a linked, active user signs in and gets the password grant answer', async () => {
    subject = 'visitor-linked';
    const user = await asPlatform((d) =>
      d
        .selectFrom('cubeUser')
        .select('id')
        .where('tenantId', '=', '100000')
        .where('account', '=', 'user')
        .executeTakeFirstOrThrow(),
    );
    const s = await start();
    const q = await authorize(s.location);
    const params = {
      tenantId: '100000',
      source: 'local',
      code: q.get('code') ?? '',
      state: q.get('state') ?? '',
    };
    // First visit: unlinked. The administrator links it (as an approval would), then the next visit signs in.
    await grant(params, s.cookie);
    await asPlatform((d) =>
      d.updateTable('cubeUserOauth').set({ userId: user.id }).where('uuid', '=', 'visitor-linked').execute(),
    );
    const s2 = await start();
    const q2 = await authorize(s2.location);
    const res = await grant(
      { tenantId: '100000', source: 'local', code: q2.get('code') ?? '', state: q2.get('state') ?? '' },
      s2.cookie,
    );
    expect(res.statusCode, res.raw).toBe(200);
    expect(res.body).toMatchObject({
      tenant_id: '100000',
      user_id: user.id,
      account: 'user',
      token_type: 'bearer',
    });
    expect(res.body.access_token.length).toBeGreaterThan(20);
    const info = await t.call('GET', '/api/cube-auth/oauth/user-info', res.body.access_token);
    expect(info.body.data.account).toBe('user');
  });

  it('a disabled provider cannot be started', async () => {
    await asPlatform((d) =>
      d.updateTable('cubeOauthProvider').set({ enabled: 0 }).where('source', '=', 'local').execute(),
    );
    const s = await start();
    expect(s.location).toContain('/login?socialError=');
    await asPlatform((d) =>
      d.updateTable('cubeOauthProvider').set({ enabled: 1 }).where('source', '=', 'local').execute(),
    );
  });
});
