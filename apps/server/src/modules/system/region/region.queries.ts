import { regionEntity } from '@cube/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database, NewRow } from '../../../db/types.js';
import { newId } from '../../../platform/ids.js';
import { LIVE_ROW, live } from '../../../platform/rows.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Administrative regions (`cube_region`, platform-wide, keyed by division code). */

const T = 'cubeRegion';
/** Every column the region record shows. */
export const REGION_COLUMNS = Object.keys(regionEntity.record.shape).map((c) => `${T}.${c}`);

/** The path columns, by level: a level-1 row is its own province, a level-2 row its own city, … */
export const LEVEL_COLUMNS = [
  undefined,
  ['provinceCode', 'provinceName'],
  ['cityCode', 'cityName'],
  ['districtCode', 'districtName'],
  ['townCode', 'townName'],
  ['villageCode', 'villageName'],
] as const;

export const PATH_COLUMNS = [
  'provinceCode',
  'provinceName',
  'cityCode',
  'cityName',
  'districtCode',
  'districtName',
  'townCode',
  'townName',
  'villageCode',
  'villageName',
] as const;

/** Live regions, every record column selected; callers add their conditions and order. */
export const liveRegions = (db: Executor) =>
  db
    .selectFrom(T)
    .$call(live)
    .select(REGION_COLUMNS as never);

/** Which of the codes have live children. */
export async function codesWithChildren(db: Executor, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const found = await db
    .selectFrom(T)
    .$call(live)
    .select(`${T}.parentCode`)
    .where(`${T}.parentCode`, 'in', codes)
    .groupBy(`${T}.parentCode`)
    .execute();
  return new Set(found.map((r) => r.parentCode));
}

/** The live children of a code, in display order. */
export const regionChildren = (db: Executor, parentCode: string) =>
  liveRegions(db).where(`${T}.parentCode`, '=', parentCode).orderBy(`${T}.sort`).orderBy(`${T}.code`);

/** The tree place of a live region: what a child copies from its parent. */
export function regionPlace(db: Executor, code: string) {
  return db
    .selectFrom(T)
    .select(['code', 'ancestors', 'regionLevel', ...PATH_COLUMNS])
    .where('code', '=', code)
    .$call(live)
    .executeTakeFirst();
}

/** A region by id (the kit has checked it is live). */
export function regionById(db: Executor, id: string) {
  return db
    .selectFrom(T)
    .select(['code', 'parentCode', 'regionLevel', 'name'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Whether a live region sits under one of the regions `ids` (removed ones included in `ids`). */
export async function regionsHaveChildren(db: Executor, ids: string[]): Promise<boolean> {
  const removed = await db.selectFrom(T).select('code').where('id', 'in', ids).execute();
  const child = await db
    .selectFrom(T)
    .select('id')
    .$call(live)
    .where(
      'parentCode',
      'in',
      removed.map((r) => r.code),
    )
    .executeTakeFirst();
  return !!child;
}

/** A live region by code: what an import row updates. */
export function liveRegionByCode(db: Executor, code: string) {
  return db
    .selectFrom(T)
    .select(['id', 'regionLevel', 'name'])
    .where('code', '=', code)
    .$call(live)
    .executeTakeFirst();
}

/** Rewrites name, sort and remark of a region (`levelName` is its own path column at its level, if any). */
export async function updateRegionText(
  db: Executor,
  id: string,
  values: { name: string; sort: number; remark: string },
  levelName: string | undefined,
): Promise<void> {
  await db
    .updateTable(T)
    .set({ ...values, ...(levelName ? { [levelName]: values.name } : {}) })
    .where('id', '=', id)
    .execute();
}

/** Adds a region whose place `placeRegion` has filled in. */
export async function insertRegion(db: Executor, values: Record<string, unknown>): Promise<void> {
  await db
    .insertInto(T)
    .values({ ...values, id: newId(), isDeleted: LIVE_ROW } as NewRow<'cubeRegion'>)
    .execute();
}

/** After a rename, the rows below repeat the new name in their path column of this row's level. */
export async function renameInPaths(db: Executor, code: string, level: number, name: string): Promise<void> {
  const own = LEVEL_COLUMNS[level];
  if (!own) return;
  await db
    .updateTable(T)
    .set({ [own[1]]: name })
    .where(own[0], '=', code)
    .where('code', '<>', code)
    .execute();
}

/** The ids of the live regions with these codes, by code. */
export async function regionIdsByCodes(db: Executor, codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db.selectFrom(T).select(['id', 'code']).where('code', 'in', codes).$call(live).execute();
  return new Map(rows.map((r) => [r.code, String(r.id)]));
}

/** The live region of a division code with its parent's code, or undefined. */
export async function regionByCode(
  db: Executor,
  code: string,
): Promise<{ id: string; parentCode: string } | undefined> {
  const row = await db
    .selectFrom(T)
    .select(['id', 'parentCode'])
    .where('code', '=', code)
    .$call(live)
    .executeTakeFirst();
  return row ? { id: String(row.id), parentCode: String(row.parentCode ?? '') } : undefined;
}
