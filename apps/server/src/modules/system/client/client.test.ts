import { clientEntity } from '@cube/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, createTestApp, DEMO, dialects, type TestApp } from '../../../../test/helpers.js';
import { withPlatformScope } from '../../../db/row-scope.js';
import { md5Hex } from '../../../platform/passwords.js';
import { ID } from '../../../seed/demo-data.js';

const CLIENT = '/api/cube-system/client';
const m = clientEntity.messages;

describe.each(dialects)('OAuth clients on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.token(DEMO.platformAdmin)).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  /** A password sign-in through the client `clientId:secret`. */
  const signIn = (clientId: string, secret: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cube-auth/oauth/token',
      remoteAddress: `10.9.${dialect.length}.${++n % 250}`,
      query: {
        tenantId: DEMO.tenantUser.tenantId,
        username: DEMO.tenantUser.username,
        password: md5Hex(DEMO.tenantUser.password),
        grant_type: 'password',
        scope: 'all',
      },
      headers: { authorization: basic(clientId, secret), 'tenant-id': DEMO.tenantUser.tenantId },
    });
  const raw = (id: string) =>
    withPlatformScope(() =>
      t.deps.db.db.selectFrom('cubeClient').selectAll().where('id', '=', id).executeTakeFirst(),
    );
  const newClient = async (extra: Record<string, unknown> = {}) => {
    const clientId = `app_${++n}_${Date.now()}`;
    const res = await t.call('POST', `${CLIENT}/submit`, admin, {
      clientId,
      scope: 'all',
      authorizedGrantTypes: 'password,refresh_token',
      accessTokenValidity: 3600,
      refreshTokenValidity: 604_800,
      ...extra,
    });
    expect(res.body, res.raw).toMatchObject({ code: 200 });
    return { clientId, id: res.body.data.id as string, secret: res.body.data.clientSecret as string };
  };

  it('generates a secret, answers it once, stores only its argon2 hash, and signs in with it', async () => {
    const c = await newClient();
    expect(c.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await raw(c.id);
    expect(row?.clientSecret).toMatch(/^\$argon2id\$/);
    expect(row?.clientSecret).not.toContain(c.secret);
    const detail = await t.call('GET', `${CLIENT}/detail?id=${c.id}`, admin);
    expect(detail.raw).not.toContain('clientSecret');
    const list = await t.call('GET', `${CLIENT}/list?clientId=${c.clientId}`, admin);
    expect(list.body.data.records).toHaveLength(1);
    expect(list.raw).not.toContain('clientSecret');
    // An edit without a secret keeps it and answers none.
    const edited = await t.call('POST', `${CLIENT}/submit`, admin, { ...detail.body.data, scope: 'all' });
    expect(edited.body.data).toEqual({ id: c.id });
    expect((await raw(c.id))?.clientSecret).toBe(row?.clientSecret);
    expect((await signIn(c.clientId, c.secret)).statusCode).toBe(200);
    expect((await signIn(c.clientId, `${c.secret}x`)).statusCode).toBe(401);
  });

  it('stores a plain-text 附加说明 as sent, as BladeX does, and a JSON one too', async () => {
    const text = '测试客户端 (Saber)';
    const c = await newClient({ additionalInformation: text });
    const detail = await t.call('GET', `${CLIENT}/detail?id=${c.id}`, admin);
    expect(detail.body.data.additionalInformation).toBe(text);
    const json = await t.call('POST', `${CLIENT}/submit`, admin, {
      ...detail.body.data,
      additionalInformation: '[1]',
    });
    expect(json.body, json.raw).toMatchObject({ code: 200 });
    expect((await raw(c.id))?.additionalInformation).toBe('[1]');
    const tooLong = await t.call('POST', `${CLIENT}/submit`, admin, {
      ...detail.body.data,
      additionalInformation: 'x'.repeat(4097),
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('takes a chosen secret, and reset-secret replaces it with a new one shown once', async () => {
    const chosen = 'a-chosen-secret-of-enough-length';
    const c = await newClient({ clientSecret: chosen });
    expect(c.secret).toBe(chosen);
    expect((await signIn(c.clientId, chosen)).statusCode).toBe(200);
    const reset = await t.call('POST', `${CLIENT}/reset-secret?id=${c.id}`, admin);
    expect(reset.body).toMatchObject({ code: 200, data: { id: c.id } });
    const fresh = reset.body.data.clientSecret as string;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await signIn(c.clientId, chosen)).statusCode).toBe(401);
    expect((await signIn(c.clientId, fresh)).statusCode).toBe(200);
    const tenantAdmin = (await t.token(DEMO.tenantAdmin)).access_token;
    expect((await t.call('POST', `${CLIENT}/reset-secret?id=${c.id}`, tenantAdmin)).statusCode).toBe(403);
    expect((await t.call('POST', `${CLIENT}/reset-secret?id=1999999999999999999`, admin)).statusCode).toBe(
      404,
    );
  });

  it("protects the console's own client: not removed, renamed, stripped of its grants or reset", async () => {
    const web = (await t.call('GET', `${CLIENT}/detail?id=${ID.clientWeb}`, admin)).body.data;
    expect(web.clientId).toBe('cube_web');
    const other = await newClient();
    const removed = await t.call('POST', `${CLIENT}/remove?ids=${other.id},${ID.clientWeb}`, admin);
    expect(removed.body).toMatchObject({ code: 400, msg: m.webClientRemove });
    expect((await raw(ID.clientWeb))?.isDeleted).toBe(0);
    expect((await raw(other.id))?.isDeleted).toBe(0);
    const renamed = await t.call('POST', `${CLIENT}/submit`, admin, { ...web, clientId: 'cube_web2' });
    expect(renamed.body).toMatchObject({ code: 400, msg: m.webClientClientId });
    const stripped = await t.call('POST', `${CLIENT}/submit`, admin, {
      ...web,
      authorizedGrantTypes: 'password',
    });
    expect(stripped.body).toMatchObject({ code: 400, msg: m.webClientGrantTypes });
    const secret = await t.call('POST', `${CLIENT}/submit`, admin, { ...web, clientSecret: 'x'.repeat(20) });
    expect(secret.body).toMatchObject({ code: 400, msg: m.webClientSecret });
    const reset = await t.call('POST', `${CLIENT}/reset-secret?id=${ID.clientWeb}`, admin);
    expect(reset.body).toMatchObject({ code: 400, msg: m.webClientSecret });
    expect((await t.login(DEMO.tenantUser)).statusCode).toBe(200);
  });

  it('applies a changed token validity from the next login on', async () => {
    const before = await t.token(DEMO.tenantUser);
    expect(before.expires_in).toBe(43_200);
    const web = (await t.call('GET', `${CLIENT}/detail?id=${ID.clientWeb}`, admin)).body.data;
    const saved = await t.call('POST', `${CLIENT}/submit`, admin, {
      ...web,
      accessTokenValidity: 86_400,
      refreshTokenValidity: 7200,
    });
    expect(saved.body).toMatchObject({ code: 200 });
    const after = await t.token(DEMO.tenantUser);
    expect(after.expires_in).toBe(86_400);
    const session = await withPlatformScope(() =>
      t.deps.db.db
        .selectFrom('cubeRefreshToken')
        .select('expiresAt')
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow(),
    );
    const refreshLeft = (new Date(session.expiresAt.replace(' ', 'T')).getTime() - Date.now()) / 1000;
    expect(refreshLeft).toBeGreaterThan(7000);
    expect(refreshLeft).toBeLessThanOrEqual(7200 + 5);
    // The token issued before still works until it expires.
    expect((await t.call('GET', '/api/cube-auth/oauth/user-info', before.access_token)).statusCode).toBe(200);
    await t.call('POST', `${CLIENT}/submit`, admin, web);
  });
});
