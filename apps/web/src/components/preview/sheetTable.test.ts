import { describe, expect, it } from 'vitest';
import { cellAlignment, columnName, formatCell, sheetGrid } from './sheetTable';

describe('sheet grid helpers', () => {
  it('names columns as a spreadsheet does', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });

  it('formats cells readably', () => {
    expect(formatCell(null)).toBe('');
    expect(formatCell(undefined)).toBe('');
    expect(formatCell('文本')).toBe('文本');
    expect(formatCell(true)).toBe('TRUE');
    expect(formatCell(false)).toBe('FALSE');
    expect(formatCell(0.1 + 0.2)).toBe('0.3');
    expect(formatCell(2026)).toBe('2026');
    expect(formatCell(1 / 7)).toBe('0.1428571429');
    expect(formatCell(123456789012345)).toBe('123456789012345');
    expect(formatCell(1234567.891234)).toBe('1234567.891');
    expect(formatCell(-12.5)).toBe('-12.5');
    expect(formatCell(new Date(Date.UTC(2026, 2, 1)))).toBe('2026-03-01');
    expect(formatCell(new Date(Date.UTC(2026, 2, 1, 8, 30)))).toBe('2026-03-01 08:30');
    expect(formatCell(new Date(Date.UTC(2026, 2, 1, 8, 30, 15)))).toBe('2026-03-01 08:30:15');
    // A time of day alone is a fraction of a day from Excel's epoch.
    expect(formatCell(new Date(Date.UTC(1899, 11, 31, 14, 5)))).toBe('14:05');
    expect(formatCell(new Date(Number.NaN))).toBe('');
    expect(cellAlignment(1)).toBe('right');
    expect(cellAlignment(new Date())).toBe('right');
    expect(cellAlignment(true)).toBe('center');
    expect(cellAlignment('1')).toBe('left');
    expect(cellAlignment(null)).toBe('left');
  });

  it('keeps to the first rows and columns and pads short rows', () => {
    const grid = sheetGrid([['a', 'b', 'c', 'd'], ['e'], [null, 1]], 2, 3);
    expect(grid.columnNames).toEqual(['A', 'B', 'C']);
    expect(grid.totalRows).toBe(3);
    expect(grid.totalColumns).toBe(4);
    expect(grid.rows.map((row) => row.number)).toEqual([1, 2]);
    expect(grid.rows[1]?.cells.map((cell) => cell.value)).toEqual(['e', null, null]);
    expect(sheetGrid([])).toMatchObject({ columnNames: [], rows: [], totalRows: 0, totalColumns: 0 });
  });
});
