import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp, WEB_CLIENT } from '../../test/helpers.js';
import { buildApp } from '../app.js';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { seed } from '../seed/index.js';
import {
  asyncLogDestination,
  LOG_BUFFER_BYTES,
  type LogDestination,
  loggerOptions,
  redactUrl,
  requestLineWriter,
} from './logging.js';
import { isLoopback } from './metrics.js';
import { MemoryStore } from './store.js';

/** Prometheus metrics: off by default, token or unproxied loopback, route patterns, the pool. */
const TOKEN = 'metrics-token-0123456789abcdef';

describe('metrics', () => {
  it('is not served unless configured', async () => {
    const t = await createTestApp('sqlite');
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('knows loopback addresses', () => {
    expect(isLoopback('127.0.0.1')).toBe(true);
    expect(isLoopback('127.0.0.9')).toBe(true);
    expect(isLoopback('::1')).toBe(true);
    expect(isLoopback('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopback('10.0.0.5')).toBe(false);
    expect(isLoopback('::ffff:192.168.1.2')).toBe(false);
  });

  describe('without a token: loopback only, never through a proxy', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp('sqlite', { CUBE_METRICS: 'on' });
    });
    afterAll(() => t.close());

    it('answers a direct loopback call', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
    });

    it('refuses another address, and a proxied call even from loopback', async () => {
      const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' });
      expect(remote.statusCode).toBe(403);
      for (const header of ['x-forwarded-for', 'x-real-ip', 'forwarded']) {
        const proxied = await t.app.inject({
          method: 'GET',
          url: '/metrics',
          remoteAddress: '127.0.0.1',
          headers: { [header]: '203.0.113.9' },
        });
        expect(proxied.statusCode, header).toBe(403);
      }
    });
  });

  describe.each(dialects)('with a token (%s)', (dialect) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect, { METRICS_TOKEN: TOKEN });
    });
    afterAll(() => t.close());

    const scrape = (authorization?: string, remoteAddress = '127.0.0.1') =>
      t.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress,
        headers: authorization ? { authorization } : {},
      });

    it('refuses a scrape without the token or with another, from anywhere', async () => {
      expect((await scrape()).statusCode).toBe(403);
      expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(403);
      expect((await scrape('Bearer short')).statusCode).toBe(403);
    });

    it('reports requests by route pattern and status, the queues, the pool and the event loop', async () => {
      await t.call('GET', '/api/health');
      await t.call('GET', '/api/cube-system/param/detail?id=1');
      await t.app.inject({ method: 'GET', url: '/no/such/page' });
      const res = await scrape(`Bearer ${TOKEN}`, '198.51.100.7');
      expect(res.statusCode).toBe(200);
      const text = res.body;
      expect(text).toMatch(
        /http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} 1/,
      );
      // The pattern, not the URL: no query string and no ids in labels.
      expect(text).toMatch(/route="\/api\/cube-system\/param\/detail",status_code="401"/);
      expect(text).not.toContain('id=1');
      expect(text).toMatch(/route="unmatched",status_code="404"/);
      expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
      expect(text).toMatch(/nodejs_eventloop_lag_p99_seconds \d/);
      expect(text).toMatch(/cube_log_buffer_entries \d+/);
      expect(text).toMatch(/cube_log_entries\{outcome="dropped"\} 0/);
      expect(text).toMatch(/cube_jobs_running 0/);
      expect(text).toMatch(/cube_shutting_down 0/);
      if (dialect === 'postgres') {
        expect(text).toMatch(/cube_db_pool_connections\{state="max"\} \d+/);
        expect(text).toMatch(/cube_db_pool_waiting 0/);
      }
    });
  });
});

describe('request ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  const loggedIds = () =>
    t.logs
      .map((line) => JSON.parse(line) as { reqId?: string; msg?: string })
      .filter((l) => l.msg === 'request completed')
      .map((l) => l.reqId);

  it('takes the proxy’s X-Request-Id into every line the request logs', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': '5f2b8c0e9a7d4e1fb3c6a9d2e4f70812' },
    });
    expect(loggedIds()).toContain('5f2b8c0e9a7d4e1fb3c6a9d2e4f70812');
  });

  it('makes its own when there is none or it does not look like an id', async () => {
    t.logs.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a b\n{"x":1}' } });
    const ids = loggedIds();
    expect(ids).toHaveLength(2);
    // A per-process random prefix and a counter: distinct per request, the same prefix within one process.
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{16}-[0-9a-z]+$/);
    expect(new Set(ids).size).toBe(2);
    expect(new Set(ids.map((id) => id?.split('-')[0])).size).toBe(1);
  });
});

describe('the request log as shipped', () => {
  // The process's own logger (loggerOptions, as main.ts builds it), writing to a file instead of standard output.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cube-log-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    CUBE_DATA_DIR: dataDir,
    CUBE_JWT_SECRET: `test-signing-secret-${Math.random().toString(36)}-0123456789abcdef`,
    CUBE_WEB_CLIENT_SECRET: WEB_CLIENT.secret,
    CUBE_WEB_DIST: path.join(dataDir, 'no-web'),
    CUBE_LOG_LEVEL: 'info',
  });
  const db = openDatabase(config.database);
  beforeAll(async () => {
    await migrateToLatest(db.db);
    await seed(db.db, config);
  });
  afterAll(async () => {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const requests = [
    { url: '/api/health', headers: { 'x-request-id': 'log-test-1' } },
    { url: '/api/no-such-thing?password=secret&page=2', headers: { 'x-request-id': 'log-test-2' } },
    { url: '/api/cube-auth/oauth/user-info', headers: { 'x-request-id': 'log-test-3' } },
  ];

  /** Serves `requests` with the log written to `destination`; `beforeClose` sees the file before the app closes. */
  async function serve(destination: LogDestination, file: string, beforeClose?: (written: string) => void) {
    await once(destination, 'ready');
    const { app } = await buildApp({
      config,
      db,
      store: new MemoryStore(),
      logger: loggerOptions(config, destination),
    });
    for (const request of requests) await app.inject({ method: 'GET', ...request });
    beforeClose?.(existsSync(file) ? readFileSync(file, 'utf8') : '');
    await app.close();
    const lines = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'request completed');
    // What differs between two runs by nature: the clock and the measured time.
    return lines.map(({ time: _time, ms: _ms, ...fields }) => fields);
  }

  it('writes the same request lines asynchronously, held in memory and written when the app closes', async () => {
    const syncFile = path.join(dataDir, 'sync.log');
    const asyncFile = path.join(dataDir, 'async.log');
    const direct = await serve(pino.destination({ dest: syncFile, sync: true }), syncFile);
    // A flush interval longer than the test, so that only the buffer's size or the close can write.
    const buffered = await serve(asyncLogDestination(asyncFile, 60_000), asyncFile, (written) => {
      // Three request lines are fewer than the buffer holds: nothing was written while requests were answered.
      expect(written).toBe('');
    });
    expect(direct).toHaveLength(3);
    expect(buffered).toEqual(direct);
    expect(buffered.map((line) => [line.reqId, line.status])).toEqual([
      ['log-test-1', 200],
      ['log-test-2', 404],
      ['log-test-3', 401],
    ]);
    expect(buffered[1]?.url).toBe('/api/no-such-thing?password=%5BREDACTED%5D&page=2');
    for (const key of ['level', 'pid', 'hostname', 'method', 'url', 'status', 'ip', 'msg'])
      expect(Object.keys(buffered[0] ?? {}), key).toContain(key);
  });

  it('writes the request line byte for byte as the request’s own logger would, and redacts every other line', () => {
    const lines: string[] = [];
    const log = pino(loggerOptions(config) as pino.LoggerOptions, {
      write: (line: string) => lines.push(line),
    }) as unknown as FastifyBaseLogger;
    const request = {
      id: 'line-1',
      method: 'GET',
      url: '/api/cube-system/param/list?current=1&token=abc&size=10',
      ip: '127.0.0.1',
      ctx: { tenantId: '100000', userId: '1123598821738675201' },
      log: log.child({ reqId: 'line-1' }),
    };
    const reply = { statusCode: 200, elapsedTime: 1.6 };
    requestLineWriter(log)(request as unknown as FastifyRequest, reply as unknown as FastifyReply);
    // The same line through the request's logger, with pino's path redaction.
    request.log.info(
      {
        method: 'GET',
        url: redactUrl(request.url),
        status: 200,
        ms: 2,
        tenantId: '100000',
        userId: '1123598821738675201',
        ip: '127.0.0.1',
      },
      'request completed',
    );
    const untimed = (line = '') => line.replace(/"time":\d+,/, '');
    expect(lines).toHaveLength(2);
    // The line was assembled here and written to the destination, not passed through the request's logger.
    const direct = { ...request, log: { isLevelEnabled: () => true, info: () => expect.unreachable() } };
    requestLineWriter(log)(direct as unknown as FastifyRequest, reply as unknown as FastifyReply);
    expect(untimed(lines.pop())).toBe(untimed(lines[1]));
    expect(untimed(lines[0])).toBe(untimed(lines[1]));
    expect(lines[0]).toContain('"reqId":"line-1","method":"GET"');
    expect(lines[0]).not.toContain('abc');
    // Any other line still goes through every redaction path.
    request.log.info({ password: 'p1', body: { newPassword: 'p2' }, headers: { cookie: 'p3' } }, 'other');
    expect(lines[2]).not.toMatch(/p1|p2|p3/);
    expect(lines[2]).toContain('"newPassword":"[REDACTED]"');
  });

  it('writes a full buffer at once, and a quiet instance’s lines within a second', async () => {
    const file = path.join(dataDir, 'quiet.log');
    const destination = asyncLogDestination(file);
    await once(destination, 'ready');
    const log = pino(loggerOptions(config) as pino.LoggerOptions, destination);
    log.info({ n: 1 }, 'a quiet line');
    const deadline = Date.now() + 3000;
    while (readFileSync(file, 'utf8') === '' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(readFileSync(file, 'utf8')).toContain('a quiet line');
    const before = readFileSync(file, 'utf8').length;
    for (let i = 0; i * 100 < LOG_BUFFER_BYTES * 2; i++) log.info({ i, pad: 'x'.repeat(60) }, 'a busy line');
    // A full buffer goes out without waiting for the quiet-line timer; on a busy machine the write event that
    // answers first may still be the quiet line's, so the file is read until the buffer shows (or 3 s pass).
    const full = Date.now() + 3000;
    while (readFileSync(file, 'utf8').length <= before + LOG_BUFFER_BYTES && Date.now() < full)
      await once(destination, 'write');
    expect(readFileSync(file, 'utf8').length).toBeGreaterThan(before + LOG_BUFFER_BYTES);
    destination.end();
  });

  it('writes the lines still gathered when the process exits, an uncaught error included', () => {
    const file = path.join(dataDir, 'exit.log');
    const logging = new URL('./logging.ts', import.meta.url).href;
    // Fewer lines than the buffer holds and a flush interval longer than the process lives: only the exit writes.
    const script = `
      import pino from 'pino';
      import { asyncLogDestination } from ${JSON.stringify(logging)};
      const destination = asyncLogDestination(${JSON.stringify(file)}, 60_000);
      destination.once('ready', () => {
        const log = pino(destination);
        for (let i = 0; i < 3; i++) log.info({ i }, 'before exit');
        throw new Error('boom');
      });`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: path.dirname(new URL(import.meta.url).pathname),
      encoding: 'utf8',
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('boom');
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    expect(lines.map((line) => (JSON.parse(line) as { i: number }).i)).toEqual([0, 1, 2]);
  });
});

describe('behind the proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    // As deploy/cube.env sets it for the cluster and compose.
    t = await createTestApp('sqlite', { CUBE_TRUST_PROXY: 'loopback,uniquelocal' }, (app) => {
      app.get('/api/test-ip', { config: { access: { kind: 'public' } } }, async (request) => ({
        ip: request.ip,
      }));
    });
  });
  afterAll(() => t.close());

  const ipOf = async (remoteAddress: string, forwarded?: string) =>
    JSON.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/test-ip',
          remoteAddress,
          headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
        })
      ).body,
    ).ip;

  it('takes the client address nginx sends from a trusted proxy, and ignores it from anyone else', async () => {
    expect(await ipOf('127.0.0.1', '203.0.113.7')).toBe('203.0.113.7');
    expect(await ipOf('172.18.0.5', '203.0.113.8')).toBe('203.0.113.8');
    expect(await ipOf('198.51.100.4', '203.0.113.9')).toBe('198.51.100.4');
  });

  it('refuses a hop count, which Fastify 5 would silently not trust', () => {
    expect(() => loadConfig({ CUBE_TRUST_PROXY: '1', CUBE_DATA_DIR: t.config.dataDir })).toThrow(ConfigError);
  });
});
