import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { BizError } from './errors.js';
import { excel, unzipper } from './lazy-modules.js';

/**
 * Bounds on an uploaded spreadsheet, checked before and while it is parsed, so that no import file costs more
 * than these figures whatever it claims or contains: an xlsx is a zip of XML, and a small file can inflate to
 * gigabytes (a zip bomb) or hold hundreds of thousands of rows that a full parse would keep in memory.
 */
export interface XlsxLimits {
  /** The upload itself. */
  maxBytes: number;
  /** Entries in the archive (a real workbook has a dozen or two). */
  maxEntries: number;
  /** All entries inflated, counted while inflating (a header may lie about its size). */
  maxInflatedBytes: number;
  /** Inflated ÷ stored size of one entry larger than 1 MiB inflated (XML compresses 10–30 times; bombs 1000). */
  maxRatio: number;
  /** Rows of the first sheet, the header included. */
  maxRows: number;
  /** Cells of one row. */
  maxCellsPerRow: number;
}

export const XlsxMessage = {
  notXlsx: '文件无法读取，请使用导入模板填写后上传',
  tooLarge: (bytes: number) => `导入文件不能超过${Math.round(bytes / 1024 / 1024)}MB`,
  tooManyEntries: '导入文件结构异常（包含的文件过多），请使用导入模板填写后上传',
  inflated: '导入文件解压后过大，请减少数据后分批导入',
  ratio: '导入文件压缩比异常，已拒绝导入',
  tooManyRows: (rows: number) => `单次最多导入${rows}条数据`,
  tooManyCells: (cells: number) => `每行最多${cells}列数据，请使用导入模板填写后上传`,
} as const;

const MIB = 1024 * 1024;

/**
 * Checks the archive before anything parses it: its size, its entry count, and each entry's real inflated size
 * (inflated through a counter and abandoned at the cap, nothing kept) against the total and the ratio. Throws a
 * BizError with a Chinese message.
 */
export async function checkXlsxArchive(content: Buffer, limits: XlsxLimits): Promise<void> {
  if (content.length > limits.maxBytes) throw new BizError(XlsxMessage.tooLarge(limits.maxBytes));
  if (content.subarray(0, 4).toString('latin1') !== 'PK\u0003\u0004') throw new BizError(XlsxMessage.notXlsx);
  let directory: Awaited<ReturnType<ReturnType<typeof unzipper>['Open']['buffer']>>;
  try {
    directory = await unzipper().Open.buffer(content);
  } catch {
    throw new BizError(XlsxMessage.notXlsx);
  }
  if (directory.files.length > limits.maxEntries) throw new BizError(XlsxMessage.tooManyEntries);
  // What the directory claims first (cheap), then what inflating really gives.
  let claimed = 0;
  for (const file of directory.files) {
    claimed += file.uncompressedSize;
    if (claimed > limits.maxInflatedBytes) throw new BizError(XlsxMessage.inflated);
    if (
      file.uncompressedSize > MIB &&
      file.uncompressedSize > limits.maxRatio * Math.max(1, file.compressedSize)
    )
      throw new BizError(XlsxMessage.ratio);
  }
  let total = 0;
  for (const file of directory.files) {
    if (file.type === 'Directory') continue;
    let inflated = 0;
    const refusal = await new Promise<string | undefined>((resolve) => {
      const stream = file.stream();
      const stop = (message: string | undefined) => {
        stream.removeAllListeners('data');
        stream.destroy?.();
        resolve(message);
      };
      stream.on('data', (chunk: Buffer) => {
        inflated += chunk.length;
        total += chunk.length;
        if (total > limits.maxInflatedBytes) stop(XlsxMessage.inflated);
        else if (inflated > MIB && inflated > limits.maxRatio * Math.max(1, file.compressedSize))
          stop(XlsxMessage.ratio);
      });
      stream.on('end', () => resolve(undefined));
      stream.on('error', () => stop(XlsxMessage.notXlsx));
    });
    if (refusal) throw new BizError(refusal);
  }
}

/** One row of a sheet: its number and its cells' raw values (first column first). */
export type SheetRow = { row: number; values: unknown[] };

/**
 * The rows of the first worksheet of a checked archive, read with exceljs's streaming reader: refused (BizError)
 * the moment a row beyond `maxRows` or a row with more than `maxCellsPerRow` cells is read, so a long sheet is
 * never parsed to its end. Later sheets (the template's notes) are drained unread.
 */
export async function readFirstSheet(content: Buffer, limits: XlsxLimits): Promise<SheetRow[]> {
  const reader = new (excel().stream.xlsx.WorkbookReader)(Readable.from([content]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  const rows: SheetRow[] = [];
  let sheets = 0;
  try {
    for await (const worksheet of reader) {
      sheets++;
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        if (sheets > 1) continue;
        if (rows.length >= limits.maxRows) throw new BizError(XlsxMessage.tooManyRows(limits.maxRows - 1));
        const values = ((row.values as unknown[]) ?? []).slice(1);
        if (values.length > limits.maxCellsPerRow)
          throw new BizError(XlsxMessage.tooManyCells(limits.maxCellsPerRow));
        rows.push({ row: row.number, values });
      }
    }
  } catch (error) {
    if (error instanceof BizError) throw error;
    throw new BizError(XlsxMessage.notXlsx);
  }
  return rows;
}
