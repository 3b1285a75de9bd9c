import { createHash, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Gauge } from 'prom-client';
import { access } from './access.js';
import type { AppDeps } from './deps.js';

/**
 * Prometheus metrics at `GET /metrics` through prom-client: request counts and durations by route
 * pattern, the database pool, the log buffer, scheduled jobs, the shared store, and Node's own figures (event-loop
 * lag and its percentiles, heap, RSS, GC, handles).
 *
 * Off unless configured (`CUBE_METRICS=on` or `METRICS_TOKEN`): prom-client (with the OpenTelemetry API it
 * loads) adds about 10 MiB to an idle process, which a single small install need not pay. When on, the cost per
 * request is one histogram observation in an `onResponse` hook.
 *
 * Access: with `METRICS_TOKEN`, a scrape must send `Authorization: Bearer <token>` (compared in constant time);
 * without one, only a direct loopback call is answered — a call that came through a proxy (it carries
 * `X-Forwarded-For`, `X-Real-IP` or `Forwarded`) is refused even from 127.0.0.1, since a proxy on the same host
 * connects from loopback. The nginx configuration refuses `/metrics` as well (deploy/nginx): Prometheus scrapes
 * each instance on its own port.
 */

type PromClient = typeof import('prom-client');
const loadPromClient = (): PromClient => createRequire(import.meta.url)('prom-client') as PromClient;

export const METRICS_PATH = '/metrics';

/** Request duration buckets (seconds): the API answers in milliseconds, imports and exports take seconds. */
const DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether `request` may read the metrics (see the module comment). */
export function metricsAllowed(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^bearer\s+(\S+)$/i.exec(header) : null;
    return !!match?.[1] && timingSafeEqual(digest(match[1]), digest(token));
  }
  const h = request.headers;
  if (h['x-forwarded-for'] !== undefined || h['x-real-ip'] !== undefined || h.forwarded !== undefined)
    return false;
  return isLoopback(request.socket.remoteAddress ?? '');
}

export function isLoopback(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

/** Registers the metrics and the route when `config.metrics.enabled`; does nothing otherwise. */
export function installMetrics(app: FastifyInstance, deps: AppDeps): void {
  const { enabled, token } = deps.config.metrics;
  if (!enabled) return;
  const prom = loadPromClient();
  const registry = new prom.Registry();
  prom.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

  const duration = new prom.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Requests answered, by method, route pattern and status: _count is the request count',
    labelNames: ['method', 'route', 'status_code'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern, never the raw URL (ids and queries would make a series per request); unmatched
    // paths (the single-page app's routes, 404s) share one label.
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const gauge = (name: string, help: string, labelNames: string[], collect: (g: Gauge) => void) =>
    new prom.Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      collect() {
        collect(this);
      },
    });
  gauge(
    'cube_db_pool_connections',
    'PostgreSQL pool connections by state (max: the pool size)',
    ['state'],
    (g) => {
      const stats = deps.db.poolStats?.();
      if (!stats) return;
      g.set({ state: 'max' }, stats.max);
      g.set({ state: 'total' }, stats.total);
      g.set({ state: 'idle' }, stats.idle);
      g.set({ state: 'busy' }, stats.total - stats.idle);
    },
  );
  gauge('cube_db_pool_waiting', 'Queries waiting for a PostgreSQL pool connection', [], (g) => {
    const stats = deps.db.poolStats?.();
    if (stats) g.set(stats.waiting);
  });
  gauge('cube_log_buffer_entries', 'Log entries waiting in memory to be written', [], (g) =>
    g.set(deps.audit.pending),
  );
  gauge('cube_log_entries', 'Log entries since start, by outcome', ['outcome'], (g) => {
    g.set({ outcome: 'written' }, deps.audit.written);
    g.set({ outcome: 'dropped' }, deps.audit.dropped);
    g.set({ outcome: 'failed' }, deps.audit.failed);
  });
  gauge('cube_jobs_running', 'Scheduled jobs running on this instance', [], (g) =>
    g.set(deps.jobs.stats().running),
  );
  gauge(
    'cube_job_runs',
    'Scheduled job runs this instance finished since start, by outcome',
    ['outcome'],
    (g) => {
      const { finished } = deps.jobs.stats();
      for (const [outcome, count] of Object.entries(finished)) g.set({ outcome }, count);
    },
  );
  gauge(
    'cube_store_redis_up',
    'Whether the Redis connection of the shared store is ready (1), or not (0)',
    [],
    (g) => {
      if (deps.store.redis) g.set(deps.store.redis.status === 'ready' ? 1 : 0);
    },
  );
  gauge('cube_shutting_down', 'Whether graceful shutdown has begun', [], (g) =>
    g.set(deps.lifecycle.shuttingDown ? 1 : 0),
  );

  app.get(METRICS_PATH, { config: { access: access.public }, logLevel: 'warn' }, async (request, reply) => {
    if (!metricsAllowed(request, token)) return reply.code(403).type('text/plain').send('Forbidden\n');
    const body = await registry.metrics();
    return reply.type(registry.contentType).header('cache-control', 'no-store').send(body);
  });
}
