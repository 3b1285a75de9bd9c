import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as ossApi from '../../api/oss';
import { UiProviders } from '../../app/UiProviders';
import { installDomStubs } from '../../test/domStubs';
import { UploadField } from './UploadField';

installDomStubs();

describe('UploadField', () => {
  afterEach(() => vi.restoreAllMocks());

  it('refuses other types and sizes before sending, and keeps the stored link as its value', async () => {
    const put = vi.spyOn(ossApi, 'putFile').mockResolvedValue({
      link: '/api/cube-resource/oss/file/100000/b.pdf',
      domain: '',
      name: 'b.pdf',
      originalName: '合同.pdf',
    });
    const onChange = vi.fn();
    const user = userEvent.setup({ applyAccept: false });
    render(
      <UiProviders>
        <UploadField accept={['pdf', 'docx']} maxKb={1} onChange={onChange} />
      </UiProviders>,
    );
    const input = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

    await user.upload(input(), new File(['x'], 'a.exe'));
    expect(await screen.findByText('只能上传 PDF/DOCX 格式的文件!')).toBeTruthy();
    await user.upload(input(), new File([new Uint8Array(2048)], 'a.pdf'));
    expect(await screen.findByText('上传文件大小不能超过 1KB!')).toBeTruthy();
    expect(put).not.toHaveBeenCalled();

    await user.upload(input(), new File(['%PDF'], '合同.pdf'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('/api/cube-resource/oss/file/100000/b.pdf'));
  });

  it('lists the files of its value', () => {
    render(
      <UiProviders>
        <UploadField value="/files/a.pdf,/files/b.docx" maxCount={3} />
      </UiProviders>,
    );
    expect(screen.getByText('a.pdf')).toBeTruthy();
    expect(screen.getByText('b.docx')).toBeTruthy();
  });
});
