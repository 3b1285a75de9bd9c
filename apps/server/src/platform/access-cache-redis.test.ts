import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { basic, createTestApp, DEMO, dialects, type TestApp } from '../../test/helpers.js';
import { buildApp } from '../app.js';
import type { AppConfig } from '../config.js';
import { type DatabaseHandle, openDatabase } from '../db/connection.js';
import { withPlatformScope } from '../db/row-scope.js';
import { REFRESH_GRACE_SECONDS } from '../modules/identity/refresh-grace.js';
import { ID } from '../seed/demo-data.js';
import { USERS_ID } from '../seed/users.js';
import { newId } from './ids.js';
import { md5Hex } from './passwords.js';
import { RedisStore, type SharedStore } from './store.js';

const redisUrl = process.env.CUBE_TEST_REDIS_URL;
const USER_INFO = '/api/cube-auth/oauth/user-info';
/** 参数管理: a page the seed does not grant the demo tenant's administrator. */
// 岗位管理: a page of the tenant's console the demo clerk (普通用户) is not granted by the seed.
const POST_LIST = '/api/cube-system/post/list';
const POST_MENU = USERS_ID.menuPost;

interface Instance {
  app: FastifyInstance;
  db: DatabaseHandle;
  store: SharedStore;
  sql: string[];
  close(): Promise<void>;
}

/** One more server process, as a second machine behind the load balancer would run it: own pool, own Redis link. */
async function instance(config: AppConfig, prefix: string, url: string): Promise<Instance> {
  const sql: string[] = [];
  const db = openDatabase(config.database, { onQuery: (s) => sql.push(s), poolSize: 3 });
  const store = new RedisStore(RedisStore.connect(url).redis, prefix);
  const { app } = await buildApp({ config, db, store, logger: false });
  return {
    app,
    db,
    store,
    sql,
    async close() {
      await app.close();
      await store.close();
      await db.close();
    },
  };
}

/**
 * Two instances sharing one database and one Redis: what one of them changes is refused by the other on the very
 * next request, although the other answers from its cache (decision D13).
 */
describe.skipIf(!redisUrl).each(dialects)(
  'access cache across two instances sharing Redis on %s',
  (dialect) => {
    let base: TestApp;
    let a: Instance;
    let b: Instance;
    let address = 0;

    beforeAll(async () => {
      base = await createTestApp(dialect);
      const prefix = `cube-test:${process.pid}:${Date.now()}:`;
      a = await instance(base.config, prefix, redisUrl as string);
      // buildApp returns once each instance's subscription is confirmed.
      b = await instance(base.config, prefix, redisUrl as string);
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await base?.close();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    // A fresh client address per request: the token route's rate limit lives in the shared Redis too.
    const inject = (i: Instance, options: InjectOptions) =>
      i.app.inject({ ...options, remoteAddress: `10.77.${dialect.length}.${++address % 250}` });
    const call = async (i: Instance, url: string, token: string) =>
      (await inject(i, { method: 'GET', url, headers: { 'cube-auth': `bearer ${token}` } })).statusCode;
    const login = async (i: Instance, who: { tenantId: string; username: string; password: string }) => {
      const res = await inject(i, {
        method: 'POST',
        url: '/api/cube-auth/oauth/token',
        query: {
          tenantId: who.tenantId,
          username: who.username,
          password: md5Hex(who.password),
          grant_type: 'password',
          scope: 'all',
        },
        headers: { authorization: basic() },
      });
      expect(res.statusCode).toBe(200);
      return JSON.parse(res.body) as { access_token: string; refresh_token: string };
    };
    const refresh = (i: Instance, refreshToken: string) =>
      inject(i, {
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
    /** B answers from memory: the request made no session read. */
    const cachedOnB = async (token: string) => {
      expect(await call(b, USER_INFO, token)).toBe(200);
      b.sql.length = 0;
      expect(await call(b, USER_INFO, token)).toBe(200);
      expect(b.sql.filter((s) => s.includes('cube_auth_session'))).toEqual([]);
    };
    const onA = (work: (db: DatabaseHandle['db']) => Promise<unknown>) =>
      withPlatformScope(async () => void (await work(a.db.db)));

    it('a profile edited through one instance shows in the other’s user-info on the next request', async () => {
      const { access_token: token } = await login(b, DEMO.tenantUser);
      const realName = async () => {
        const res = await inject(b, {
          method: 'GET',
          url: USER_INFO,
          headers: { 'cube-auth': `bearer ${token}` },
        });
        expect(res.statusCode).toBe(200);
        return (JSON.parse(res.body) as { data: { realName: string } }).data.realName;
      };
      const original = await realName();
      await cachedOnB(token);
      const rename = (name: string) =>
        onA((db) =>
          db.updateTable('cubeUser').set({ realName: name }).where('id', '=', ID.userDemoUser).execute(),
        );
      await rename('跨实例改名');
      try {
        expect(await realName()).toBe('跨实例改名');
      } finally {
        await rename(original);
      }
      expect(await realName()).toBe(original);
    });

    it('a logout on one instance is refused by the other on the next request', async () => {
      const token = (await login(a, DEMO.tenantUser)).access_token;
      await cachedOnB(token);
      expect(await call(a, '/api/cube-auth/oauth/logout', token)).toBe(200);
      expect(await call(b, USER_INFO, token)).toBe(401);
    });

    it('a revoked refresh family on one instance is refused by the other', async () => {
      const first = await login(a, DEMO.tenantUser);
      const second = JSON.parse((await refresh(a, first.refresh_token)).body);
      await cachedOnB(second.access_token);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (REFRESH_GRACE_SECONDS + 2) * 1000 });
      expect((await refresh(a, first.refresh_token)).statusCode).toBe(400);
      expect(await call(b, USER_INFO, second.access_token)).toBe(401);
    });

    it('a disabled user or tenant, written through one instance, is refused by the other', async () => {
      const token = (await login(a, DEMO.tenantUser)).access_token;
      const writes = [
        [
          (db: DatabaseHandle['db']) =>
            db.updateTable('cubeUser').set({ status: 0 }).where('id', '=', ID.userDemoUser).execute(),
          (db: DatabaseHandle['db']) =>
            db.updateTable('cubeUser').set({ status: 1 }).where('id', '=', ID.userDemoUser).execute(),
        ],
        [
          (db: DatabaseHandle['db']) =>
            db.updateTable('cubeTenant').set({ status: 0 }).where('tenantId', '=', '100000').execute(),
          (db: DatabaseHandle['db']) =>
            db.updateTable('cubeTenant').set({ status: 1 }).where('tenantId', '=', '100000').execute(),
        ],
      ] as const;
      for (const [disable, enable] of writes) {
        await cachedOnB(token);
        await onA(disable);
        try {
          expect(await call(b, USER_INFO, token)).toBe(401);
        } finally {
          await onA(enable);
        }
        expect(await call(b, USER_INFO, token)).toBe(200);
      }
    });

    it('a changed role grant on one instance applies on the other', async () => {
      const token = (await login(a, DEMO.tenantUser)).access_token;
      expect(await call(b, POST_LIST, token)).toBe(403);
      const grantId = newId();
      await onA((db) =>
        db
          .insertInto('cubeRoleMenu')
          .values({ id: grantId, roleId: ID.roleDemoUser, menuId: POST_MENU })
          .execute(),
      );
      try {
        expect(await call(b, POST_LIST, token)).toBe(200);
      } finally {
        await onA((db) => db.deleteFrom('cubeRoleMenu').where('id', '=', grantId).execute());
      }
      expect(await call(b, POST_LIST, token)).toBe(403);
    });

    it('clear-cache on one instance empties the other', async () => {
      const admin = (await login(a, DEMO.tenantAdmin)).access_token;
      await cachedOnB(admin);
      expect(await call(a, '/api/cube-auth/oauth/clear-cache', admin)).toBe(200);
      b.sql.length = 0;
      expect(await call(b, USER_INFO, admin)).toBe(200);
      expect(b.sql.some((s) => s.includes('cube_auth_session'))).toBe(true);
    });
  },
);

/**
 * Without a live subscription an instance cannot hear the others, so it answers nothing from memory: every request
 * reads the session (correct, only slower) until Redis is back.
 */
describe.each(dialects)('access cache without a reachable Redis on %s', (dialect) => {
  let base: TestApp;
  let c: Instance;
  beforeAll(async () => {
    base = await createTestApp(dialect);
    // Nothing listens on port 1: the subscription never becomes live.
    c = await instance(base.config, 'cube-test-unreachable:', 'redis://127.0.0.1:1');
  });
  afterAll(async () => {
    await c?.close();
    await base?.close();
  });

  it('reads the session on every request', async () => {
    const token = (await base.token(DEMO.tenantUser)).access_token;
    for (let i = 0; i < 3; i++) {
      c.sql.length = 0;
      const res = await c.app.inject({
        method: 'GET',
        url: USER_INFO,
        headers: { 'cube-auth': `bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(c.sql.filter((s) => s.includes('cube_auth_session'))).toHaveLength(1);
    }
  });
});
