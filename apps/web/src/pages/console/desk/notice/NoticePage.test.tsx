import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as dictionaryApi from '../../../../api/dictionary';
import { type NoticeRecord, noticeAdminApi } from '../../../../api/noticeAdmin';
import { UiProviders } from '../../../../app/UiProviders';
import { usePermissionStore } from '../../../../stores/permission';
import { installDomStubs } from '../../../../test/domStubs';
import { auditFields } from '../../../../test/records';
import NoticePage from './NoticePage';

installDomStubs();

const notice: NoticeRecord = {
  id: '3001',
  title: '季度例会安排',
  category: 2,
  releaseTime: '2026-03-01 08:30:00',
  content: '周五下午三点',
  tenantId: '100000',
  ...auditFields(),
};

const dictItem = (dictKey: string, dictValue: string) => ({
  id: dictKey,
  parentId: '1',
  code: 'notice',
  dictKey,
  dictValue,
  sort: Number(dictKey),
  remark: '',
});

describe('notice administration', { timeout: 30_000 }, () => {
  beforeEach(() => {
    usePermissionStore.setState({
      permission: { notice_add: true, notice_edit: true, notice_delete: true, notice_view: true },
      loaded: true,
    });
    vi.spyOn(dictionaryApi, 'loadDictionary').mockResolvedValue([
      dictItem('1', '发布通知'),
      dictItem('2', '批转通知'),
    ]);
    vi.spyOn(noticeAdminApi, 'list').mockResolvedValue({
      records: [notice],
      total: 1,
      size: 10,
      current: 1,
      pages: 1,
    });
    vi.spyOn(noticeAdminApi, 'detail').mockResolvedValue(notice);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    usePermissionStore.setState({ permission: {}, loaded: false });
  });

  it('shows the category by its dictionary label and saves integer keys and formatted times', async () => {
    const submit = vi.spyOn(noticeAdminApi, 'submit').mockResolvedValue({ id: '3001' });
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <UiProviders>
          <NoticePage />
        </UiProviders>
      </QueryClientProvider>,
    );
    const row = (await screen.findByText('季度例会安排')).closest('tr')!;
    await waitFor(() => expect(row.textContent).toContain('批转通知'));
    expect(dictionaryApi.loadDictionary).toHaveBeenCalledWith(expect.any(String), 'notice', 'system');

    const edit = Array.from(row.querySelectorAll('button')).find((b) => b.textContent?.includes('编辑'))!;
    await user.click(edit);
    await waitFor(() =>
      expect(document.querySelector('.ant-modal .ant-select')?.textContent).toContain('批转通知'),
    );
    const save = Array.from(document.querySelectorAll('.ant-modal button')).find(
      (b) => b.textContent?.replace(/\s+/g, '') === '保存',
    )!;
    await user.click(save);
    expect(await screen.findByText('更新成功')).toBeTruthy();
    expect(submit).toHaveBeenCalledWith({
      id: '3001',
      title: '季度例会安排',
      category: 2,
      releaseTime: '2026-03-01 08:30:00',
      content: '周五下午三点',
    });
  });
});
