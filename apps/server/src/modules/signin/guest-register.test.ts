import { SocialMessage, userEntity } from '@cube/contract';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, createTestApp, DEMO, dialects, type Response, type TestApp } from '../../../test/helpers.js';
import { withPlatformScope } from '../../db/row-scope.js';
import { md5Hex, verifySecret } from '../../platform/passwords.js';

const S = SocialMessage;

/**
 * Guest registration: an unlinked identity registers, the tenant administrator sees it
 * as pending and approves it (role and department) or rejects it; only an approved one signs in.
 */
/** Direct reads and writes of the tests: across tenants (PostgreSQL row security binds the app role). */
const asPlatform = <T>(run: (db: TestApp['deps']['db']['db']) => Promise<T>) =>
  withPlatformScope(() => run(current.deps.db.db));
let current: TestApp;

describe.each(dialects)('guest registration on %s', (dialect) => {
  let t: TestApp;
  let provider: OAuth2Server;
  let admin: string;
  let subject = '';

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    provider.service.on('beforeTokenSigning', (token) => {
      token.payload.sub = subject;
      token.payload.aud = 'cube-test';
    });
    provider.service.on('beforeUserinfo', (info) => {
      info.body = { sub: subject, preferred_username: subject, name: '新访客' };
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
      issuer: provider.issuer.url,
    });
    expect(saved.body).toMatchObject({ code: 200 });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.stop();
  });

  /** The whole browser round: render, the provider, the callback, the social grant. */
  async function socialLogin(who: string): Promise<Response> {
    subject = who;
    const render = await t.app.inject({
      method: 'GET',
      url: '/api/cube-auth/oauth/render/local?tenantId=100000',
    });
    const cookie = String(render.headers['set-cookie']).split(';')[0] ?? '';
    const atProvider = await fetch(String(render.headers.location), { redirect: 'manual' });
    const back = new URL(atProvider.headers.get('location') ?? '');
    const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    const q = new URL(String(callback.headers.location), 'http://localhost').searchParams;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cube-auth/oauth/token',
      query: {
        tenantId: '100000',
        source: 'local',
        code: q.get('code') ?? '',
        state: q.get('state') ?? '',
        grant_type: 'social',
      },
      headers: { authorization: basic(), cookie },
    });
    return { statusCode: res.statusCode, body: JSON.parse(res.body), raw: res.body };
  }

  /** The tenant's `user` role and a department of it, for approvals. */
  const roleAndDept = async () => {
    const role = await asPlatform((d) =>
      d
        .selectFrom('cubeRole')
        .select('id')
        .where('tenantId', '=', '100000')
        .where('roleAlias', '=', 'user')
        .executeTakeFirstOrThrow(),
    );
    const dept = await asPlatform((d) =>
      d.selectFrom('cubeDept').select('id').where('tenantId', '=', '100000').executeTakeFirstOrThrow(),
    );
    return { role: String(role.id), dept: String(dept.id) };
  };

  const register = (body: Record<string, string>) =>
    t.app
      .inject({ method: 'POST', url: '/api/cube-user/register-guest', query: body })
      .then((r) => ({ statusCode: r.statusCode, body: JSON.parse(r.body) }));

  it('refuses a missing field, a forged ticket and another tenant, in the spec words, writing nothing', async () => {
    const guest = await socialLogin('reg-checks');
    const oauthId = guest.body.oauth_id as string;
    const base = {
      tenantId: '100000',
      name: '新访客',
      account: 'reg-checks',
      password: 'Guest@2026',
      oauthId,
    };
    expect((await register({ ...base, tenantId: '' })).body.msg).toBe(S.TENANT_REQUIRED);
    expect((await register({ ...base, account: '' })).body.msg).toBe(S.ACCOUNT_REQUIRED);
    expect((await register({ ...base, password: '' })).body.msg).toBe(S.PASSWORD_REQUIRED);
    expect((await register({ ...base, oauthId: 'forged' })).body.msg).toBe(S.OAUTH_INVALID);
    expect((await register({ ...base, account: 'admin' })).body.msg).toBe(S.ACCOUNT_USED);
    const other = await register({ ...base, tenantId: '000000' });
    expect(other.statusCode).toBe(400);
    expect(other.body.msg).toBe(S.TENANT_INVALID);
    // Refusals of the form keep the ticket usable; nothing was written.
    const users = await asPlatform((d) =>
      d.selectFrom('cubeUser').select('id').where('account', '=', 'reg-checks').execute(),
    );
    expect(users).toHaveLength(0);
    expect((await register(base)).body).toMatchObject({ code: 200, success: true });
    // The ticket is spent.
    expect((await register({ ...base, account: 'reg-checks-2' })).body.msg).toBe(S.OAUTH_INVALID);
  });

  it('applies the user screen’s account and password rules, and refuses look-alikes of existing accounts', async () => {
    const guest = await socialLogin('reg-rules');
    const base = {
      tenantId: '100000',
      name: '仿冒',
      account: 'reg-rules',
      password: 'Guest@2026',
      oauthId: guest.body.oauth_id as string,
    };
    const M = userEntity.messages;
    // From an address of its own: the route allows 10 forms a minute per address, and the other cases use theirs.
    const register = (body: Record<string, string>) =>
      t.app
        .inject({
          method: 'POST',
          url: '/api/cube-user/register-guest',
          query: body,
          remoteAddress: '10.9.9.9',
        })
        .then((r) => ({ statusCode: r.statusCode, body: JSON.parse(r.body) }));
    // Cyrillic а (U+0430) in front of "dmin": it reads as "admin" and was approved before.
    expect((await register({ ...base, account: '\u0430dmin' })).body.msg).toBe(M.accountInvalid);
    expect((await register({ ...base, account: '\u0430dmin', password: '1' })).body.msg).toBe(
      M.accountInvalid,
    );
    expect((await register({ ...base, password: '1' })).body.msg).toBe(M.passwordInvalid);
    expect((await register({ ...base, password: 'x'.repeat(33) })).body.msg).toBe(M.passwordInvalid);
    expect((await register({ ...base, account: 'a b' })).body.msg).toBe(M.accountInvalid);
    // Full-width letters are the same account after NFKC; another case of an existing one is taken too.
    expect((await register({ ...base, account: 'ａｄｍｉｎ' })).body.msg).toBe(S.ACCOUNT_USED);
    expect((await register({ ...base, account: 'Admin' })).body.msg).toBe(S.ACCOUNT_USED);
    // Look-alikes of the existing `admin` (digits for letters, rn for m, mixed case and width): refused by skeleton.
    // Each from an address of its own (the route's budget per address is 10 a minute).
    const lookalikes = ['adm1n', 'admln', 'adrnin', 'ADMlN', 'AdM1N', 'ａｄｍ１ｎ', 'adrn1n'];
    for (const [i, account] of lookalikes.entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cube-user/register-guest',
        payload: { ...base, account },
        remoteAddress: `10.9.8.${i + 1}`,
      });
      expect(JSON.parse(res.body).msg, account).toBe(M.accountLookalike);
    }
    const written = await asPlatform((d) =>
      d.selectFrom('cubeUser').select('account').where('name', '=', '仿冒').execute(),
    );
    expect(written).toEqual([]);
    // The ticket survived the refusals; the body (not the address) carries the form. An ASCII account that is
    // genuinely different from every existing one (`admin2` beside `admin`) is fine.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cube-user/register-guest',
      payload: { ...base, account: 'admin2' },
      remoteAddress: '10.9.9.9',
    });
    expect(JSON.parse(res.body)).toMatchObject({ code: 200 });
  });

  it('registers a pending user that cannot sign in until approved, then signs in with its role', async () => {
    const guest = await socialLogin('reg-approve');
    expect(guest.body.user_id).toBe('-1');
    const res = await register({
      tenantId: '100000',
      name: '审核访客',
      account: 'reg-approve',
      password: 'Guest@2026',
      oauthId: guest.body.oauth_id,
    });
    expect(res.body).toMatchObject({ code: 200 });

    const again = await socialLogin('reg-approve');
    expect(again.statusCode).toBe(400);
    expect(again.body.error_description).toBe(S.PENDING);
    const byPassword = await t.login({ tenantId: '100000', username: 'reg-approve', password: 'Guest@2026' });
    expect(byPassword.statusCode).toBe(400);

    const page = await t.call('GET', '/api/cube-user/guest-page?current=1&size=10', admin);
    const row = page.body.data.records.find((r: { account: string }) => r.account === 'reg-approve');
    expect(row).toMatchObject({ name: '审核访客', source: 'local', status: 2 });

    // An ordinary user may not approve.
    const user = (await t.token(DEMO.tenantUser)).access_token;
    const denied = await t.call('POST', `/api/cube-user/guest-approve?id=${row.id}&roleId=1&deptId=1`, user);
    expect(denied.statusCode).toBe(403);

    const role = await asPlatform((d) =>
      d
        .selectFrom('cubeRole')
        .select('id')
        .where('tenantId', '=', '100000')
        .where('roleAlias', '=', 'user')
        .executeTakeFirstOrThrow(),
    );
    const dept = await asPlatform((d) =>
      d.selectFrom('cubeDept').select('id').where('tenantId', '=', '100000').executeTakeFirstOrThrow(),
    );
    const missing = await t.call(
      'POST',
      `/api/cube-user/guest-approve?id=${row.id}&roleId=&deptId=${dept.id}`,
      admin,
    );
    expect(missing.body.msg).toBe('请选择所属角色');
    const ok = await t.call(
      'POST',
      `/api/cube-user/guest-approve?id=${row.id}&roleId=${role.id}&deptId=${dept.id}`,
      admin,
    );
    expect(ok.body, JSON.stringify(ok.body)).toMatchObject({ code: 200 });

    const signedIn = await socialLogin('reg-approve');
    expect(signedIn.statusCode, signedIn.raw).toBe(200);
    expect(signedIn.body).toMatchObject({ account: 'reg-approve', role_id: role.id, dept_id: dept.id });
    const pw = await t.login({ tenantId: '100000', username: 'reg-approve', password: 'Guest@2026' });
    expect(pw.statusCode).toBe(200);
  });

  it('stores a BladeX client’s md5 password as the user screen stores a typed one: it signs in through the md5 dialect', async () => {
    // A BladeX (md5-dialect) client sends the md5 hex of what was typed, as at its login.
    const guest = await socialLogin('reg-md5');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cube-user/register-guest',
      payload: {
        tenantId: '100000',
        name: 'md5访客',
        account: 'reg-md5',
        password: md5Hex('Guest@md5'),
        oauthId: guest.body.oauth_id,
      },
      remoteAddress: '10.9.7.1',
    });
    expect(JSON.parse(res.body)).toMatchObject({ code: 200 });
    // The same typed password given on the user screen, for comparison.
    const { role, dept } = await roleAndDept();
    const screen = await t.call('POST', '/api/cube-user/submit', admin, {
      account: 'reg-md5-screen',
      name: '用户页面',
      realName: '用户页面',
      password: 'Guest@md5',
      roleId: role,
      deptId: dept,
    });
    expect(screen.body, screen.raw).toMatchObject({ code: 200 });
    const stored = async (account: string) =>
      String(
        (
          await asPlatform((d) =>
            d
              .selectFrom('cubeUser')
              .select('password')
              .where('tenantId', '=', '100000')
              .where('account', '=', account)
              .executeTakeFirstOrThrow(),
          )
        ).password,
      );
    // Both hold argon2id of the md5 hex of what was typed — not of the md5 of the digest.
    for (const account of ['reg-md5', 'reg-md5-screen']) {
      expect(await verifySecret(await stored(account), md5Hex('Guest@md5')), account).toBe(true);
      expect(await verifySecret(await stored(account), md5Hex(md5Hex('Guest@md5'))), account).toBe(false);
    }
    const page = await t.call('GET', '/api/cube-user/guest-page?current=1&size=50', admin);
    const row = page.body.data.records.find((r: { account: string }) => r.account === 'reg-md5');
    const approved = await t.call(
      'POST',
      `/api/cube-user/guest-approve?id=${row.id}&roleId=${role}&deptId=${dept}`,
      admin,
    );
    expect(approved.body).toMatchObject({ code: 200 });
    // The md5 dialect's sign-in (`oauth/token`, password = md5 of the typed one).
    const signedIn = await t.login({ tenantId: '100000', username: 'reg-md5', password: 'Guest@md5' });
    expect(signedIn.statusCode, signedIn.raw).toBe(200);
    expect(signedIn.body).toMatchObject({ account: 'reg-md5' });
  });

  it('a rejected registration is removed and its identity may apply again', async () => {
    const guest = await socialLogin('reg-reject');
    await register({
      tenantId: '100000',
      name: '驳回',
      account: 'reg-reject',
      password: 'Guest@x1',
      oauthId: guest.body.oauth_id,
    });
    const page = await t.call('GET', '/api/cube-user/guest-page', admin);
    const row = page.body.data.records.find((r: { account: string }) => r.account === 'reg-reject');
    const res = await t.call('POST', `/api/cube-user/guest-reject?ids=${row.id}`, admin);
    expect(res.body).toMatchObject({ code: 200 });
    const after = await socialLogin('reg-reject');
    expect(after.body.user_id).toBe('-1');
    // Another tenant's administrator does not see or decide it.
    const platform = (await t.token(DEMO.platformAdmin)).access_token;
    const foreign = await t.call('POST', `/api/cube-user/guest-reject?ids=${row.id}`, platform);
    expect(foreign.statusCode).toBe(404);
  });

  it('account.registerUser=false closes registration: the unlinked identity is told so', async () => {
    await asPlatform((d) =>
      d
        .updateTable('cubeParam')
        .set({ paramValue: 'false' })
        .where('paramKey', '=', 'account.registerUser')
        .execute(),
    );
    const res = await socialLogin('reg-closed');
    expect(res.statusCode).toBe(400);
    expect(res.body.error_description).toBe(S.UNLINKED);
    await asPlatform((d) =>
      d
        .updateTable('cubeParam')
        .set({ paramValue: 'true' })
        .where('paramKey', '=', 'account.registerUser')
        .execute(),
    );
  });
});
