import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UiProviders } from '../../app/UiProviders';
import { installDomStubs } from '../../test/domStubs';
import { FilePreview } from './FilePreview';

installDomStubs();

function renderPreview(url: string, name?: string) {
  return render(
    <UiProviders>
      <FilePreview url={url} name={name} />
    </UiProviders>,
  );
}

describe('FilePreview', () => {
  beforeEach(() => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:pdf-1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows a PDF inline in a frame from a blob of the file', async () => {
    const fetchFile = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(new Blob(['%PDF-1.4']), { status: 200 }));
    renderPreview('/api/cube-resource/oss/file/100000/a.pdf', '合同.pdf');
    const frame = (await screen.findByTitle('合同.pdf 预览')) as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('blob:pdf-1');
    expect(fetchFile).toHaveBeenCalledWith('/api/cube-resource/oss/file/100000/a.pdf', expect.anything());
  });

  it('only logs a failed PDF download and offers the download link', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('', { status: 404 }));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPreview('/files/a.pdf');
    expect(await screen.findByText('PDF 文件加载失败，请下载后查看。')).toBeTruthy();
    expect(log).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: /下载文件/ }).getAttribute('href')).toBe('/files/a.pdf');
  });

  it('explains that Word and Excel files need the file server, with a download link', () => {
    for (const name of ['报告.doc', '报告.docx', '表格.xls', '表格.xlsx']) {
      const { unmount } = renderPreview(`/files/${encodeURIComponent(name)}`);
      expect(screen.getByText(/需要部署文件预览服务/)).toBeTruthy();
      expect(screen.getByText(name)).toBeTruthy();
      expect(screen.getByRole('link', { name: /下载文件/ })).toBeTruthy();
      unmount();
    }
  });

  it('says when a type cannot be previewed', () => {
    renderPreview('/files/a.zip');
    expect(screen.getByText('该文件类型不支持在线预览，请下载后查看。')).toBeTruthy();
  });
});
