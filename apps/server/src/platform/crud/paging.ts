import type { IPage } from '@cube/contract';
import type { SelectQueryBuilder } from 'kysely';
import { toPage } from '../envelope.js';

export interface PageRequest {
  current: number;
  size: number;
  orders: ReadonlyArray<{ field: string; direction: 'asc' | 'desc' }>;
}

/**
 * The one paging implementation: counts the filtered rows, then reads page `current` of `size`
 * in the given order. Every paged list — the CRUD kit, the notice bell, the error log — goes through here.
 */
export async function readPage<Out>(
  // biome-ignore lint/suspicious/noExplicitAny: any filtered select works; the selection decides the record type
  filtered: SelectQueryBuilder<any, any, object>,
  page: PageRequest,
  // biome-ignore lint/suspicious/noExplicitAny: see above
  select: (qb: SelectQueryBuilder<any, any, object>) => SelectQueryBuilder<any, any, Out>,
): Promise<IPage<Out>> {
  const countRow = await filtered.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst();
  const total = Number((countRow as { total?: unknown } | undefined)?.total ?? 0);
  let ordered = filtered;
  for (const o of page.orders) ordered = ordered.orderBy(o.field, o.direction);
  // An empty result needs no second query.
  const records =
    total === 0 || (page.current - 1) * page.size >= total
      ? []
      : ((await select(ordered)
          .limit(page.size)
          .offset((page.current - 1) * page.size)
          .execute()) as Out[]);
  return toPage(records, total, page.current, page.size);
}
