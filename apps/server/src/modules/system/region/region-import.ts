import { regionEntity } from '@cube/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/types.js';
import { BizError } from '../../../platform/errors.js';
import {
  checkXlsxArchive,
  readFirstSheet,
  type SheetRow,
  type XlsxLimits,
  XlsxMessage,
} from '../../../platform/xlsx-limits.js';
import {
  insertRegion,
  LEVEL_COLUMNS,
  liveRegionByCode,
  renameInPaths,
  updateRegionText,
} from './region.queries.js';
import { placeRegion } from './region-tree.js';

const m = regionEntity.messages;
/** Rows one export or import handles at most. */
export const EXPORT_LIMIT = 50_000;

/** Columns of the import and export sheets (BladeX `RegionExcel`). */
export const SHEET = [
  { header: '区划编号', key: 'code', width: 16 },
  { header: '上级区划编号', key: 'parentCode', width: 16 },
  { header: '区划名称', key: 'name', width: 24 },
  { header: '区划层级', key: 'regionLevel', width: 10 },
  { header: '排序', key: 'sort', width: 8 },
  { header: '备注', key: 'remark', width: 24 },
] as const;

/** What a region import file may cost (the user import's figures, with the region sheet's row cap). */
export const REGION_IMPORT_LIMITS: XlsxLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxEntries: 64,
  maxInflatedBytes: 100 * 1024 * 1024,
  maxRatio: 100,
  maxRows: EXPORT_LIMIT + 1,
  maxCellsPerRow: 64,
};

/**
 * The sheet's rows, checked by the entity's input schema; the first bad row refuses the whole file. The archive is
 * checked before parsing and the sheet read as a stream that stops at the row cap (platform/xlsx-limits.ts).
 */
export async function readSheet(content: Buffer): Promise<Array<Record<string, unknown>>> {
  await checkXlsxArchive(content, REGION_IMPORT_LIMITS);
  let sheet: SheetRow[];
  try {
    sheet = await readFirstSheet(content, REGION_IMPORT_LIMITS);
  } catch (error) {
    if (error instanceof BizError && error.message === XlsxMessage.tooManyRows(EXPORT_LIMIT))
      throw new BizError(m.importTooMany);
    throw error;
  }
  const [first, ...body] = sheet;
  if (!first) throw new BizError(m.importEmpty);
  const header = first.values.map((v) => String(v ?? '').trim());
  const index = Object.fromEntries(SHEET.map((c) => [c.key, header.indexOf(c.header)]));
  if (index.code === -1 || index.parentCode === -1 || index.name === -1) throw new BizError(m.importEmpty);
  const rows: Array<Record<string, unknown>> = [];
  for (const { row: number, values } of body) {
    const cell = (key: string) => {
      const at = index[key] ?? -1;
      if (at < 0) return undefined;
      const value = values[at];
      return value === null || value === undefined ? undefined : String(value).trim();
    };
    const raw = {
      code: cell('code'),
      parentCode: cell('parentCode'),
      name: cell('name'),
      regionLevel: cell('regionLevel') ?? '1',
      sort: cell('sort'),
      remark: cell('remark'),
    };
    if (!raw.code && !raw.name) continue;
    const parsed = regionEntity.input.safeParse(raw);
    if (!parsed.success)
      throw new BizError(
        m.importRowInvalid
          .replace('{row}', String(number))
          .replace('{message}', parsed.error.issues[0]?.message ?? ''),
      );
    rows.push({ ...parsed.data, row: number });
  }
  if (rows.length === 0) throw new BizError(m.importEmpty);
  return rows;
}

/** Parents before children (shorter codes first); one transaction, so a bad row leaves nothing written. */
export async function importRows(
  db: Kysely<Database>,
  rows: Array<Record<string, unknown>>,
  covered: boolean,
) {
  const ordered = [...rows].sort((a, b) => String(a.code).length - String(b.code).length);
  let added = 0;
  let updated = 0;
  let skipped = 0;
  await db.transaction().execute(async (trx) => {
    for (const { row, ...values } of ordered) {
      const existing = await liveRegionByCode(trx, String(values.code));
      try {
        if (existing) {
          if (!covered) {
            skipped++;
            continue;
          }
          await updateRegionText(
            trx,
            existing.id,
            { name: String(values.name), sort: Number(values.sort), remark: String(values.remark) },
            LEVEL_COLUMNS[existing.regionLevel]?.[1],
          );
          if (existing.name !== values.name)
            await renameInPaths(trx, String(values.code), existing.regionLevel, String(values.name));
          updated++;
        } else {
          await placeRegion(trx, values);
          await insertRegion(trx, values);
          added++;
        }
      } catch (error) {
        if (error instanceof BizError)
          throw new BizError(
            m.importRowInvalid.replace('{row}', String(row)).replace('{message}', error.message),
          );
        throw error;
      }
    }
  });
  return { added, updated, skipped };
}
