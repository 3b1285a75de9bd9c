import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../config.js';
import type { DatabaseHandle } from '../db/connection.js';
import type { CacheRegistry } from './caches.js';
import type { JobRunner } from './jobs.js';
import type { LogRecorder } from './log-recorder.js';
import type { SessionRegistry } from './sessions.js';
import type { SharedStore } from './store.js';
import type { TenantDatabases } from './tenant-databases.js';
import type { TokenService } from './tokens.js';

/**
 * What every feature module is given. It lives in `platform/` so that modules never import the app that lists
 * them (dependencies point `app → modules → platform → db`).
 */
export interface AppDeps {
  config: AppConfig;
  db: DatabaseHandle;
  /**
   * Tenants on their own database: `datasources.routed` is the handle business modules read and write their
   * tenant data through (platform/tenant-databases.ts); `db` is always the master.
   */
  datasources: TenantDatabases;
  store: SharedStore;
  tokens: TokenService;
  caches: CacheRegistry;
  sessions: SessionRegistry;
  /** The usual/API/error log recorder: `audit.usual(request, { event, title })` records a business event. */
  audit: LogRecorder;
  /** Scheduled jobs, run once per period across instances (platform/jobs.ts): `jobs.register({...})`. */
  jobs: JobRunner;
  /** Flipped by graceful shutdown so that readiness fails while in-flight requests finish. */
  lifecycle: { shuttingDown: boolean };
}

/** A feature module: a Fastify plugin that registers its routes with the shared dependencies. */
export type AppModule = FastifyPluginAsync<{ deps: AppDeps }>;

/** Names a module's registration function as a Fastify plugin (the name shows in Fastify's plugin tree). */
export function defineModule(
  name: string,
  register: (app: FastifyInstance, deps: AppDeps) => void | Promise<void>,
): AppModule {
  const plugin: AppModule = async (app, options) => {
    await register(app, options.deps);
  };
  Object.defineProperty(plugin, 'name', { value: name });
  return plugin;
}
