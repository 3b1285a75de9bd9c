import type { FastifyInstance } from 'fastify';
import { access } from '../../platform/access.js';
import { type AppDeps, defineModule } from '../../platform/deps.js';

/**
 * Liveness says only that the process answers (never the database: a database blip must not restart every
 * instance). Readiness checks the database and that shutdown has not begun, and reports the shared store: an
 * instance without Redis still serves (values are kept per instance meanwhile, platform/store.ts), so an
 * unreachable Redis must not take every instance out of the load balancer at once. Neither reveals versions or
 * host names.
 */
export const healthModule = defineModule('health', (app: FastifyInstance, deps: AppDeps): void => {
  app.get('/api/health', { config: { access: access.public } }, async () => ({ status: 'UP' }));

  app.get('/api/ready', { config: { access: access.public } }, async (_request, reply) => {
    if (deps.lifecycle.shuttingDown) return reply.code(503).send({ status: 'DOWN', reason: 'shutting down' });
    const withTimeout = (p: Promise<void>) =>
      Promise.race([
        p,
        new Promise<void>((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref()),
      ]);
    const checks = await Promise.allSettled([withTimeout(deps.db.ping()), withTimeout(deps.store.ping())]);
    const [database, store] = checks.map((c) => (c.status === 'fulfilled' ? 'UP' : 'DOWN'));
    const up = database === 'UP';
    return reply.code(up ? 200 : 503).send({ status: up ? 'UP' : 'DOWN', database, store });
  });
});
