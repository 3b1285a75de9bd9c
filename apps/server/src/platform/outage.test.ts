import net from 'node:net';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../test/helpers.js';
import { isUnavailable } from './error-reply.js';
import { fallbackRateLimitStore, RedisStore } from './store.js';

/**
 * What a user sees while a dependency is down: a 503 envelope for an unreachable database, and
 * per-instance state instead of failures while Redis is unreachable.
 */

/** A loopback port nothing listens on. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

describe('an unreachable database answers a 503 envelope', () => {
  let t: TestApp;
  const failures: Record<string, () => unknown> = {
    shutdown: () =>
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    starting: () => Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    refused: () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    terminated: () => new Error('Connection terminated unexpectedly'),
    pool: () => new Error('timeout exceeded when trying to connect'),
    busy: () => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }),
    redis: () =>
      Object.assign(new Error('Reached the max retries per request limit'), {
        name: 'MaxRetriesPerRequestError',
      }),
    unique: () =>
      Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
  };
  beforeAll(async () => {
    t = await createTestApp('sqlite', {}, (app) => {
      for (const [name, make] of Object.entries(failures))
        app.get(`/api/test-outage/${name}`, { config: { access: { kind: 'public' } } }, async () => {
          throw make();
        });
    });
  });
  afterAll(() => t.close());

  it('maps connection failures of either driver to 503 with the Chinese message, and nothing else', async () => {
    for (const name of ['shutdown', 'starting', 'refused', 'terminated', 'pool', 'busy', 'redis']) {
      const res = await t.call('GET', `/api/test-outage/${name}`);
      expect(res.statusCode, name).toBe(503);
      expect(res.body, name).toEqual({ code: 503, success: false, msg: '服务暂不可用,请稍后再试', data: {} });
    }
    const other = await t.call('GET', '/api/test-outage/unique');
    expect(other.statusCode).toBe(500);
    expect(isUnavailable(null)).toBe(false);
    expect(isUnavailable({ code: '22P02' })).toBe(false);
  });
});

describe('an unreachable Redis: values per instance, broadcasts unsent, limits still counted', () => {
  let store: RedisStore;
  beforeAll(async () => {
    store = RedisStore.connect(`redis://127.0.0.1:${await closedPort()}`);
  });
  afterAll(() => store.close());

  it('keeps values in memory instead of failing', async () => {
    const warnings: string[] = [];
    store.setLogger({ warn: (_d, m) => warnings.push(m), info: () => {} });
    const started = Date.now();
    await store.set('captcha:x', 'abcd', 60);
    expect(await store.get('captcha:x')).toBe('abcd');
    expect(await store.take('captcha:x')).toBe('abcd');
    expect(await store.get('captcha:x')).toBeNull();
    expect(await store.increment('fails:a', 60)).toBe(1);
    expect(await store.increment('fails:a', 60, 2)).toBe(3);
    await store.delete('fails:a');
    expect(await store.increment('fails:a', 60)).toBe(1);
    expect(store.degraded).toBe(true);
    expect(warnings).toHaveLength(1);
    // No waiting for reconnection attempts.
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('resolves broadcasts false at once, and a subscription is not live', async () => {
    const started = Date.now();
    expect(await store.publish('access-invalidation', '{}')).toBe(false);
    expect(Date.now() - started).toBeLessThan(200);
    const subscription = await store.subscribe('access-invalidation', { message: () => {}, reset: () => {} });
    expect(subscription.live).toBe(false);
    await subscription.close();
  });

  it('rate limits fall back to this instance’s memory', async () => {
    const app = Fastify();
    await app.register(rateLimit, {
      global: false,
      store: fallbackRateLimitStore(store.redis, 'cube:rl:') as unknown as FastifyRateLimitStoreCtor,
    });
    app.get('/limited', { config: { rateLimit: { max: 2, timeWindow: '1 minute' } } }, async () => 'ok');
    await app.ready();
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await app.inject({ method: 'GET', url: '/limited' })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    await app.close();
  });
});

describe.runIf(dialects.includes('postgres'))('a PostgreSQL connection ended by the server', () => {
  it('fails the work that held it (503-class), never the process, and the pool goes on', async () => {
    const t = await createTestApp('postgres');
    const admin = new pg.Client({ connectionString: process.env.CUBE_TEST_PG_URL });
    await admin.connect();
    try {
      const failure = await t.deps.db.db
        .transaction()
        .execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          // Ended while checked out and between queries: pg emits 'error' on the client, which nobody else hears.
          await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
          await new Promise((r) => setTimeout(r, 300));
          await sql`select 1`.execute(trx);
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(isUnavailable(failure)).toBe(true);
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(t.deps.db.db);
      expect(rows[0]?.one).toBe(1);
    } finally {
      await admin.end();
      await t.close();
    }
  });
});

describe('the log buffer while the database is unreachable', () => {
  it('keeps the entries and writes them once the database answers again', async () => {
    const t = await createTestApp('sqlite');
    try {
      const db = t.deps.db.db as unknown as { executeQuery: (...args: unknown[]) => Promise<unknown> };
      const real = db.executeQuery;
      db.executeQuery = () =>
        Promise.reject(
          Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
        );
      for (let i = 0; i < 3; i++) t.deps.audit.usual(null, { event: 'outage.test', title: `停机测试 ${i}` });
      await t.deps.audit.flush();
      expect(t.deps.audit.pending).toBe(3);
      expect(t.deps.audit.failed).toBe(0);
      db.executeQuery = real;
      await t.deps.audit.flush();
      expect(t.deps.audit.pending).toBe(0);
      const rows = await t.deps.db.db
        .selectFrom('cubeLogUsual')
        .select('title')
        .where('logId', '=', 'outage.test')
        .execute();
      expect(rows.map((r) => r.title).sort()).toEqual(['停机测试 0', '停机测试 1', '停机测试 2']);
    } finally {
      await t.close();
    }
  });
});
