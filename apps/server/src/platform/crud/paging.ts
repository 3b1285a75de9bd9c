import type { IPage } from '@cube/contract';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
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

/**
 * The number of rows of `filtered`: exact, or at most `cap + 1` rows read when a cap is given (`exact` false once the
 * cap is passed, and `total` then the estimate described at {@link CountCap}).
 */
export async function countRows(
  // biome-ignore lint/suspicious/noExplicitAny: any filtered select works
  filtered: SelectQueryBuilder<any, any, object>,
  countCap?: CountCap,
): Promise<{ total: number; exact: boolean }> {
  if (!countCap) {
    const row = await filtered.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst();
    return { total: Number((row as { total?: unknown } | undefined)?.total ?? 0), exact: true };
  }
  const { cap, db, kind, walk } = countCap;
  const probe = filtered.select(sql<number>`1`.as('one'));
  const row = await db
    .selectFrom((walk ? probe.orderBy(walk) : probe).limit(cap + 1).as('capped'))
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirst();
  const counted = Number((row as { total?: unknown } | undefined)?.total ?? 0);
  if (counted <= cap) return { total: counted, exact: true };
  if (kind !== 'postgres') return { total: cap, exact: false };
  // The planner's row estimate for the filtered query: planning only, nothing is read.
  const plan = (await probe.explain('json'))[0] as Record<string, unknown> | undefined;
  const doc = plan ? Object.values(plan)[0] : undefined;
  const parsed = (typeof doc === 'string' ? JSON.parse(doc) : doc) as
    | Array<{ Plan?: { 'Plan Rows'?: number } }>
    | undefined;
  const estimate = Math.round(Number(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0));
  return { total: Math.max(cap, estimate), exact: false };
}

/**
 * The one paging implementation: counts the filtered rows (or up to a cap), then reads page `current` of `size`
 * in the given order. Every paged list — the CRUD kit, the notice bell, the error log — goes through here.
 */
export async function readPage<Out>(
  // biome-ignore lint/suspicious/noExplicitAny: any filtered select works; the selection decides the record type
  filtered: SelectQueryBuilder<any, any, object>,
  page: PageRequest,
  // biome-ignore lint/suspicious/noExplicitAny: see above
  select: (qb: SelectQueryBuilder<any, any, object>) => SelectQueryBuilder<any, any, Out>,
): Promise<IPage<Out>> {
  const { total, exact } = await countRows(filtered, page.countCap);
  let ordered = filtered;
  for (const o of page.orders) ordered = ordered.orderBy(o.field, o.direction);
  // An empty result needs no second query (past an estimated total the page is still read).
  const records =
    total === 0 || (exact && (page.current - 1) * page.size >= total)
      ? []
      : ((await select(ordered)
          .limit(page.size)
          .offset((page.current - 1) * page.size)
          .execute()) as Out[]);
  return toPage(records, total, page.current, page.size);
}
