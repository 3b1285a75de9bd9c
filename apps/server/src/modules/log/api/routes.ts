import { logApiEntity, logApiStatsSchema } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { contextOf } from '../../../platform/access.js';
import { registerCrud } from '../../../platform/crud/index.js';
import { formatDateTime } from '../../../platform/dates.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { ok, rSchema } from '../../../platform/envelope.js';
import {
  type Count,
  countsOverTime,
  hoursAgo,
  installCrossTenantReads,
  STR_ID,
  withStrId,
} from '../reads.js';

/**
 * The API log: one row per authenticated API call (which calls: `isApiLogged` in
 * platform/log-recorder.ts), with its status, duration, caller and redacted parameters. Read-only through the
 * CRUD kit, plus `stats` for the screen's charts: calls per hour, the slowest routes and answers by status
 * class over the last 24 hours.
 */
export const apiLogModule = defineModule('log/api', (app: FastifyInstance, deps: AppDeps): void => {
  installCrossTenantReads(app, deps);
  registerCrud(app, deps, logApiEntity, {
    table: 'cubeLogApi',
    readOnly: true,
    computed: [...STR_ID],
    toRecord: withStrId,
    routes: (scope, kit) => {
      scope.withTypeProvider<ZodTypeProvider>().get(
        `${kit.prefix}/stats`,
        {
          config: { access: kit.readAccess },
          schema: { response: { 200: rSchema(logApiStatsSchema) } },
        },
        async (request) => {
          const ctx = contextOf(request);
          const rows = () => kit.rows(deps.db.db, ctx);
          const since = formatDateTime(hoursAgo(24));
          const slow = (await rows()
            .where('createTime', '>=', since)
            // Labelled by the route's Chinese title (a path is too long for the chart's labels).
            .select([(eb) => eb.fn.max('title').as('label'), (eb) => eb.fn.avg<number>('time').as('value')])
            .groupBy('methodClass')
            .orderBy('value', 'desc')
            .orderBy('methodClass')
            .limit(8)
            .execute()) as Array<{ label: string; value: number | string }>;
          const statusClass = sql<string>`case when status >= 500 then '5xx' when status >= 400 then '4xx' else '2xx' end`;
          const classes = (await rows()
            .where('createTime', '>=', since)
            .select([statusClass.as('label'), (eb) => eb.fn.countAll().as('value')])
            .groupBy(statusClass)
            .execute()) as Array<{ label: string; value: number | string | bigint }>;
          const byStatus: Count[] = ['2xx', '4xx', '5xx'].map((label) => ({
            label,
            value: Number(classes.find((c) => c.label === label)?.value ?? 0),
          }));
          return ok({
            perHour: await countsOverTime(rows(), deps.db.kind, 'hour'),
            slowest: slow.map((s) => ({ label: s.label || '-', value: Math.round(Number(s.value)) })),
            byStatus,
          });
        },
      );
    },
  });
});
