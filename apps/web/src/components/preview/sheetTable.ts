/** Turning a worksheet read by `read-excel-file` into a grid the preview can show. */

/** What one cell of a sheet holds (`read-excel-file` reads strings, numbers, booleans and dates). */
export type SheetCell = string | number | boolean | Date | null;

/** The most rows and columns a sheet preview shows; the rest needs the downloaded file. */
export const MAX_PREVIEW_ROWS = 1000;
export const MAX_PREVIEW_COLUMNS = 100;

/** A spreadsheet's column name: `0` → `A`, `25` → `Z`, `26` → `AA`. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A cell as text. Dates come as the wall-clock time in UTC (how `read-excel-file` reads Excel's serial dates) and
 * show as `2026-03-01`, `2026-03-01 08:30` or, for a time of day alone, `08:30`. Numbers are not grouped, since codes
 * and years are numbers too; whole numbers show in full and fractions, as Excel's "General" format does, to 10
 * significant digits (`1/7` → `0.1428571429`, `0.1 + 0.2` → `0.3`). Booleans read as Excel shows them.
 */
export function formatCell(value: SheetCell | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    return String(Number.isInteger(value) ? value : Number(value.toPrecision(10)));
  }
  if (Number.isNaN(value.getTime())) return '';
  const seconds = value.getUTCSeconds();
  const time = `${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}${seconds ? `:${pad(seconds)}` : ''}`;
  // Excel keeps a time of day alone as a fraction of a day, i.e. a date on its epoch (1899-12-30/31).
  if (value.getUTCFullYear() < 1900) return time;
  const date = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  return time === '00:00' ? date : `${date} ${time}`;
}

/** How a cell lines up, as in a spreadsheet: numbers and dates to the right, booleans in the middle, text left. */
export function cellAlignment(value: SheetCell | undefined): 'left' | 'right' | 'center' {
  if (typeof value === 'number' || value instanceof Date) return 'right';
  return typeof value === 'boolean' ? 'center' : 'left';
}

export interface SheetGrid {
  /** Names of the columns shown (`A`, `B`, …). */
  columnNames: string[];
  /** The rows shown, numbered from 1 as in the sheet, each with one cell per shown column. */
  rows: { number: number; cells: { column: string; value: SheetCell }[] }[];
  totalRows: number;
  totalColumns: number;
}

/** The part of a sheet the preview shows: at most `maxRows` × `maxColumns`, every row padded to the same width. */
export function sheetGrid(
  data: readonly (readonly (SheetCell | undefined)[])[],
  maxRows = MAX_PREVIEW_ROWS,
  maxColumns = MAX_PREVIEW_COLUMNS,
): SheetGrid {
  const totalRows = data.length;
  const totalColumns = data.reduce((widest, row) => Math.max(widest, row.length), 0);
  const columnNames = Array.from({ length: Math.min(totalColumns, maxColumns) }, (_, index) =>
    columnName(index),
  );
  const rows = data.slice(0, maxRows).map((row, index) => ({
    number: index + 1,
    cells: columnNames.map((column, columnIndex) => ({ column, value: row[columnIndex] ?? null })),
  }));
  return { columnNames, rows, totalRows, totalColumns };
}
