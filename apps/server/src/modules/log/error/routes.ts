import { hostname } from 'node:os';
import { pageSchema } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../../platform/access.js';
import { idSchema, readPage } from '../../../platform/crud/index.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { ok, rSchema } from '../../../platform/envelope.js';
import { NotFoundError } from '../../../platform/errors.js';
import { newId } from '../../../platform/ids.js';
import { applyFilters, type FieldMap, parseListQuery } from '../../../platform/list-query.js';
import { tenantData } from '../../../platform/tenant-data.js';
import { browserErrorUpload, toLogErrorRow } from './browser-entry.js';

export const logErrorRecord = z.object({
  id: z.string(),
  tenantId: z.string(),
  serviceId: z.string(),
  serverHost: z.string(),
  serverIp: z.string(),
  env: z.string(),
  method: z.string(),
  requestUri: z.string(),
  userAgent: z.string(),
  remoteIp: z.string(),
  params: z.string(),
  stackTrace: z.string(),
  exceptionName: z.string(),
  message: z.string(),
  fileName: z.string(),
  lineNumber: z.number().nullable(),
  createBy: z.string(),
  createTime: z.string(),
});
const LOG_COLUMNS = Object.keys(logErrorRecord.shape) as Array<keyof typeof logErrorRecord.shape>;

const FILTER_FIELDS: FieldMap = {
  id: 'id',
  serviceId: 'string',
  serverHost: 'string',
  serverIp: 'string',
  env: 'string',
  method: 'string',
  requestUri: 'string',
  userAgent: 'string',
  remoteIp: 'string',
  exceptionName: 'string',
  message: 'string',
  fileName: 'string',
  lineNumber: 'integer',
  createBy: 'string',
  createTime: 'date',
};

const USER_AGENT_MAX = 500;

/**
 * The error log (contract §14) of the caller's tenant: the browser uploads its local error log here, and
 * holders of `log_error` read it, newest first.
 */
export const errorLogModule = defineModule('log/error', (app: FastifyInstance, deps: AppDeps): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const prefix = '/api/cube-log/error';
  const readAccess = access.permission('log_error');

  api.post(
    `${prefix}/upload`,
    {
      config: { access: access.authenticated, rateLimit: { max: 30, timeWindow: '1 minute' } },
      // 100 entries at their largest stay well under this; anything bigger is refused with 413 unread.
      bodyLimit: 2 * 1024 * 1024,
      schema: { body: browserErrorUpload, response: { 200: rSchema(z.object({ count: z.number() })) } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const receivedFrom = {
        account: ctx.account,
        userAgent: (request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX),
        remoteIp: request.ip,
        serverHost: hostname(),
        serverIp: request.socket.localAddress ?? '',
        env: deps.config.production ? 'prod' : 'dev',
      };
      const receivedAt = new Date();
      const rows = request.body.map((entry) => ({
        id: newId(),
        ...toLogErrorRow(entry, receivedFrom, receivedAt),
      }));
      await deps.db.db.transaction().execute(async (trx) => {
        const logs = tenantData(trx, ctx);
        for (const row of rows) await logs.insertInto('cubeLogError', row).execute();
      });
      request.log.info(
        { event: 'error_log_upload', tenantId: ctx.tenantId, userId: ctx.userId, count: rows.length },
        'error log uploaded',
      );
      return ok({ count: rows.length });
    },
  );

  api.get(
    `${prefix}/list`,
    {
      config: { access: readAccess },
      schema: {
        querystring: z.record(z.string(), z.unknown()),
        response: {
          200: rSchema(pageSchema(logErrorRecord)),
        },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const query = parseListQuery(request.query, FILTER_FIELDS);
      const logs = applyFilters(
        tenantData(deps.db.db, ctx).selectFrom('cubeLogError'),
        query.filters,
        deps.db.kind,
      );
      const orders = query.orders.length
        ? query.orders
        : [
            { field: 'createTime', direction: 'desc' as const },
            { field: 'id', direction: 'desc' as const },
          ];
      const page = await readPage(logs, { current: query.current, size: query.size, orders }, (qb) =>
        qb.select(LOG_COLUMNS),
      );
      return ok(page as never);
    },
  );

  api.get(
    `${prefix}/detail`,
    {
      config: { access: readAccess },
      schema: { querystring: z.object({ id: idSchema }), response: { 200: rSchema(logErrorRecord) } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const row = await tenantData(deps.db.db, ctx)
        .selectFrom('cubeLogError')
        .select(LOG_COLUMNS)
        .where('id', '=', request.query.id)
        .executeTakeFirst();
      if (!row) throw new NotFoundError();
      return ok(row);
    },
  );
});
