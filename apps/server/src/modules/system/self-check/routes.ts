import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inspectRowSecurity } from '../../../db/row-security.js';
import { access } from '../../../platform/access.js';
import { now } from '../../../platform/dates.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { ok, rSchema } from '../../../platform/envelope.js';

const serverPackage = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../package.json');
const version = (JSON.parse(readFileSync(serverPackage, 'utf8')) as { version: string }).version;

const probe = z.object({ status: z.enum(['UP', 'DOWN']), latencyMs: z.number() });
const selfCheckSchema = z.object({
  api: z.literal('UP'),
  database: probe.extend({ kind: z.enum(['sqlite', 'postgres']) }),
  store: probe.extend({ kind: z.enum(['memory', 'redis']) }),
  /**
   * How tenants are kept apart: `row-security` (PostgreSQL policies bind the app's role, behind `TenantData`),
   * `application` (SQLite: `TenantData` alone), `row-security-bypassed` (PostgreSQL, but the role escapes them).
   */
  tenantIsolation: z.enum(['row-security', 'application', 'row-security-bypassed']),
  version: z.string(),
  serverTime: z.string(),
  timeZone: z.string(),
  nodeVersion: z.string(),
  uptimeSeconds: z.number(),
});

async function timed(check: () => Promise<void>): Promise<z.infer<typeof probe>> {
  const start = performance.now();
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref()),
    ]);
    return { status: 'UP', latencyMs: Math.round((performance.now() - start) * 10) / 10 };
  } catch {
    return { status: 'DOWN', latencyMs: Math.round(performance.now() - start) };
  }
}

/**
 * The console's self-check page (`/test/index`). Unlike the public health probes it names the database kind,
 * version and whether the tenant wall of the database holds, so it is for administrators only (a tenant's or the
 * platform's).
 */
export const selfCheckModule = defineModule(
  'system/self-check',
  (app: FastifyInstance, deps: AppDeps): void => {
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/api/cube-system/self-check',
        { config: { access: access.administrator }, schema: { response: { 200: rSchema(selfCheckSchema) } } },
        async () => {
          const [database, store] = await Promise.all([
            timed(() => deps.db.ping()),
            timed(() => deps.store.ping()),
          ]);
          const tenantIsolation =
            deps.db.kind === 'sqlite'
              ? ('application' as const)
              : (await inspectRowSecurity(deps.db.db)).enforced
                ? ('row-security' as const)
                : ('row-security-bypassed' as const);
          return ok({
            api: 'UP' as const,
            tenantIsolation,
            database: { ...database, kind: deps.db.kind },
            store: { ...store, kind: deps.store.kind },
            version,
            serverTime: now(),
            timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
            nodeVersion: process.version,
            uptimeSeconds: Math.round(process.uptime()),
          });
        },
      );
  },
);
