import { USER_EXCEL_COLUMNS } from '@cube/contract';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, createTestApp, DEMO, dialects, type TestApp } from '../../../test/helpers.js';
import { XlsxMessage } from '../../platform/xlsx-limits.js';

/**
 * Import files are bounded before and while they are parsed (platform/xlsx-limits.ts): a zip bomb (an entry
 * inflating far beyond its stored size) is refused before any parse, a sheet with more rows than the cap is
 * refused as soon as the cap is passed (not after reading every row), a row wider than the cap is refused, and two
 * long files imported at once stay within a bounded memory and time. The region import goes through the same
 * bounds.
 */

function multipart(file: Buffer, filename = 'users.xlsx') {
  const boundary = '----importlimits';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A real workbook whose first sheet's XML is replaced by `sheetXml` (rows written straight, no library cost). */
async function withSheetXml(sheetXml: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('用户数据').addRow(['x']);
  const zip = await JSZip.loadAsync(Buffer.from(await book.xlsx.writeBuffer()));
  zip.file('xl/worksheets/sheet1.xml', sheetXml);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}

const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const header = `<row r="1">${USER_EXCEL_COLUMNS.map((c, i) => cell(`${String.fromCharCode(65 + i)}1`, c.header)).join('')}</row>`;

/** A sheet of `rows` data rows (account, name, real name), each row different. */
function sheetOf(rows: number, extraCellsPerRow = 0, padding = '', tail = ''): string {
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
    header,
  ];
  for (let r = 2; r <= rows + 1; r++) {
    let extra = '';
    for (let i = 0; i < extraCellsPerRow; i++) extra += `<c r="${columnName(4 + i)}${r}"><v>${i}</v></c>`;
    parts.push(
      `<row r="${r}">${cell(`A${r}`, `imp${r}`)}${cell(`B${r}`, '导入')}${cell(`C${r}`, '导入用户')}${extra}</row>`,
    );
  }
  parts.push(`${tail}</sheetData>${padding}</worksheet>`);
  return parts.join('');
}

function columnName(index: number): string {
  let n = index;
  let name = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    name = String.fromCharCode(65 + rem) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

describe.each(dialects)('import files are capped before and while parsing on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let platform: string;

  const upload = (file: Buffer, url = '/api/cube-user/import-user', token = admin) => {
    const body = multipart(file);
    return t.app
      .inject({
        method: 'POST',
        url,
        payload: body.payload,
        headers: { 'content-type': body.contentType, authorization: basic(), 'cube-auth': `bearer ${token}` },
      })
      .then((res) => ({ statusCode: res.statusCode, body: JSON.parse(res.body) }));
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.token(DEMO.tenantAdmin)).access_token;
    platform = (await t.token(DEMO.platformAdmin)).access_token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a zip bomb before parsing it', async () => {
    // 8 MB of whitespace inside the sheet: a few KB stored, a ratio no spreadsheet has.
    const bomb = await withSheetXml(sheetOf(1, 0, ' '.repeat(8 * 1024 * 1024)));
    expect(bomb.length).toBeLessThan(200 * 1024);
    const res = await upload(bomb);
    expect(res.body).toMatchObject({ code: 400, msg: XlsxMessage.ratio });
    const region = await upload(bomb, '/api/cube-system/region/import-region', platform);
    expect(region.body).toMatchObject({ code: 400, msg: XlsxMessage.ratio });
  });

  it('refuses a row wider than the cap', async () => {
    const wide = await withSheetXml(sheetOf(2, 80));
    const res = await upload(wide);
    expect(res.body).toMatchObject({ code: 400, msg: XlsxMessage.tooManyCells(64) });
  });

  it('refuses a sheet beyond the row cap as soon as the cap is passed, two at once in bounded memory', async () => {
    // 100,000 rows (the cap is 20,000): refused after reading 20,001 rows, not after all of them.
    const building = performance.now();
    // The sheet's end is broken XML: a reader that goes on past the cap fails there (文件无法读取) instead of
    // answering the cap, which tells deterministically that the parse stopped early.
    const long = await withSheetXml(sheetOf(100_000, 0, '', '<row r="100002"><c r="A100002"><<<broken'));
    console.info(
      `built a ${(long.length / 1024 / 1024).toFixed(1)} MB file in ${((performance.now() - building) / 1000).toFixed(1)} s`,
    );
    expect(long.length).toBeLessThan(10 * 1024 * 1024);
    global.gc?.();
    // The JavaScript heap and the buffers outside it, sampled while both imports run: an upper bound of what the
    // imports hold (garbage not yet collected counts too). RSS is reported beside it.
    const used = () => {
      const m = process.memoryUsage();
      return m.heapUsed + m.external;
    };
    const before = used();
    const rssBefore = process.memoryUsage().rss;
    let peak = before;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, used());
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 10);
    const started = performance.now();
    const [a, b] = await Promise.all([upload(long), upload(long)]);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    expect(a.body).toMatchObject({ code: 400, msg: '单次最多导入20000条数据' });
    expect(b.body).toMatchObject({ code: 400, msg: '单次最多导入20000条数据' });
    const grewMb = (peak - before) / 1024 / 1024;
    const rssMb = (rssPeak - rssBefore) / 1024 / 1024;
    console.info(
      `two parallel 100,000-row imports: refused in ${seconds.toFixed(1)} s, heap+external peak +${grewMb.toFixed(0)} MB, RSS +${rssMb.toFixed(0)} MB`,
    );
    expect(grewMb).toBeLessThan(400);
    expect(seconds).toBeLessThan(60);
  }, 120_000);
});
