import { hostname } from 'node:os';
import { pageSchema } from '@cube/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../../platform/access.js';
import { idSchema, readPage } from '../../../platform/crud/index.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { ok, rSchema } from '../../../platform/envelope.js';
import { AppError, NotFoundError } from '../../../platform/errors.js';
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
 * Entries one tenant may store per hour, counted in the shared store (so across instances with Redis). A healthy
 * install logs a handful an hour; a broken release in a busy tenant some hundreds. The cap keeps a looping page
 * or a script with a token from filling the table: beyond it an upload is refused whole (429) and stores
 * nothing, and the browser keeps the entries in its local log. The hour starts at the tenant's first entry.
 */
export const ERROR_LOG_QUOTA_PER_HOUR = 1000;
const QUOTA_WINDOW_SECONDS = 60 * 60;
export const errorLogQuotaKey = (tenantId: string) => `log-error-quota:${tenantId}`;
export const ERROR_LOG_QUOTA_MESSAGE = `本租户错误日志每小时最多上传${ERROR_LOG_QUOTA_PER_HOUR}条,请稍后再试`;
const quotaExceeded = () => new AppError(429, 429, ERROR_LOG_QUOTA_MESSAGE);

/**
 * The error log (contract §14) of the caller's tenant: the browser uploads its local error log here, and
 * holders of `log_error` read it, newest first.
 */
export const errorLogModule = defineModule('log/error', (app: FastifyInstance, deps: AppDeps): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const prefix = '/api/cube-log/error';
  const readAccess = access.permission('log_error');

  /** Counts `count` entries against the tenant's hour, or refuses them all when they do not fit. */
  const takeQuota = async (tenantId: string, count: number, log: FastifyBaseLogger) => {
    const key = errorLogQuotaKey(tenantId);
    const refuse = () => {
      log.warn({ event: 'error_log_quota', tenantId, count }, 'error log upload refused: tenant quota');
      return quotaExceeded();
    };
    // A refused upload is not counted, so the rest of the hour stays open to smaller ones.
    if (Number((await deps.store.get(key)) ?? 0) + count > ERROR_LOG_QUOTA_PER_HOUR) throw refuse();
    // One increment per entry (the store counts in ones); a concurrent upload that took the rest wins the race.
    const counts = await Promise.all(
      Array.from({ length: count }, () => deps.store.increment(key, QUOTA_WINDOW_SECONDS)),
    );
    if (Math.max(...counts) > ERROR_LOG_QUOTA_PER_HOUR) throw refuse();
  };

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
      await takeQuota(ctx.tenantId, rows.length, request.log);
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
