import { logUsualEntity, logUsualStatsSchema } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../../platform/access.js';
import { registerCrud } from '../../../platform/crud/index.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { ok, rSchema } from '../../../platform/envelope.js';
import { countsOverTime, hoursAgo, installCrossTenantReads, STR_ID, topCounts, withStrId } from '../reads.js';

/**
 * The usual log: business events the modules record through `deps.audit.usual` — sign-ins,
 * sign-outs, password changes, tenants created, passwords reset. Read-only through the CRUD kit (`list`,
 * `detail`), plus `stats` for the screen's charts (events per day, most frequent events).
 */
export const usualLogModule = defineModule('log/usual', (app: FastifyInstance, deps: AppDeps): void => {
  installCrossTenantReads(app, deps);
  registerCrud(app, deps, logUsualEntity, {
    table: 'cubeLogUsual',
    readOnly: true,
    computed: [...STR_ID],
    toRecord: withStrId,
    routes: (scope, kit) => {
      scope.withTypeProvider<ZodTypeProvider>().get(
        `${kit.prefix}/stats`,
        {
          config: { access: kit.readAccess },
          schema: { response: { 200: rSchema(logUsualStatsSchema) } },
        },
        async (request) => {
          const ctx = contextOf(request);
          const rows = () => kit.rows(deps.db.db, ctx);
          return ok({
            perDay: await countsOverTime(rows(), deps.db.kind, 'day'),
            byEvent: await topCounts(rows(), 'title', hoursAgo(24 * 7)),
          });
        },
      );
    },
  });
});
