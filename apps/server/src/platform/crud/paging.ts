import type { IPage } from '@cube/contract';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { currentRowScope } from '../../db/row-scope.js';
import { toPage } from '../envelope.js';

/**
 * A total counted only up to `cap` rows, for lists whose filtered set can be far larger than anyone pages through
 * (users at a million rows): the count stops reading at `cap + 1`, so a page costs the same at a thousand rows and at
 * a million. Past the cap the total is PostgreSQL's planner estimate for the same filtered query (never below the
 * cap), or the cap itself on SQLite, which keeps no such estimate. Below the cap the total is exact.
 */
export interface CountCap {
  cap: number;
  // biome-ignore lint/suspicious/noExplicitAny: the count runs over any filtered select
  db: Kysely<any>;
  kind: 'sqlite' | 'postgres';
  /**
   * An indexed key the count walks in order (the primary key). Without an order PostgreSQL may gather and
   * de-duplicate every match of a semi-join (300,000 department links at a million users) before the LIMIT
   * applies; walking the key lets it stop at `cap + 1`.
   */
  walk?: string;
}

export interface PageRequest {
  current: number;
  size: number;
  orders: ReadonlyArray<{ field: string; direction: 'asc' | 'desc' }>;
  /** Count up to a cap instead of every row (see {@link CountCap}); without it the total is exact. */
  countCap?: CountCap;
}

/** The count column {@link readPage} adds to the page's rows; taken off each row before they are returned. */
const PAGE_TOTAL = 'cubePageTotal';

/**
 * `count(*) as total`, made once: Kysely's `eb.fn.countAll()` builds an expression builder and a function module
 * (some fifty closures) for every query that counts, and every page counts.
 */
const COUNT_ALL = sql<number>`count(*)`.as('total');
/** The cap's probe column, made once for the same reason. */
const PROBE = sql<number>`1`.as('one');

/**
 * The statement that counts `filtered`: every row, or at most `cap + 1` of them (see {@link CountCap}), as a
 * one-column select of `total`, usable on its own or as a scalar subquery.
 */
function countQuery(
  // biome-ignore lint/suspicious/noExplicitAny: any filtered select works
  filtered: SelectQueryBuilder<any, any, object>,
  countCap?: CountCap,
  // biome-ignore lint/suspicious/noExplicitAny: see above
): SelectQueryBuilder<any, any, { total: unknown }> {
  if (!countCap) return filtered.select(COUNT_ALL);
  const { cap, db, walk } = countCap;
  const probe = filtered.select(PROBE);
  return db.selectFrom((walk ? probe.orderBy(walk) : probe).limit(cap + 1).as('capped')).select(COUNT_ALL);
}

/** How long a planner estimate is reused for the same query, parameters and row scope. */
export const ESTIMATE_TTL_MS = 10_000;
const ESTIMATES_MAX = 1_000;
// biome-ignore lint/suspicious/noExplicitAny: keyed by whichever database handle ran the query
const estimates = new WeakMap<Kysely<any>, Map<string, { rows: number; at: number }>>();

/**
 * PostgreSQL's planner estimate of the rows of `probe` (one EXPLAIN: planning only, nothing read), kept for
 * {@link ESTIMATE_TTL_MS} per database, statement text, parameters and row scope. Planning the user page's scoped
 * query costs PostgreSQL a few milliseconds — more than reading the page — and the figure it gives only moves when
 * the table's statistics or size do; a total past the cap is an estimate either way.
 */
async function plannedRows(
  // biome-ignore lint/suspicious/noExplicitAny: any database handle
  db: Kysely<any>,
  // biome-ignore lint/suspicious/noExplicitAny: any filtered select works
  probe: SelectQueryBuilder<any, any, object>,
): Promise<number> {
  const compiled = probe.compile();
  const key = `${currentRowScope()}\u0000${compiled.sql}\u0000${JSON.stringify(compiled.parameters, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))}`;
  let cache = estimates.get(db);
  if (!cache) {
    cache = new Map();
    estimates.set(db, cache);
  }
  const hit = cache.get(key);
  const at = Date.now();
  if (hit && at - hit.at < ESTIMATE_TTL_MS) return hit.rows;
  const plan = (await probe.explain('json'))[0] as Record<string, unknown> | undefined;
  const doc = plan ? Object.values(plan)[0] : undefined;
  const parsed = (typeof doc === 'string' ? JSON.parse(doc) : doc) as
    | Array<{ Plan?: { 'Plan Rows'?: number } }>
    | undefined;
  const rows = Math.round(Number(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0));
  if (cache.size >= ESTIMATES_MAX) cache.clear();
  cache.set(key, { rows, at });
  return rows;
}

/**
 * What a count read by {@link countQuery} stands for: exact up to the cap; past it PostgreSQL's planner estimate for
 * `filtered` ({@link plannedRows}; never below the cap), or the cap itself on SQLite.
 */
async function totalOf(
  counted: number,
  // biome-ignore lint/suspicious/noExplicitAny: any filtered select works
  filtered: SelectQueryBuilder<any, any, object>,
  countCap?: CountCap,
): Promise<{ total: number; exact: boolean }> {
  if (!countCap || counted <= countCap.cap) return { total: counted, exact: true };
  const { cap, db, kind } = countCap;
  if (kind !== 'postgres') return { total: cap, exact: false };
  const estimate = await plannedRows(db, filtered.select(PROBE));
  return { total: Math.max(cap, estimate), exact: false };
}

/**
 * The number of rows of `filtered`: exact, or at most `cap + 1` rows read when a cap is given (`exact` false once the
 * cap is passed, and `total` then the estimate described at {@link CountCap}).
 */
export async function countRows(
  // biome-ignore lint/suspicious/noExplicitAny: any filtered select works
  filtered: SelectQueryBuilder<any, any, object>,
  countCap?: CountCap,
): Promise<{ total: number; exact: boolean }> {
  const row = await countQuery(filtered, countCap).executeTakeFirst();
  return totalOf(Number((row as { total?: unknown } | undefined)?.total ?? 0), filtered, countCap);
}

/**
 * The one paging implementation: page `current` of `size` of the filtered rows in the given order, with their
 * count (or their count up to a cap). Every paged list — the CRUD kit, the notice bell, the error log — goes through
 * here.
 *
 * The count rides in the page's own statement, as an uncorrelated scalar subquery (evaluated once, on the same
 * snapshot as the page): one statement per page instead of two. On PostgreSQL each statement is a pool checkout and
 * a protocol round trip whose cost on the server's CPU is about that of everything else a small list does. Only a
 * page with no rows cannot carry the count: past page 1 it is counted apart; on page 1 it is 0.
 */
export async function readPage<Out>(
  // biome-ignore lint/suspicious/noExplicitAny: any filtered select works; the selection decides the record type
  filtered: SelectQueryBuilder<any, any, object>,
  page: PageRequest,
  // biome-ignore lint/suspicious/noExplicitAny: see above
  select: (qb: SelectQueryBuilder<any, any, object>) => SelectQueryBuilder<any, any, Out>,
): Promise<IPage<Out>> {
  let ordered = filtered;
  for (const o of page.orders) ordered = ordered.orderBy(o.field, o.direction);
  const rows = (await select(ordered)
    .select(countQuery(filtered, page.countCap).as(PAGE_TOTAL))
    .limit(page.size)
    .offset((page.current - 1) * page.size)
    .execute()) as Array<Record<string, unknown>>;
  if (rows.length === 0) {
    if (page.current === 1) return toPage([], 0, page.current, page.size);
    const { total } = await countRows(filtered, page.countCap);
    return toPage([], total, page.current, page.size);
  }
  const counted = Number(rows[0]?.[PAGE_TOTAL] ?? 0);
  // The count is the last column selected, so deleting it only steps each row back to the shape it had before.
  for (const row of rows) delete row[PAGE_TOTAL];
  const { total } = await totalOf(counted, filtered, page.countCap);
  return toPage(rows as Out[], total, page.current, page.size);
}
