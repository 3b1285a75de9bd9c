import { ResultCode, ResultMessage } from '@cube/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, createTestApp, DEMO, dialects, type TestApp } from '../../test/helpers.js';
import { withPlatformScope } from '../db/row-scope.js';
import { INPUT_MESSAGES, MAX_JSON_DEPTH } from './input-guards.js';
import { md5Hex } from './passwords.js';

/** Probes of the running server: odd input answers a 4xx envelope, never a 500. */
describe.each(dialects)('input hardening on %s', (dialect) => {
  let t: TestApp;
  let tenantAdmin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    tenantAdmin = (await t.token(DEMO.tenantAdmin)).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  const expectNulRefused = (res: { statusCode: number; body: Record<string, unknown> }) => {
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ code: 400, success: false, msg: INPUT_MESSAGES.NUL });
  };

  it('refuses a NUL character in the login name with 400, not 500', async () => {
    const res = await t.login({ ...DEMO.tenantAdmin, username: 'ad\u0000min' });
    expectNulRefused(res);
    // In the token endpoint's own shape, which the login form reads.
    expect(res.body).toMatchObject({
      error: 'invalid_request',
      error_code: 400,
      error_description: INPUT_MESSAGES.NUL,
    });
    // The same in a form body (Sword, refresh) and in the tenant field.
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/cube-auth/oauth/token',
      headers: { authorization: basic(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        tenantId: '100\u0000000',
        username: 'admin',
        password: md5Hex(DEMO.tenantAdmin.password),
        grant_type: 'password',
      }).toString(),
    });
    expectNulRefused({ statusCode: form.statusCode, body: JSON.parse(form.body) });
  });

  it('refuses a NUL character in a list filter, a JSON body and a path parameter', async () => {
    expectNulRefused(await t.call('GET', '/api/cube-log/error/list?message_like=a%00b', tenantAdmin));
    expectNulRefused(
      await t.call('POST', '/api/cube-desk/notice/submit', tenantAdmin, {
        title: 'hello\u0000world',
        category: 1,
        releaseTime: '2026-01-02 03:04:05',
        content: 'x',
      }),
    );
    expectNulRefused(
      await t.call('POST', '/api/cube-desk/notice/submit', tenantAdmin, {
        title: 'hello',
        category: 1,
        releaseTime: '2026-01-02 03:04:05',
        content: 'nested \u0000 content',
      }),
    );
    expectNulRefused(
      await t.call('POST', '/api/cube-user/update-info', tenantAdmin, { realName: 'A\u0000B' }),
    );
    expectNulRefused(
      await t.call('POST', '/api/cube-log/error/upload', tenantAdmin, [
        { message: 'boom', info: { deep: ['ok', 'not\u0000ok'] } },
      ]),
    );
    // A NUL in an object key is refused as well.
    expectNulRefused(
      await t.call('POST', '/api/cube-log/error/upload', tenantAdmin, [
        { message: 'boom', info: { 'k\u0000': 1 } },
      ]),
    );
    expectNulRefused(await t.call('GET', '/api/cube-resource/oss/file/a%00b.png'));
    // The refusal is answered by the request pipeline's one hook, after the security headers are set.
    const refused = await t.app.inject({ method: 'GET', url: '/api/health?probe=%00' });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'self'");
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    // Nothing reached the tables.
    const notices = await withPlatformScope(() =>
      t.deps.db.db.selectFrom('cubeNotice').select('title').where('title', 'like', 'hello%').execute(),
    );
    expect(notices).toEqual([]);
  });

  it('still accepts ordinary text, including other control characters and Chinese', async () => {
    const res = await t.call('POST', '/api/cube-log/error/upload', tenantAdmin, [
      { message: '出错了\t\u0001', info: { a: [1, 2, { b: 'c' }] } },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({ count: 1 });
  });

  it('refuses a deeply nested JSON body with 400 and keeps prototype-poisoning protection', async () => {
    // ~5,000 levels: JSON.parse copes, but JSON.stringify of the parsed value overflows the stack.
    const payload = `[{"message":"boom","info":${'{"a":'.repeat(5000)}"leaf"${'}'.repeat(5000)}}]`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cube-log/error/upload',
      headers: {
        authorization: basic(),
        'cube-auth': `bearer ${tenantAdmin}`,
        'content-type': 'application/json',
      },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ code: 400, success: false, msg: INPUT_MESSAGES.TOO_DEEP });

    // Arrays count as levels too; the cap applies to every JSON route, the public ones included.
    const arrays = `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`;
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/cube-auth/oauth/token',
      headers: { authorization: basic(), 'content-type': 'application/json' },
      payload: arrays,
    });
    expect(anon.statusCode).toBe(400);
    expect(JSON.parse(anon.body).msg).toBe(INPUT_MESSAGES.TOO_DEEP);

    // Brackets inside strings are text, not nesting.
    const textual = await t.call('POST', '/api/cube-log/error/upload', tenantAdmin, [
      { message: '['.repeat(1000), info: '{'.repeat(1000) },
    ]);
    expect(textual.statusCode).toBe(200);
    // Exactly at the cap is fine.
    let atCap: unknown = 'leaf';
    for (let i = 0; i < MAX_JSON_DEPTH - 2; i++) atCap = { a: atCap };
    const ok = await t.call('POST', '/api/cube-log/error/upload', tenantAdmin, [
      { message: 'x', info: atCap },
    ]);
    expect(ok.statusCode).toBe(200);

    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/cube-user/update-info',
      headers: {
        authorization: basic(),
        'cube-auth': `bearer ${tenantAdmin}`,
        'content-type': 'application/json',
      },
      payload: '{"realName":"x","__proto__":{"isAdmin":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
    expect(JSON.parse(poisoned.body)).toMatchObject({ code: 400, success: false });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/cube-user/update-info',
      headers: {
        authorization: basic(),
        'cube-auth': `bearer ${tenantAdmin}`,
        'content-type': 'application/json',
      },
      payload: '{"realName":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(JSON.parse(malformed.body)).toMatchObject({ code: 400, success: false });
  });

  it('answers 405 with Allow for a known path called with the wrong method, 404 for unknown paths', async () => {
    const wrongGet = await t.call('GET', '/api/cube-system/param/submit', tenantAdmin);
    expect(wrongGet.statusCode).toBe(405);
    expect(wrongGet.body).toEqual({
      code: ResultCode.METHOD_NOT_SUPPORTED,
      success: false,
      msg: ResultMessage.METHOD_NOT_SUPPORTED,
      data: {},
    });
    const raw = await t.app.inject({ method: 'GET', url: '/api/cube-system/param/submit' });
    expect(raw.headers.allow).toBe('POST');

    const wrongDelete = await t.app.inject({ method: 'DELETE', url: '/api/cube-system/param/list' });
    expect(wrongDelete.statusCode).toBe(405);
    expect(String(wrongDelete.headers.allow).split(', ')).toEqual(expect.arrayContaining(['GET', 'HEAD']));
    expect(JSON.parse(wrongDelete.body).code).toBe(405);

    // Logout takes GET and POST; a parametric route matches too.
    const put = await t.app.inject({ method: 'PUT', url: '/api/cube-auth/oauth/logout' });
    expect(put.statusCode).toBe(405);
    expect(String(put.headers.allow).split(', ')).toEqual(expect.arrayContaining(['GET', 'POST']));
    const file = await t.app.inject({ method: 'POST', url: '/api/cube-resource/oss/file/100000/x.png' });
    expect(file.statusCode).toBe(405);

    // Unknown paths stay 404, with and without /api; query strings do not matter.
    const unknown = await t.app.inject({ method: 'GET', url: '/api/cube-system/param/nope?x=1' });
    expect(unknown.statusCode).toBe(404);
    expect(JSON.parse(unknown.body)).toMatchObject({ code: 404, success: false });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/nope' })).statusCode).toBe(404);
    // Case and trailing slashes are not folded into a known path.
    expect((await t.app.inject({ method: 'GET', url: '/api/cube-system/param/Submit' })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/cube-system/param/submit/' })).statusCode).toBe(
      404,
    );
    // Non-/api paths are untouched (no web build here: a plain 404).
    expect((await t.app.inject({ method: 'POST', url: '/console/index' })).statusCode).toBe(404);
  });
});
