import { AuthMessage } from '@cube/contract';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { basic, createTestApp, DEMO, dialects, type TestApp, WEB_CLIENT } from '../../../test/helpers.js';
import { withPlatformScope } from '../../db/row-scope.js';
import { md5Hex } from '../../platform/passwords.js';
import { TokenService } from '../../platform/tokens.js';
import { REFRESH_GRACE_SECONDS } from '../identity/refresh-grace.js';
import { captchaStoreKey } from './captcha.js';

describe.each(dialects)('authentication on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('signs in the demo tenant admin with the flat BladeX answer', async () => {
    const res = await t.login(DEMO.tenantAdmin);
    expect(res.statusCode).toBe(200);
    const body = res.body;
    for (const field of [
      'access_token',
      'refresh_token',
      'tenant_id',
      'user_id',
      'user_name',
      'nick_name',
      'account',
      'role_name',
      'role_id',
      'dept_id',
      'avatar',
      'oauth_id',
      'token_type',
      'expires_in',
      'scope',
    ]) {
      expect(body).toHaveProperty(field);
    }
    expect(body.error_description).toBeUndefined();
    expect(body).toMatchObject({
      tenant_id: '100000',
      account: 'admin',
      role_name: 'admin',
      token_type: 'bearer',
      scope: 'all',
    });
    expect(typeof body.user_id).toBe('string');
    expect(body.expires_in).toBeGreaterThanOrEqual(43200);
    expect(body.avatar).not.toBe('');
    const me = await t.call('GET', '/api/cube-auth/oauth/user-info', body.access_token);
    expect(me.statusCode).toBe(200);
    expect(me.body.data).toMatchObject({ account: 'admin', tenantId: '100000', roles: ['admin'] });
  });

  it('answers a wrong password and an unknown account with the same words and status', async () => {
    const wrong = await t.login({ ...DEMO.tenantUser, password: 'not-the-password' });
    const unknown = await t.login({
      ...DEMO.tenantUser,
      username: 'nobody-here',
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toMatchObject({
      error_description: AuthMessage.BAD_CREDENTIALS,
      code: 400,
      msg: AuthMessage.BAD_CREDENTIALS,
    });
    await t.deps.store.delete('login-fail:100000:user');
  });

  it('refuses a client whose Basic secret does not match, and a request without one', async () => {
    const bad = await t.login(DEMO.tenantAdmin, {
      headers: { authorization: basic(WEB_CLIENT.id, 'wrong-secret') },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.body.error_description).toBe(AuthMessage.CLIENT_AUTH_FAILED);
    const unknownClient = await t.login(DEMO.tenantAdmin, {
      headers: { authorization: basic('saber', 'saber_secret') },
    });
    expect(unknownClient.statusCode).toBe(401);
    const missing = await t.login(DEMO.tenantAdmin, { headers: { authorization: '' } });
    expect(missing.statusCode).toBe(401);
    expect(missing.body.error_description).toBe(AuthMessage.CLIENT_MISSING);
  });

  it('does not let one tenant’s credentials open another tenant', async () => {
    const res = await t.login({ ...DEMO.tenantAdmin, tenantId: '000000' });
    expect(res.statusCode).toBe(400);
    expect(res.body.error_description).toBe(AuthMessage.BAD_CREDENTIALS);
    const nowhere = await t.login({ ...DEMO.tenantAdmin, tenantId: '999999' });
    expect(nowhere.body.error_description).toBe(AuthMessage.BAD_CREDENTIALS);
    await t.deps.store.delete('login-fail:000000:admin');
    // After login, a spoofed Tenant-Id header changes nothing: the tenant comes from the token.
    const token = await t.token(DEMO.tenantUser);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/cube-auth/oauth/user-info?tenantId=000000',
      headers: { 'cube-auth': `bearer ${token.access_token}`, 'tenant-id': '000000' },
    });
    expect(JSON.parse(me.body).data.tenantId).toBe('100000');
  });

  it('refuses an expired tenant and a disabled user, but only after the password is proven', async () => {
    await withPlatformScope(() =>
      t.deps.db.db
        .updateTable('cubeTenant')
        .set({ expireTime: '2020-01-01 00:00:00' })
        .where('tenantId', '=', '100000')
        .execute(),
    );
    try {
      const res = await t.login(DEMO.tenantUser);
      expect(res.statusCode).toBe(400);
      expect(res.body.error_description).toBe(AuthMessage.TENANT_EXPIRED);
      const wrong = await t.login({ ...DEMO.tenantUser, password: 'nope' });
      expect(wrong.body.error_description).toBe(AuthMessage.BAD_CREDENTIALS);
      await t.deps.store.delete('login-fail:100000:user');
    } finally {
      await withPlatformScope(() =>
        t.deps.db.db
          .updateTable('cubeTenant')
          .set({ expireTime: null })
          .where('tenantId', '=', '100000')
          .execute(),
      );
    }
    await withPlatformScope(() =>
      t.deps.db.db.updateTable('cubeUser').set({ status: 0 }).where('account', '=', 'user').execute(),
    );
    try {
      const res = await t.login(DEMO.tenantUser);
      expect(res.body.error_description).toBe(AuthMessage.USER_DISABLED);
    } finally {
      await withPlatformScope(() =>
        t.deps.db.db.updateTable('cubeUser').set({ status: 1 }).where('account', '=', 'user').execute(),
      );
    }
  });

  it('a token stops working as soon as its tenant expires or its user is disabled', async () => {
    const token = await t.token(DEMO.tenantUser);
    expect((await t.call('GET', '/api/cube-auth/oauth/user-info', token.access_token)).statusCode).toBe(200);
    await withPlatformScope(() =>
      t.deps.db.db.updateTable('cubeUser').set({ status: 0 }).where('account', '=', 'user').execute(),
    );
    try {
      expect((await t.call('GET', '/api/cube-auth/oauth/user-info', token.access_token)).statusCode).toBe(
        401,
      );
    } finally {
      await withPlatformScope(() =>
        t.deps.db.db.updateTable('cubeUser').set({ status: 1 }).where('account', '=', 'user').execute(),
      );
    }
  });

  it('locks the account after account.failCount failures, refuses even the right password, and unlocks after 30 minutes', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await t.login({ ...DEMO.tenantUser, password: `wrong-${i}` });
      expect(res.body.error_description).toBe(AuthMessage.BAD_CREDENTIALS);
    }
    const locked = await t.login(DEMO.tenantUser);
    expect(locked.statusCode).toBe(400);
    expect(locked.body.error_description).toBe(AuthMessage.TOO_MANY_FAILURES);
    // Other accounts of the tenant are not affected.
    expect((await t.login(DEMO.tenantAdmin)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31 * 60 * 1000 });
    const after = await t.login(DEMO.tenantUser);
    expect(after.statusCode).toBe(200);
  });

  it('rotates refresh tokens and revokes the whole session when an old one is replayed', async () => {
    const first = await t.token(DEMO.tenantAdmin);
    const refresh = (refreshToken: string, extra: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cube-auth/oauth/token',
        headers: {
          authorization: basic(),
          'content-type': 'application/x-www-form-urlencoded',
          'tenant-id': '100000',
        },
        payload: new URLSearchParams({
          tenantId: '100000',
          refresh_token: refreshToken,
          grant_type: 'refresh_token',
          scope: 'all',
          ...extra,
        }).toString(),
      });
    const r2 = await refresh(first.refresh_token);
    expect(r2.statusCode).toBe(200);
    const second = JSON.parse(r2.body);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.user_id).toBe(first.user_id);
    expect((await t.call('GET', '/api/cube-auth/oauth/user-info', second.access_token)).statusCode).toBe(200);

    // A replay after the grace window (D2) is a copy: within it, the old token answers the same pair again.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (REFRESH_GRACE_SECONDS + 2) * 1000 });
    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(400);
    expect(JSON.parse(replay.body).error_description).toBe(AuthMessage.REFRESH_INVALID);
    // The replay revoked the family: the successor tokens are dead too.
    expect((await t.call('GET', '/api/cube-auth/oauth/user-info', second.access_token)).statusCode).toBe(401);
    expect((await refresh(second.refresh_token)).statusCode).toBe(400);
    // Another session of the same user is untouched.
    const other = await t.token(DEMO.tenantAdmin);
    expect((await t.call('GET', '/api/cube-auth/oauth/user-info', other.access_token)).statusCode).toBe(200);
  });

  // Was "exactly one succeeds" before the grace window (D2): parallel uses of one token (tabs) now all get the
  // one successor pair the first use issued — never several successors.
  it('answers many parallel refreshes with the same token with one and the same new pair', async () => {
    const first = await t.token(DEMO.tenantAdmin);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/cube-auth/oauth/token',
          headers: { authorization: basic() },
          query: {
            tenantId: '100000',
            refresh_token: first.refresh_token,
            grant_type: 'refresh_token',
            scope: 'all',
          },
        }),
      ),
    );
    const pairs = new Set(
      results.map((r) => {
        const body = JSON.parse(r.body);
        return `${r.statusCode} ${body.access_token} ${body.refresh_token}`;
      }),
    );
    expect(pairs.size).toBe(1);
    const [answer] = results;
    expect(answer?.statusCode).toBe(200);
    const successor = JSON.parse(answer?.body ?? '{}');
    // The session holds its first token (used) and exactly one successor.
    const sid = JSON.parse(
      Buffer.from(first.access_token.split('.')[1] as string, 'base64url').toString(),
    ).sid;
    const rows = await withPlatformScope(() =>
      t.deps.db.db.selectFrom('cubeRefreshToken').select('usedAt').where('sessionId', '=', sid).execute(),
    );
    expect(rows.map((r) => r.usedAt === null).sort()).toEqual([false, true]);
    expect((await t.call('GET', '/api/cube-auth/oauth/user-info', successor.access_token)).statusCode).toBe(
      200,
    );
  });

  it('refuses a refresh token from another tenant', async () => {
    const token = await t.token(DEMO.tenantAdmin);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cube-auth/oauth/token',
      headers: { authorization: basic() },
      query: {
        tenantId: '000000',
        refresh_token: token.refresh_token,
        grant_type: 'refresh_token',
        scope: 'all',
      },
    });
    expect(res.statusCode).toBe(400);
  });

  it('logout revokes the session on the very next request', async () => {
    const token = await t.token(DEMO.tenantUser);
    const out = await t.call('GET', '/api/cube-auth/oauth/logout', token.access_token);
    expect(out.statusCode).toBe(200);
    expect(out.body).toMatchObject({ code: 200, success: true });
    const after = await t.call('GET', '/api/cube-auth/oauth/user-info', token.access_token);
    expect(after.statusCode).toBe(401);
    expect(after.body.code).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/cube-auth/oauth/token',
      headers: { authorization: basic() },
      query: {
        tenantId: '100000',
        refresh_token: token.refresh_token,
        grant_type: 'refresh_token',
        scope: 'all',
      },
    });
    expect(refresh.statusCode).toBe(400);
  });

  it('answers 401 to forged, expired, alg:none and refresh tokens, and to no token at all', async () => {
    const good = await t.token(DEMO.tenantUser);
    const claims = JSON.parse(Buffer.from(good.access_token.split('.')[1] as string, 'base64url').toString());
    const forged = await new TokenService('another-secret-that-is-long-enough-0123456789').signAccess(
      claims,
      3600,
    );
    const expired = await new SignJWT({
      ...claims,
      exp: Math.floor(Date.now() / 1000) - 60,
      iat: Math.floor(Date.now() / 1000) - 3600,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    const tampered = (() => {
      const [h, , s] = good.access_token.split('.');
      return `${h}.${Buffer.from(JSON.stringify({ ...claims, tenant_id: '000000', role_name: 'administrator' })).toString('base64url')}.${s}`;
    })();
    for (const token of [forged, expired, none, tampered, good.refresh_token, 'garbage']) {
      const res = await t.call('GET', '/api/cube-auth/oauth/user-info', token);
      expect(res.statusCode, token.slice(0, 20)).toBe(401);
      expect(res.body).toMatchObject({ code: 401, success: false });
    }
    const anonymous = await t.call('GET', '/api/cube-auth/oauth/user-info');
    expect(anonymous.statusCode).toBe(401);
  });

  it('serves a single-use, case-insensitive captcha', async () => {
    const res = await t.call('GET', '/api/cube-auth/oauth/captcha');
    expect(res.statusCode).toBe(200);
    expect(res.body.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(res.body.key).toBe(res.body.data.key);
    const answer = (await t.deps.store.get(captchaStoreKey(res.body.key))) as string;
    expect(answer).toHaveLength(5);
    const ok = await t.login(DEMO.tenantUser, {
      grantType: 'captcha',
      headers: { 'captcha-key': res.body.key, 'captcha-code': answer.toUpperCase() },
    });
    expect(ok.statusCode).toBe(200);
    const reused = await t.login(DEMO.tenantUser, {
      grantType: 'captcha',
      headers: { 'captcha-key': res.body.key, 'captcha-code': answer },
    });
    expect(reused.body.error_description).toBe(AuthMessage.CAPTCHA_WRONG);
    const missing = await t.login(DEMO.tenantUser, { grantType: 'captcha' });
    expect(missing.body.error_description).toBe(AuthMessage.CAPTCHA_WRONG);
  });

  it('keeps passwords, tokens and client secrets out of the logs', async () => {
    const marker = 'Marker-Password-7f3a';
    await t.login({ ...DEMO.tenantUser, password: marker });
    await t.deps.store.delete('login-fail:100000:user');
    const token = await t.token(DEMO.tenantUser);
    await t.call('GET', '/api/cube-auth/oauth/user-info', token.access_token);
    await t.app.inject({
      method: 'POST',
      url: '/api/cube-auth/oauth/token',
      headers: { authorization: basic() },
      query: {
        tenantId: '100000',
        refresh_token: token.refresh_token,
        grant_type: 'refresh_token',
        scope: 'all',
      },
    });
    const logs = t.logs.join('\n');
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).toContain('request completed');
    for (const secret of [
      marker,
      md5Hex(marker),
      md5Hex(DEMO.tenantUser.password),
      token.access_token,
      token.refresh_token,
      WEB_CLIENT.secret,
      t.config.jwtSecret,
    ]) {
      expect(logs).not.toContain(secret);
    }
  });
});

describe.each(dialects)('authentication with the captcha switched on (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { CUBE_CAPTCHA: 'true' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('requires the captcha even for the password grant', async () => {
    const res = await t.login(DEMO.tenantAdmin);
    expect(res.body.error_description).toBe(AuthMessage.CAPTCHA_WRONG);
    const info = await t.call('GET', '/api/cube-system/tenant/info?domain=http://localhost');
    expect(info.body.data.config.captchaMode).toBe(true);
    const captcha = await t.call('GET', '/api/cube-auth/oauth/captcha');
    const answer = (await t.deps.store.get(captchaStoreKey(captcha.body.key))) as string;
    const ok = await t.login(DEMO.tenantAdmin, {
      headers: { 'captcha-key': captcha.body.key, 'captcha-code': answer },
    });
    expect(ok.statusCode).toBe(200);
  });
});
