import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { DialectKind } from '../../db/connection.js';
import { contextOf } from '../../platform/access.js';
import { formatDateTime } from '../../platform/dates.js';
import type { AppDeps } from '../../platform/deps.js';
import { BizError } from '../../platform/errors.js';
import { crossTenantData } from '../../platform/tenant-data.js';

/**
 * What the three log modules share: the platform administrator's cross-tenant reads and the chart queries.
 *
 * Whose logs a caller reads: a tenant administrator (or anyone granted `log_*`) reads its own tenant's rows
 * only — the CRUD kit reads through `TenantData`, and PostgreSQL RLS backs it. The platform administrator reads
 * the platform's own rows and, like BladeX's administrator, any tenant's, one tenant at a time, by naming it:
 * `?tenantId=100000` on a read. That goes through {@link crossTenantData}, which refuses everyone else (403).
 */

const TENANT_ID = /^[0-9A-Za-z_-]{1,12}$/;

/**
 * Installs, for the log module it is called in (an encapsulated plugin), the `tenantId` read parameter: on GET
 * routes, a `tenantId` other than the caller's own is checked through {@link crossTenantData} (platform
 * administrator only) and the request reads as that tenant from then on; the parameter is taken out of the
 * query so the list filters never see it. Writes (the error upload) never take it.
 */
export function installCrossTenantReads(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (request.method !== 'GET') return;
    const query = request.query as Record<string, unknown> | undefined;
    if (!query || !('tenantId' in query)) return;
    const wanted = query.tenantId;
    delete query.tenantId;
    if (wanted === undefined || wanted === '') return;
    if (typeof wanted !== 'string' || !TENANT_ID.test(wanted))
      throw new BizError('请求参数类型错误: tenantId');
    const ctx = contextOf(request);
    if (wanted === ctx.tenantId) return;
    // Throws ForbiddenError unless the caller is the platform administrator (whose PostgreSQL row scope is
    // already every tenant's).
    crossTenantData(deps.db.db, ctx, wanted);
    request.ctx = { ...ctx, tenantId: wanted };
  });
}

/** The record field every log row adds to its columns: `strId`, the id as a string (as BladeX's logs answer). */
export const STR_ID = ['strId'] as const;

/** Adds `strId` beside each log row's `id`. */
export const withStrId = (records: Array<Record<string, unknown>>): Array<Record<string, unknown>> =>
  records.map((r) => ({ ...r, strId: String(r.id) }));

export interface Count {
  label: string;
  value: number;
}

// biome-ignore lint/suspicious/noExplicitAny: the log tables share these columns; the kit types rows loosely
type AnySelect = SelectQueryBuilder<any, any, object>;

/** `create_time` cut to `yyyy-MM-dd HH` (hour) or `yyyy-MM-dd` (day), in the database's own dialect. */
export function timeBucket(kind: DialectKind, unit: 'hour' | 'day') {
  if (kind === 'postgres')
    return unit === 'hour'
      ? sql<string>`to_char(create_time, 'YYYY-MM-DD HH24')`
      : sql<string>`to_char(create_time, 'YYYY-MM-DD')`;
  return unit === 'hour' ? sql<string>`substr(create_time, 1, 13)` : sql<string>`substr(create_time, 1, 10)`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Counts per hour (the last 24) or per day (the last 7), oldest first, with empty buckets as zero so the chart's
 * time axis has no gaps.
 */
export async function countsOverTime(
  rows: AnySelect,
  kind: DialectKind,
  unit: 'hour' | 'day',
  at: Date = new Date(),
): Promise<Count[]> {
  const steps = unit === 'hour' ? 24 : 7;
  const stepMs = unit === 'hour' ? 3_600_000 : 86_400_000;
  const first = new Date(at.getTime() - (steps - 1) * stepMs);
  if (unit === 'hour') first.setMinutes(0, 0, 0);
  else first.setHours(0, 0, 0, 0);
  const bucket = timeBucket(kind, unit);
  const found = (await rows
    .where('createTime', '>=', formatDateTime(first))
    .select([bucket.as('bucket'), (eb) => eb.fn.countAll().as('count')])
    .groupBy(bucket)
    .execute()) as Array<{ bucket: string; count: number | string | bigint }>;
  const byBucket = new Map(found.map((r) => [r.bucket, Number(r.count)]));
  const out: Count[] = [];
  for (let i = 0; i < steps; i++) {
    const d = new Date(first.getTime() + i * stepMs);
    const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    const key = unit === 'hour' ? `${day} ${pad(d.getHours())}` : day;
    const label =
      unit === 'hour' ? `${pad(d.getHours())}:00` : `${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    out.push({ label, value: byBucket.get(key) ?? 0 });
  }
  return out;
}

/** The most frequent values of `column` since `since`, most first. */
export async function topCounts(rows: AnySelect, column: string, since: Date, limit = 8): Promise<Count[]> {
  const found = (await rows
    .where('createTime', '>=', formatDateTime(since))
    .select([`${column} as label`, (eb) => eb.fn.countAll().as('count')])
    .groupBy(column)
    .orderBy('count', 'desc')
    .orderBy(column)
    .limit(limit)
    .execute()) as Array<{ label: string | null; count: number | string | bigint }>;
  return found.map((r) => ({ label: r.label || '-', value: Number(r.count) }));
}

export const hoursAgo = (hours: number, at: Date = new Date()) => new Date(at.getTime() - hours * 3_600_000);
