import { hostname } from 'node:os';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { contextOf } from '../../../platform/access.js';
import type { AppDeps } from '../../../platform/deps.js';
import { AppError } from '../../../platform/errors.js';
import { newId } from '../../../platform/ids.js';
import { type BrowserErrorEntry, browserErrorUpload, toLogErrorRow } from './browser-entry.js';
import { insertErrorLogs } from './error.queries.js';

/**
 * Storing what the browser uploads of its local error log: the `error/upload` route, and sign-out, where a BladeX
 * client posts the same entries with the request (auth hands them here).
 */

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

/** Counts `count` entries against the tenant's hour, or refuses them all when they do not fit. */
async function takeQuota(deps: AppDeps, tenantId: string, count: number, log: FastifyBaseLogger) {
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
}

/**
 * Stores entries of the browser's local error log for the signed-in caller, within the tenant's hourly quota
 * (429 when they do not fit; nothing stored). Used by `error/upload` and by the log data a BladeX client posts
 * to `POST /oauth/logout`. Written at once, not through the log recorder: the caller is told the count.
 */
export async function storeBrowserErrors(
  deps: AppDeps,
  request: FastifyRequest,
  entries: BrowserErrorEntry[],
): Promise<number> {
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
  const rows = entries.map((entry) => ({
    id: newId(),
    ...toLogErrorRow(entry, receivedFrom, receivedAt),
  }));
  await takeQuota(deps, ctx.tenantId, rows.length, request.log);
  await deps.db.db.transaction().execute((trx) => insertErrorLogs(trx, ctx.tenantId, rows));
  request.log.info(
    { event: 'error_log_upload', tenantId: ctx.tenantId, userId: ctx.userId, count: rows.length },
    'error log uploaded',
  );
  return rows.length;
}

/**
 * The log data a BladeX client posts with `POST /oauth/logout` (Saber's `sendLogs(list)`): a list of
 * local error-log entries, stored before the session is revoked. The sign-out itself never fails because of
 * them: entries that do not validate, or that exceed the tenant's hourly quota, are skipped with a warning.
 */
export async function storeLogoutLogData(deps: AppDeps, request: FastifyRequest): Promise<number> {
  const body = request.body;
  if (!Array.isArray(body) || body.length === 0) return 0;
  const parsed = browserErrorUpload.safeParse(body);
  if (!parsed.success) {
    request.log.warn({ event: 'logout_log_data_invalid' }, 'logout log data not stored: invalid entries');
    return 0;
  }
  try {
    return await storeBrowserErrors(deps, request, parsed.data);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 429) return 0;
    throw error;
  }
}
