import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { basic, createTestApp, DEMO, dialects, type TestApp } from '../../test/helpers.js';
import { withPlatformScope } from '../db/row-scope.js';
import { REFRESH_GRACE_SECONDS } from '../modules/identity/refresh-grace.js';
import { ID } from '../seed/demo-data.js';
import { USERS_ID } from '../seed/users.js';
import { newId } from './ids.js';

const USER_INFO = '/api/cube-auth/oauth/user-info';
// 岗位管理: a page of the tenant's console the demo clerk (普通用户) is not granted by the seed.
const POST_LIST = '/api/cube-system/post/list';
/** Its menu. */
const POST_MENU = USERS_ID.menuPost;

/** Statements that read a session or a role's grants (what the access cache spares). */
const accessReads = (sql: string[]) =>
  sql.filter((s) => /^select/.test(s) && /cube_auth_session|cube_role_menu|"cube_role"/.test(s));

/**
 * The access hook answers from a per-instance cache of session states and role grants (decision D13); every
 * change that must refuse the very next request empties it first.
 */
describe.each(dialects)('access cache on %s', (dialect) => {
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

  const platformWrite = (work: () => Promise<unknown>) => withPlatformScope(async () => void (await work()));

  it('reads a session and its grants once, then answers from memory', async () => {
    const token = (await t.token(DEMO.tenantAdmin)).access_token;
    expect((await t.call('GET', USER_INFO, token)).statusCode).toBe(200);
    t.sql.length = 0;
    for (let i = 0; i < 3; i++) expect((await t.call('GET', USER_INFO, token)).statusCode).toBe(200);
    expect(accessReads(t.sql)).toEqual([]);
  });

  it('keeps the user’s own profile with the session, and shows an edit of it on the very next call', async () => {
    const token = (await t.token(DEMO.tenantUser)).access_token;
    const nameNow = async () => {
      const res = await t.call('GET', USER_INFO, token);
      expect(res.statusCode).toBe(200);
      return res.body.data.realName as string;
    };
    const original = await nameNow();
    t.sql.length = 0;
    expect(await nameNow()).toBe(original);
    expect(t.sql.filter((s) => /^select/.test(s) && /"cube_user"/.test(s))).toEqual([]);
    const rename = (realName: string) =>
      platformWrite(() =>
        t.deps.db.db.updateTable('cubeUser').set({ realName }).where('id', '=', ID.userDemoUser).execute(),
      );
    await rename('缓存测试');
    try {
      expect(await nameNow()).toBe('缓存测试');
    } finally {
      await rename(original);
    }
    expect(await nameNow()).toBe(original);
  });

  it('drops a session’s kept values with its session, its user or its tenant', async () => {
    const sessions = t.deps.sessions;
    let loads = 0;
    const load = async () => ({ n: ++loads });
    const kept = { sessionId: 'kept-values-1', userId: 'u1', tenantId: 'tenant-a' };
    expect(await sessions.sessionValue(kept, 'v', load)).toEqual({ n: 1 });
    expect(await sessions.sessionValue(kept, 'v', load)).toEqual({ n: 1 });
    expect(Object.isFrozen(await sessions.sessionValue(kept, 'v', load))).toBe(true);
    await sessions.invalidateSession(kept.sessionId);
    expect(await sessions.sessionValue(kept, 'v', load)).toEqual({ n: 2 });
    await sessions.invalidateUser('u1');
    expect(await sessions.sessionValue(kept, 'v', load)).toEqual({ n: 3 });
    await sessions.invalidateTenant('tenant-a');
    expect(await sessions.sessionValue(kept, 'v', load)).toEqual({ n: 4 });
    // The same session id with another user is never answered from what was kept.
    expect(await sessions.sessionValue({ ...kept, userId: 'u2' }, 'v', load)).toEqual({ n: 5 });
  });

  it('refuses the next request after logout', async () => {
    const token = (await t.token(DEMO.tenantUser)).access_token;
    expect((await t.call('GET', USER_INFO, token)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/cube-auth/oauth/logout', token)).statusCode).toBe(200);
    expect((await t.call('GET', USER_INFO, token)).statusCode).toBe(401);
  });

  it('refuses the next request once a refresh token is reused (the family is revoked)', async () => {
    const first = await t.token(DEMO.tenantUser);
    const refresh = (refreshToken: string) =>
      t.app.inject({
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
    const second = JSON.parse((await refresh(first.refresh_token)).body);
    expect((await t.call('GET', USER_INFO, second.access_token)).statusCode).toBe(200);
    expect((await t.call('GET', USER_INFO, first.access_token)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (REFRESH_GRACE_SECONDS + 2) * 1000 });
    expect((await refresh(first.refresh_token)).statusCode).toBe(400);
    expect((await t.call('GET', USER_INFO, second.access_token)).statusCode).toBe(401);
    expect((await t.call('GET', USER_INFO, first.access_token)).statusCode).toBe(401);
  });

  it('refuses the next request once the user is disabled or deleted by any write, and admits again after', async () => {
    const token = (await t.token(DEMO.tenantUser)).access_token;
    expect((await t.call('GET', USER_INFO, token)).statusCode).toBe(200);
    for (const change of [{ status: 0 }, { isDeleted: 1 }]) {
      const undo = Object.fromEntries(Object.keys(change).map((k) => [k, k === 'status' ? 1 : 0]));
      // A raw write through the application's database handle, as an admin screen would make it.
      await platformWrite(() =>
        t.deps.db.db.updateTable('cubeUser').set(change).where('id', '=', ID.userDemoUser).execute(),
      );
      try {
        expect((await t.call('GET', USER_INFO, token)).statusCode).toBe(401);
      } finally {
        await platformWrite(() =>
          t.deps.db.db.updateTable('cubeUser').set(undo).where('id', '=', ID.userDemoUser).execute(),
        );
      }
      expect((await t.call('GET', USER_INFO, token)).statusCode).toBe(200);
    }
  });

  it('refuses the next request once the tenant is disabled or expires', async () => {
    const token = (await t.token(DEMO.tenantUser)).access_token;
    expect((await t.call('GET', USER_INFO, token)).statusCode).toBe(200);
    for (const [change, undo] of [
      [{ status: 0 }, { status: 1 }],
      [{ expireTime: '2020-01-01 00:00:00' }, { expireTime: null }],
    ] as const) {
      await platformWrite(() =>
        t.deps.db.db.updateTable('cubeTenant').set(change).where('tenantId', '=', '100000').execute(),
      );
      try {
        expect((await t.call('GET', USER_INFO, token)).statusCode).toBe(401);
      } finally {
        await platformWrite(() =>
          t.deps.db.db.updateTable('cubeTenant').set(undo).where('tenantId', '=', '100000').execute(),
        );
      }
      expect((await t.call('GET', USER_INFO, token)).statusCode).toBe(200);
    }
  });

  it('applies a changed role grant on the next request, both ways', async () => {
    const token = (await t.token(DEMO.tenantUser)).access_token;
    expect((await t.call('GET', POST_LIST, token)).statusCode).toBe(403);
    const grantId = newId();
    await platformWrite(() =>
      t.deps.db.db
        .insertInto('cubeRoleMenu')
        .values({ id: grantId, roleId: ID.roleDemoUser, menuId: POST_MENU })
        .execute(),
    );
    try {
      expect((await t.call('GET', POST_LIST, token)).statusCode).toBe(200);
      // The menu itself deleted: its code is granted to nobody.
      await platformWrite(() =>
        t.deps.db.db.updateTable('cubeMenu').set({ isDeleted: 1 }).where('id', '=', POST_MENU).execute(),
      );
      expect((await t.call('GET', POST_LIST, token)).statusCode).toBe(403);
      await platformWrite(() =>
        t.deps.db.db.updateTable('cubeMenu').set({ isDeleted: 0 }).where('id', '=', POST_MENU).execute(),
      );
      expect((await t.call('GET', POST_LIST, token)).statusCode).toBe(200);
    } finally {
      await platformWrite(() => t.deps.db.db.deleteFrom('cubeRoleMenu').where('id', '=', grantId).execute());
    }
    expect((await t.call('GET', POST_LIST, token)).statusCode).toBe(403);
  });

  it('takes role aliases from the live roles: a deleted role stops counting at once', async () => {
    const token = (await t.token(DEMO.tenantAdmin)).access_token;
    const selfCheck = '/api/cube-system/self-check';
    expect((await t.call('GET', selfCheck, token)).statusCode).toBe(200);
    await platformWrite(() =>
      t.deps.db.db.updateTable('cubeRole').set({ isDeleted: 1 }).where('id', '=', ID.roleDemoAdmin).execute(),
    );
    try {
      expect((await t.call('GET', selfCheck, token)).statusCode).toBe(403);
    } finally {
      await platformWrite(() =>
        t.deps.db.db
          .updateTable('cubeRole')
          .set({ isDeleted: 0 })
          .where('id', '=', ID.roleDemoAdmin)
          .execute(),
      );
    }
    expect((await t.call('GET', selfCheck, token)).statusCode).toBe(200);
  });

  it('a write inside a transaction takes effect at commit; a rolled-back one never does', async () => {
    const token = (await t.token(DEMO.tenantUser)).access_token;
    expect((await t.call('GET', USER_INFO, token)).statusCode).toBe(200);
    await expect(
      withPlatformScope(() =>
        t.deps.db.db.transaction().execute(async (trx) => {
          await trx.updateTable('cubeUser').set({ status: 0 }).where('id', '=', ID.userDemoUser).execute();
          throw new Error('rolled back');
        }),
      ),
    ).rejects.toThrow('rolled back');
    expect((await t.call('GET', USER_INFO, token)).statusCode).toBe(200);
    await withPlatformScope(() =>
      t.deps.db.db.transaction().execute(async (trx) => {
        await trx.updateTable('cubeUser').set({ status: 0 }).where('id', '=', ID.userDemoUser).execute();
      }),
    );
    try {
      expect((await t.call('GET', USER_INFO, token)).statusCode).toBe(401);
    } finally {
      await platformWrite(() =>
        t.deps.db.db.updateTable('cubeUser').set({ status: 1 }).where('id', '=', ID.userDemoUser).execute(),
      );
    }
  });

  it('clear-cache (administrators) empties it: the next request reads the session again', async () => {
    const admin = (await t.token(DEMO.tenantAdmin)).access_token;
    expect((await t.call('GET', USER_INFO, admin)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/cube-auth/oauth/clear-cache', admin)).statusCode).toBe(200);
    t.sql.length = 0;
    expect((await t.call('GET', USER_INFO, admin)).statusCode).toBe(200);
    expect(accessReads(t.sql).length).toBeGreaterThan(0);
  });

  it('documented invalidations refuse the next request without any write the handle saw', async () => {
    const token = (await t.token(DEMO.tenantUser)).access_token;
    expect((await t.call('GET', USER_INFO, token)).statusCode).toBe(200);
    // As if an operator revoked the session by hand in a database console, then asked the instances to forget it.
    const sessionId = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()).sid;
    const before = t.sql.length;
    await t.deps.sessions.invalidateSession(sessionId);
    expect((await t.call('GET', USER_INFO, token)).statusCode).toBe(200);
    expect(accessReads(t.sql.slice(before)).length).toBeGreaterThan(0);
    await withPlatformScope(() => t.deps.sessions.revokeUserSessions('100000', ID.userDemoUser, 'test'));
    expect((await t.call('GET', USER_INFO, token)).statusCode).toBe(401);
  });
});
