import { ONLINE_API, OnlineMessage } from '@cube/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, createTestApp, DEMO, dialects, type TestApp } from '../../../../test/helpers.js';

/**
 * 在线用户: one row per live session (refreshing a session does not add rows), a true count, ending one session or
 * every session of a user, the platform seeing every tenant and a tenant's administrator only their own.
 */
describe.each(dialects)('online sessions on %s', (dialect) => {
  let t: TestApp;
  let platform: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    platform = (await t.token(DEMO.platformAdmin)).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async (token: string, query = '') =>
    (await t.call('GET', `${ONLINE_API}/list?size=200${query}`, token)).body;
  const refresh = (refreshToken: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cube-auth/oauth/token',
      query: { grant_type: 'refresh_token', refresh_token: refreshToken, scope: 'all' },
      headers: { authorization: basic(), 'tenant-id': '100000' },
    });

  it('counts sessions, not tokens; ends one session or all of a user; tenants see only their own', async () => {
    const admin = await t.token(DEMO.tenantAdmin);
    const userA = await t.token(DEMO.tenantUser);
    const userB = await t.token(DEMO.tenantUser);
    // A refreshed session stays one session.
    const refreshed = await refresh(userB.refresh_token);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const userB2 = JSON.parse(refreshed.body) as { access_token: string };

    const mine = await list(admin.access_token);
    expect(mine).toMatchObject({ code: 200 });
    const rows = mine.data.records as Array<{
      id: string;
      tenantId: string;
      account: string;
      current: boolean;
    }>;
    expect(new Set(rows.map((r) => r.tenantId))).toEqual(new Set(['100000']));
    expect(rows.filter((r) => r.account === 'user')).toHaveLength(2);
    expect(mine.data.total).toBe(rows.length);
    expect(rows.filter((r) => r.current)).toHaveLength(1);

    // The platform sees every tenant, or one.
    const all = await list(platform);
    expect(new Set(all.data.records.map((r: { tenantId: string }) => r.tenantId))).toEqual(
      new Set(['000000', '100000']),
    );
    const one = await list(platform, '&tenantId=100000');
    expect(one.data.total).toBe(mine.data.total);
    expect((await t.call('GET', `${ONLINE_API}/list?tenantId=000000`, admin.access_token)).statusCode).toBe(
      403,
    );

    // End one session: that token is refused at once, the other session of the same user lives on.
    const sessionA = rows.find((r) => r.account === 'user' && userA.access_token && !r.current)!;
    const ended = await t.call('POST', `${ONLINE_API}/remove?ids=${sessionA.id}`, admin.access_token);
    expect(ended.body).toMatchObject({ code: 200 });
    const statuses = [
      (await t.call('GET', '/api/cube-user/info', userA.access_token)).statusCode,
      (await t.call('GET', '/api/cube-user/info', userB2.access_token)).statusCode,
    ].sort();
    expect(statuses).toEqual([200, 401]);
    expect((await list(admin.access_token)).data.total).toBe(mine.data.total - 1);

    // End all of a user's sessions.
    const userId = rows.find((r) => r.account === 'user')! as unknown as { userId: string };
    const all2 = await t.call(
      'POST',
      `${ONLINE_API}/remove-user?userIds=${userId.userId}`,
      admin.access_token,
    );
    expect(all2.body).toMatchObject({ code: 200 });
    expect(
      (await list(admin.access_token)).data.records.some((r: { account: string }) => r.account === 'user'),
    ).toBe(false);

    // Refusals: the own session, another tenant's session, nothing chosen, a user without the page.
    const own = rows.find((r) => r.current)!;
    expect(
      (await t.call('POST', `${ONLINE_API}/remove?ids=${own.id}`, admin.access_token)).body,
    ).toMatchObject({
      code: 400,
      msg: OnlineMessage.currentSession,
    });
    const platformRow = all.data.records.find((r: { tenantId: string }) => r.tenantId === '000000');
    expect(
      (await t.call('POST', `${ONLINE_API}/remove?ids=${platformRow.id}`, admin.access_token)).statusCode,
    ).toBe(404);
    expect((await t.call('POST', `${ONLINE_API}/remove-user`, admin.access_token)).body).toMatchObject({
      code: 400,
      msg: OnlineMessage.selectUsers,
    });
    const plain = await t.token(DEMO.tenantUser);
    expect((await t.call('GET', `${ONLINE_API}/list`, plain.access_token)).statusCode).toBe(403);
  });
});
