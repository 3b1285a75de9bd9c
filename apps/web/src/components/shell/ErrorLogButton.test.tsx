import { fireEvent, render, screen, within } from '@testing-library/react';
import copy from 'copy-to-clipboard';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ErrorLogEntry } from '../../api/log';
import { UiProviders } from '../../app/UiProviders';
import { useErrorLogStore } from '../../stores/errorLog';
import { installDomStubs } from '../../test/domStubs';
import { ErrorLogButton, errorLogEntryText } from './ErrorLogButton';

vi.mock('copy-to-clipboard', () => ({ default: vi.fn() }));
installDomStubs();

const entry: ErrorLogEntry = {
  type: 'error',
  time: '2026-11-23 09:30:00',
  url: 'http://portal.example.com/system/param/index',
  message: "Cannot read properties of undefined (reading 'id')",
  info: 'assets/ParamPage.js:12:7',
  stack: "TypeError: Cannot read properties of undefined (reading 'id')\n    at ParamPage",
};

function openDialog() {
  render(
    <UiProviders>
      <ErrorLogButton />
    </UiProviders>,
  );
  fireEvent.click(screen.getByRole('button', { name: /错误日志/ }));
  return screen.getByRole('dialog');
}

describe('error log copy', () => {
  beforeEach(() => {
    useErrorLogStore.getState().clear();
    useErrorLogStore.getState().add(entry);
  });
  afterEach(() => {
    vi.mocked(copy).mockReset();
    useErrorLogStore.getState().clear();
  });

  it('writes every field of an entry, one per line, skipping empty ones', () => {
    expect(errorLogEntryText(entry)).toBe(
      ['[error] 2026-11-23 09:30:00', entry.url, entry.message, entry.info, entry.stack].join('\n'),
    );
    expect(errorLogEntryText({ ...entry, info: '', stack: '' })).toBe(
      ['[error] 2026-11-23 09:30:00', entry.url, entry.message].join('\n'),
    );
  });

  it('copies an entry and says 复制成功', async () => {
    vi.mocked(copy).mockResolvedValue(true);
    const dialog = openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: /复制/ }));
    expect(await screen.findByText('复制成功')).toBeTruthy();
    expect(copy).toHaveBeenCalledWith(errorLogEntryText(entry));
  });

  it('says 复制失败 when the browser refuses, and keeps the entry', async () => {
    vi.mocked(copy).mockResolvedValue(false);
    const dialog = openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: /复制/ }));
    expect(await screen.findByText('复制失败')).toBeTruthy();
    expect(useErrorLogStore.getState().logs).toEqual([entry]);
  });
});
