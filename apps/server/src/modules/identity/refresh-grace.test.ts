import { AuthMessage, type LoginResult } from '@cube/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { basic, createTestApp, DEMO, dialects, type TestApp } from '../../../test/helpers.js';
import { withPlatformScope } from '../../db/row-scope.js';
import { REFRESH_GRACE_SECONDS } from './refresh-grace.js';

describe.each(dialects)('refresh grace window on %s', (dialect) => {
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

  const refresh = async (refreshToken: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cube-auth/oauth/token',
      headers: { authorization: basic(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        tenantId: '100000',
        refresh_token: refreshToken,
        grant_type: 'refresh_token',
        scope: 'all',
      }).toString(),
    });
    return {
      statusCode: res.statusCode,
      body: JSON.parse(res.body) as LoginResult & Record<string, unknown>,
    };
  };
  const userInfo = (token: string) => t.call('GET', '/api/cube-auth/oauth/user-info', token);

  it('answers two tabs refreshing the same token at once with the same new pair, and keeps the session', async () => {
    const first = await t.token(DEMO.tenantAdmin);
    const [a, b] = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.body.refresh_token).toBe(a.body.refresh_token);
    expect(b.body.access_token).toBe(a.body.access_token);
    expect(a.body.refresh_token).not.toBe(first.refresh_token);
    expect((await userInfo(a.body.access_token)).statusCode).toBe(200);
    // A tab a few seconds late gets the same pair too, not a third one.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (REFRESH_GRACE_SECONDS - 3) * 1000 });
    const late = await refresh(first.refresh_token);
    expect(late.statusCode).toBe(200);
    expect(late.body.refresh_token).toBe(a.body.refresh_token);
    // One successor only: the session holds its first token (used) and one unused one.
    const sid = JSON.parse(
      Buffer.from(first.access_token.split('.')[1] as string, 'base64url').toString(),
    ).sid;
    const tokens = await withPlatformScope(() =>
      t.deps.db.db.selectFrom('cubeRefreshToken').select('usedAt').where('sessionId', '=', sid).execute(),
    );
    expect(tokens.map((r) => r.usedAt === null).sort()).toEqual([false, true]);
    // The successor rotates normally.
    const next = await refresh(a.body.refresh_token);
    expect(next.statusCode).toBe(200);
    expect((await userInfo(next.body.access_token)).statusCode).toBe(200);
  });

  it('still revokes the whole session when the old token comes back after the window', async () => {
    const first = await t.token(DEMO.tenantAdmin);
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (REFRESH_GRACE_SECONDS + 2) * 1000 });
    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(400);
    expect(replay.body.error_description).toBe(AuthMessage.REFRESH_INVALID);
    expect((await userInfo(second.body.access_token)).statusCode).toBe(401);
    expect((await refresh(second.body.refresh_token)).statusCode).toBe(400);
  });

  it('gives nothing within the window once the session is gone', async () => {
    const first = await t.token(DEMO.tenantAdmin);
    const second = await refresh(first.refresh_token);
    expect((await t.call('POST', '/api/cube-auth/oauth/logout', second.body.access_token)).statusCode).toBe(
      200,
    );
    const again = await refresh(first.refresh_token);
    expect(again.statusCode).toBe(400);
    expect(again.body.error_description).toBe(AuthMessage.REFRESH_INVALID);
  });

  it('keeps the pending answer in the store sealed, never the new tokens in clear', async () => {
    const first = await t.token(DEMO.tenantAdmin);
    const seen: string[] = [];
    const set = t.deps.store.set.bind(t.deps.store);
    const spy = vi.spyOn(t.deps.store, 'set').mockImplementation(async (key, value, ttl) => {
      seen.push(`${key}=${value}`);
      expect(ttl).toBeLessThanOrEqual(REFRESH_GRACE_SECONDS);
      return set(key, value, ttl);
    });
    try {
      const second = await refresh(first.refresh_token);
      expect(second.statusCode).toBe(200);
      const stored = seen.join('\n');
      expect(stored).toContain('refresh-grace:');
      for (const secret of [first.refresh_token, second.body.refresh_token, second.body.access_token]) {
        expect(stored).not.toContain(secret);
      }
    } finally {
      spy.mockRestore();
    }
  });
});
