import { logErrorEntity, logErrorStatsSchema } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../../platform/access.js';
import { registerCrud } from '../../../platform/crud/index.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { ok, rSchema } from '../../../platform/envelope.js';
import { stripServerPaths } from '../../../platform/redact.js';
import { countsOverTime, hoursAgo, installCrossTenantReads, STR_ID, topCounts, withStrId } from '../reads.js';
import { browserErrorUpload } from './browser-entry.js';
import { storeBrowserErrors } from './upload.js';

/** The record as `list`/`detail` answer it (the contract's definition). */
export const logErrorRecord = logErrorEntity.record;

/**
 * The error log of the caller's tenant: the browser uploads its local error log here, and
 * holders of `log_error` read it, newest first.
 */
export const errorLogModule = defineModule('log/error', (app: FastifyInstance, deps: AppDeps): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const prefix = '/api/cube-log/error';

  api.post(
    `${prefix}/upload`,
    {
      config: { access: access.authenticated, rateLimit: { max: 30, timeWindow: '1 minute' } },
      // 100 entries at their largest stay well under this; anything bigger is refused with 413 unread.
      bodyLimit: 2 * 1024 * 1024,
      schema: { body: browserErrorUpload, response: { 200: rSchema(z.object({ count: z.number() })) } },
    },
    async (request) => ok({ count: await storeBrowserErrors(deps, request, request.body) }),
  );

  // Reads (list, detail) through the CRUD kit, from the contract's definition; `stats` feeds the screen's charts.
  installCrossTenantReads(app, deps);
  registerCrud(app, deps, logErrorEntity, {
    table: 'cubeLogError',
    readOnly: true,
    computed: [...STR_ID],
    // Rows written before paths were stripped at write time are shown without the server's paths too.
    toRecord: (records) =>
      withStrId(
        records.map((r) => ({
          ...r,
          stackTrace: stripServerPaths(String(r.stackTrace ?? '')),
          fileName: stripServerPaths(String(r.fileName ?? '')),
          message: stripServerPaths(String(r.message ?? '')),
        })),
      ),
    routes: (scope, kit) => {
      scope.withTypeProvider<ZodTypeProvider>().get(
        `${kit.prefix}/stats`,
        {
          config: { access: kit.readAccess },
          schema: { response: { 200: rSchema(logErrorStatsSchema) } },
        },
        async (request) => {
          const ctx = contextOf(request);
          const rows = () => kit.rows(deps.db.db, ctx);
          return ok({
            perDay: await countsOverTime(rows(), deps.db.kind, 'day'),
            byName: await topCounts(rows(), 'exceptionName', hoursAgo(24 * 7)),
          });
        },
      );
    },
  });
});
