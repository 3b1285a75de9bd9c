import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UiProviders } from '../../app/UiProviders';
import { installDomStubs } from '../../test/domStubs';
import { FilePreview } from './FilePreview';
import { docxFile, legacyOfficeBytes, xlsxFile } from './fixtures/officeFiles';

installDomStubs();

function renderPreview(url: string, name?: string) {
  return render(
    <UiProviders>
      <FilePreview url={url} name={name} />
    </UiProviders>,
  );
}

/** Serves the bytes for every request, as the file server would. */
function serve(bytes: Uint8Array | string, status = 200) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(
      async () => new Response(typeof bytes === 'string' ? bytes : bytes.slice(), { status }),
    );
}

describe('FilePreview', () => {
  beforeEach(() => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:pdf-1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows a PDF inline in a frame from a blob of the file', async () => {
    const fetchFile = serve('%PDF-1.4');
    renderPreview('/api/cube-resource/oss/file/100000/a.pdf', '合同.pdf');
    const frame = (await screen.findByTitle('合同.pdf 预览')) as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('blob:pdf-1');
    expect(fetchFile).toHaveBeenCalledTimes(1);
    expect(fetchFile).toHaveBeenCalledWith('/api/cube-resource/oss/file/100000/a.pdf', expect.anything());
  });

  it('only logs a failed PDF download and offers the download link', async () => {
    serve('', 404);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPreview('/files/a.pdf');
    expect(await screen.findByText('PDF 文件加载失败，请下载后查看。')).toBeTruthy();
    expect(log).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: /下载文件/ }).getAttribute('href')).toBe('/files/a.pdf');
  });

  it('aborts the download when the preview closes', () => {
    const fetchFile = vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>(() => {}));
    const { unmount } = renderPreview('/files/a.docx');
    const signal = fetchFile.mock.calls[0]?.[1]?.signal;
    expect(signal?.aborted).toBe(false);
    unmount();
    expect(signal?.aborted).toBe(true);
  });

  it('shows every sheet of an Excel workbook as a grid with column letters and row numbers', async () => {
    const fetchFile = serve(
      await xlsxFile([
        {
          name: '销售明细',
          rows: [
            ['产品', '数量', '日期'],
            ['苹果', 0.1 + 0.2, { serial: 46082 }],
            ['香蕉', 1200, { serial: 46082.5 }],
          ],
        },
        { name: '汇总', rows: Array.from({ length: 1003 }, (_, i) => [`第${i + 1}行`, i]) },
      ]),
    );
    renderPreview('/files/a.xlsx', '报表.xlsx');

    const tabs = await screen.findAllByRole('tab', {}, { timeout: 5000 });
    expect(tabs.map((tab) => tab.textContent)).toEqual(['销售明细', '汇总']);
    const grid = screen.getByRole('table');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['A', 'B', 'C']);
    expect(
      within(grid)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '2', '3']);
    expect(within(grid).getByText('苹果')).toBeTruthy();
    expect(within(grid).getByText('0.3')).toBeTruthy();
    expect(within(grid).getByText('1200')).toBeTruthy();
    expect(within(grid).getByText('2026-03-01')).toBeTruthy();
    expect(within(grid).getByText('2026-03-01 12:00')).toBeTruthy();
    expect(screen.queryByText(/仅显示前/)).toBeNull();
    expect(fetchFile).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('tab', { name: '汇总' }));
    expect(await screen.findByText('第1000行')).toBeTruthy();
    expect(screen.queryByText('第1001行')).toBeNull();
    expect(screen.getByText('仅显示前 1000 行（共 1003 行），完整内容请下载后查看。')).toBeTruthy();
    expect(screen.getByRole('link', { name: /下载文件/ })).toBeTruthy();
  });

  it('reads a large workbook', async () => {
    // Over 512 KB of sheet XML: in a browser fflate inflates it in a blob: worker (the server's CSP allows
    // worker-src blob:); under vitest its Node build reads it on the spot.
    serve(
      await xlsxFile([{ name: '大表', rows: Array.from({ length: 20_000 }, (_, i) => [`编号${i + 1}`, i]) }]),
    );
    const log = vi.spyOn(console, 'error');
    renderPreview('/files/big.xlsx');
    expect(await screen.findByText('编号1000', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('仅显示前 1000 行（共 20000 行），完整内容请下载后查看。')).toBeTruthy();
    expect(log).not.toHaveBeenCalled();
  });

  it('lays out a Word document as pages', async () => {
    serve(await docxFile(['季度工作报告', '本季度完成了文件预览功能。']));
    const { container } = renderPreview('/files/a.docx', '报告.docx');

    expect(await screen.findByText('本季度完成了文件预览功能。', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('季度工作报告')).toBeTruthy();
    const page = container.querySelector('.cube-docx-wrapper > section.cube-docx');
    expect(page).toBeTruthy();
    expect(screen.getByRole('region', { name: '报告.docx 预览' }).hidden).toBe(false);
    // The library's styles are scoped to its own class names.
    const css = [...container.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(css).toContain('.cube-docx-wrapper');
    expect(screen.queryByText('正在加载文件…')).toBeNull();
    expect(screen.getByRole('link', { name: /下载文件/ })).toBeTruthy();
  });

  it('says that old .doc and .xls files cannot be previewed, with a download link', () => {
    const fetchFile = vi.spyOn(globalThis, 'fetch');
    for (const [name, text] of [
      ['报告.doc', '该文件是旧版 Word 格式（.doc），无法在线预览。'],
      ['表格.xls', '该文件是旧版 Excel 格式（.xls），无法在线预览。'],
    ] as const) {
      const { unmount } = renderPreview(`/files/${encodeURIComponent(name)}`);
      expect(screen.getByText(name)).toBeTruthy();
      expect(screen.getByText(new RegExp(text.replace(/[.()（）]/g, '\\$&')))).toBeTruthy();
      expect(screen.getByRole('link', { name: /下载文件/ })).toBeTruthy();
      unmount();
    }
    expect(fetchFile).not.toHaveBeenCalled();
  });

  it('recognises an old binary file saved under a new name', async () => {
    serve(legacyOfficeBytes());
    const { unmount } = renderPreview('/files/a.xlsx', '预算.xlsx');
    expect(await screen.findByText(/该文件是旧版 Excel 格式（\.xls）/)).toBeTruthy();
    unmount();
    renderPreview('/files/a.docx', '合同.docx');
    expect(await screen.findByText(/该文件是旧版 Word 格式（\.doc）/)).toBeTruthy();
  });

  it('shows an error and the download link when a Word or Excel file cannot be downloaded or read', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const first = renderPreview('/files/a.docx');
    expect(await screen.findByText('Word 文档加载失败，文件可能已损坏，请下载后查看。')).toBeTruthy();
    expect(screen.getByRole('link', { name: /下载文件/ }).getAttribute('href')).toBe('/files/a.docx');
    first.unmount();

    serve('this is not a zip archive');
    const second = renderPreview('/files/b.xlsx');
    expect(
      await screen.findByText('Excel 表格加载失败，文件可能已损坏，请下载后查看。', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: /下载文件/ }).getAttribute('href')).toBe('/files/b.xlsx');
    second.unmount();

    renderPreview('/files/c.docx');
    expect(
      await screen.findByText('Word 文档加载失败，文件可能已损坏，请下载后查看。', {}, { timeout: 5000 }),
    ).toBeTruthy();
    await waitFor(() => expect(log).toHaveBeenCalledTimes(3));
  });

  it('says when a type cannot be previewed', () => {
    renderPreview('/files/a.zip');
    expect(screen.getByText('该文件类型不支持在线预览，请下载后查看。')).toBeTruthy();
  });
});
