import { dataScopeEntity, tenantEntity, userEntity } from '@cube/contract';
import { sm2 } from 'sm-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, createTestApp, DEMO, dialects, type Response, type TestApp } from '../../../test/helpers.js';
import { withPlatformScope } from '../../db/row-scope.js';
import { DEFAULT_AVATAR } from '../identity/profile.js';

/**
 * SpringBlade's own console (Saber, through a proxy that only renames `blade` to `cube`): each request below is
 * written as Saber sends it — the login with the plain or SM2-encrypted password, users under
 * `cube-system/user`, forms with empty fields, the profile form's partial update.
 */
const NOTICE_MENU = '1123598815738675221';

describe.each(dialects)('a SpringBlade console on %s', (dialect) => {
  let t: TestApp;
  let platformAdmin: string;
  let tenantAdmin: string;
  let roleId: string;
  let deptId: string;

  /** Saber's login: an empty POST with everything in the query string and its client's Basic header. */
  const ossLogin = (query: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/cube-auth/token',
        query: { type: 'account', ...query },
        headers: { authorization: basic(), ...headers },
      })
      .then((res) => ({ statusCode: res.statusCode, body: JSON.parse(res.body), raw: res.body }));

  beforeAll(async () => {
    t = await createTestApp(dialect);
    platformAdmin = (await t.token(DEMO.platformAdmin)).access_token;
    const admin = await t.token(DEMO.tenantAdmin);
    tenantAdmin = admin.access_token;
    roleId = admin.role_id.split(',')[0]!;
    deptId = admin.dept_id.split(',')[0]!;
  });
  afterAll(async () => {
    await t.close();
  });

  it('signs in at /token with the plain password and answers R<AuthInfo>', async () => {
    const { tenantId, username, password } = DEMO.tenantAdmin;
    const res = await ossLogin({ tenantId, account: username, password, grantType: 'password' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({
      code: 200,
      success: true,
      msg: '操作成功',
      data: {
        tokenType: 'bearer',
        tenantId: '100000',
        account: 'admin',
        authority: expect.stringContaining('admin'),
        oauthId: '',
        license: expect.any(String),
      },
    });
    const info = res.body.data;
    for (const field of ['accessToken', 'refreshToken', 'userId', 'userName', 'avatar'])
      expect(info[field], field).toEqual(expect.any(String));
    expect(info.expiresIn).toBeGreaterThan(0);
    // The token works like any other session's.
    expect((await t.call('GET', '/api/cube-user/info', info.accessToken)).body.data.account).toBe('admin');

    // The refresh grant, as Saber's timer sends it.
    const refreshed = await ossLogin({
      tenantId,
      refreshToken: info.refreshToken,
      grantType: 'refresh_token',
      scope: 'all',
    });
    expect(refreshed.body).toMatchObject({ code: 200, data: { account: 'admin' } });
    expect(refreshed.body.data.refreshToken).not.toBe(info.refreshToken);

    // The logout ends that session.
    const access = refreshed.body.data.accessToken as string;
    expect((await t.call('POST', '/api/cube-auth/logout', access)).body).toMatchObject({ code: 200 });
    expect((await t.call('GET', '/api/cube-user/info', access)).statusCode).toBe(401);
  });

  it('decrypts an SM2 password made with the published public key (C1C2C3 as Saber sends it, or C1C3C2)', async () => {
    const key = await t.call('GET', '/api/cube-auth/public-key');
    const publicKey = key.body.data.publicKey as string;
    expect(publicKey).toMatch(/^04[0-9a-f]{128}$/);
    // The site info the login page reads publishes the same key (Saber's `website.publicKey`).
    const info = await t.call('GET', '/api/cube-system/tenant/info?domain=http://localhost');
    expect(info.body.data.config.publicKey).toBe(publicKey);
    const { tenantId, username, password } = DEMO.tenantUser;
    for (const mode of [0, 1] as const) {
      const res = await ossLogin({
        tenantId,
        account: username,
        password: sm2.doEncrypt(password, publicKey, mode),
      });
      expect(res.body, `mode ${mode}`).toMatchObject({ code: 200, data: { account: 'user' } });
    }
    const other = sm2.generateKeyPairHex();
    const foreign = await ossLogin({
      tenantId,
      account: username,
      password: sm2.doEncrypt(password, other.publicKey, 0),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).toMatchObject({ code: 400, success: false, msg: '用户名或密码错误' });
  });

  it('refuses as the OAuth endpoint does, in R, and keeps the typed password out of every log', async () => {
    const secret = 'Wrong#Typed-Secret9';
    const res = await ossLogin({ tenantId: '100000', account: 'user', password: secret });
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ code: 400, success: false, msg: '用户名或密码错误', data: {} });
    expect(
      (await ossLogin({ tenantId: '100000', account: 'user', password: 'x' }, { authorization: '' })).body,
    ).toMatchObject({
      code: 401,
      success: false,
    });
    await t.deps.audit.flush();
    expect(t.logs.join('\n')).not.toContain(secret);
    const rows = await withPlatformScope(() => t.deps.db.db.selectFrom('cubeLogApi').selectAll().execute());
    expect(JSON.stringify(rows)).not.toContain(secret);
  });

  it('shares the lockout of the OAuth endpoint', async () => {
    const who = { tenantId: '100000', account: 'lock-me-not-a-user' };
    for (let i = 0; i < 5; i++) await ossLogin({ ...who, password: 'bad-password' });
    const locked = await ossLogin({ ...who, password: 'bad-password' });
    expect(locked.body.msg).toBe('登录错误次数过多,请稍后再试');
  });

  it('serves the captcha as Saber reads it (data.key, data.image)', async () => {
    const res = await t.call('GET', '/api/cube-auth/captcha');
    expect(res.body).toMatchObject({ code: 200, data: { key: expect.any(String) } });
    expect(res.body.data.image).toMatch(/^data:image\//);
  });

  it('serves users under /api/cube-system/user with the same permissions', async () => {
    const page = await t.call('GET', '/api/cube-system/user/page?current=1&size=5', tenantAdmin);
    expect(page.body).toMatchObject({ code: 200, data: { current: 1 } });
    expect(page.body.data.records.length).toBeGreaterThan(0);
    const user = await t.token(DEMO.tenantUser);
    expect((await t.call('GET', '/api/cube-system/user/page', user.access_token)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/cube-system/user/info', user.access_token)).body.data.account).toBe(
      'user',
    );
  });

  it('gives the default avatar as something any client can render', async () => {
    const res = await ossLogin({ tenantId: '100000', account: 'user', password: DEMO.tenantUser.password });
    expect(res.body.data.avatar).toBe(DEFAULT_AVATAR);
    expect(DEFAULT_AVATAR).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await t.token(DEMO.tenantUser)).avatar).toBe(DEFAULT_AVATAR);
  });

  it('stores the empty fields Saber sends as their defaults, and refuses wrong values as before', async () => {
    const account = `saber_${dialect}_${Date.now()}`;
    const user = {
      account,
      name: '赛博',
      realName: '赛博',
      roleId,
      deptId,
      sex: '',
      birthday: '',
      phone: '',
    };
    const made = await t.call('POST', '/api/cube-system/user/submit', tenantAdmin, user);
    expect(made.body, made.raw).toMatchObject({ code: 200 });
    const detail = await t.call('GET', `/api/cube-user/detail?id=${made.body.data.id}`, tenantAdmin);
    expect(detail.body.data).toMatchObject({ account, sex: 3 });
    const wrong = await t.call('POST', '/api/cube-user/submit', tenantAdmin, {
      ...user,
      account: `${account}x`,
      sex: 'x',
    });
    expect(wrong.body.msg).toBe(userEntity.messages.sexInvalid);

    // Saber 4.0's department form has no category.
    const dept = await t.call('POST', '/api/cube-system/dept/submit', tenantAdmin, {
      parentId: deptId,
      deptName: 'Saber部门',
      fullName: 'Saber部门全称',
      sort: 1,
    });
    expect(dept.body, dept.raw).toMatchObject({ code: 200 });
    const deptRow = await t.call('GET', `/api/cube-system/dept/detail?id=${dept.body.data.id}`, tenantAdmin);
    expect(deptRow.body.data.deptCategory).toBe(1);
    await t.call('POST', '/api/cube-system/dept/submit', tenantAdmin, {
      ...deptRow.body.data,
      deptCategory: 2,
    });
    const { deptCategory: _omitted, ...edit } = deptRow.body.data;
    expect((await t.call('POST', '/api/cube-system/dept/submit', tenantAdmin, edit)).body.code).toBe(200);
    const kept = await t.call('GET', `/api/cube-system/dept/detail?id=${dept.body.data.id}`, tenantAdmin);
    expect(kept.body.data.deptCategory).toBe(2);

    const dict = await t.call('POST', '/api/cube-system/dict-biz/submit', tenantAdmin, {
      code: `saber_${Date.now()}`,
      dictKey: '-1',
      dictValue: 'Saber字典',
      sort: 1,
    });
    expect(dict.body, dict.raw).toMatchObject({ code: 200 });
    const dictRow = await t.call(
      'GET',
      `/api/cube-system/dict-biz/detail?id=${dict.body.data.id}`,
      tenantAdmin,
    );
    expect(dictRow.body.data.isSealed).toBe(0);

    const tenant = await t.call('POST', '/api/cube-system/tenant/submit', platformAdmin, {
      tenantName: `Saber租户${Date.now()}`,
      linkman: '王联系',
    });
    expect(tenant.body, tenant.raw).toMatchObject({ code: 200 });
    const tenants = await t.call('GET', `/api/cube-system/tenant/list?linkman=王联系`, platformAdmin);
    expect(tenants.body.data.records[0]).toMatchObject({ contactNumber: '' });
    const badPhone = await t.call('POST', '/api/cube-system/tenant/submit', platformAdmin, {
      tenantName: `Saber租户错${Date.now()}`,
      linkman: '王联系',
      contactNumber: 'call me',
    });
    expect(badPhone.body.msg).toBe(tenantEntity.messages.contactNumberInvalid);

    const scope = await t.call('POST', '/api/cube-system/data-scope/submit', platformAdmin, {
      menuId: NOTICE_MENU,
      scopeName: 'Saber全部',
      scopeType: 1,
      scopeField: '*',
      scopeColumn: '-',
      scopeClass: 'org.springblade.desk.mapper.NoticeMapper.selectNoticePage',
    });
    expect(scope.body, scope.raw).toMatchObject({ code: 200 });
    const scopeRow = await t.call(
      'GET',
      `/api/cube-system/data-scope/detail?id=${scope.body.data.id}`,
      platformAdmin,
    );
    expect(scopeRow.body.data.scopeColumn).toBe('');
    const badColumn = await t.call('POST', '/api/cube-system/data-scope/submit', platformAdmin, {
      menuId: NOTICE_MENU,
      scopeName: 'Saber错',
      scopeType: 2,
      scopeColumn: 'a-b',
    });
    expect(badColumn.body.msg).toBe(dataScopeEntity.messages.scopeColumnInvalid);

    // A search form with no parent picked sends `parentId=`.
    const lazy = await t.call('GET', '/api/cube-system/dept/lazy-list?parentId=&deptName=Saber', tenantAdmin);
    expect(lazy.body, lazy.raw).toMatchObject({ code: 200 });
    expect(lazy.body.data.map((d: { deptName: string }) => d.deptName)).toContain('Saber部门');
  });

  it("takes Saber's profile form at user/update: the fields it shows, on one's own row, the rest kept", async () => {
    const user = await t.token(DEMO.tenantUser);
    const before = (await t.call('GET', '/api/cube-user/info', user.access_token)).body.data;
    const form = {
      id: before.id,
      avatar: before.avatar,
      name: '新昵称',
      realName: before.realName,
      phone: before.phone,
      email: 'saber@example.com',
    };
    const res = await t.call('POST', '/api/cube-user/update', user.access_token, form);
    expect(res.body, res.raw).toMatchObject({ code: 200 });
    const after = (await t.call('GET', '/api/cube-user/info', user.access_token)).body.data;
    expect(after).toMatchObject({
      name: '新昵称',
      email: 'saber@example.com',
      account: before.account,
      roleId: before.roleId,
      deptId: before.deptId,
      sex: before.sex,
      avatar: DEFAULT_AVATAR,
    });
    // Someone else's row, or the user screen's fields, need the edit permission.
    const admin = (await t.call('GET', '/api/cube-user/info', tenantAdmin)).body.data;
    expect(
      (await t.call('POST', '/api/cube-user/update', user.access_token, { ...form, id: admin.id }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.call('POST', '/api/cube-user/update', user.access_token, { ...form, roleId: admin.roleId }))
        .statusCode,
    ).toBe(403);
    // Wrong values keep their messages.
    const bad = await t.call('POST', '/api/cube-user/update', user.access_token, {
      ...form,
      email: 'not-mail',
    });
    expect(bad.body).toMatchObject({ code: 400, msg: '邮箱格式不正确' });
  });
});
