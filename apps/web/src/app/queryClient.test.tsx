import type { IPage } from '@cube/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Param, paramApi } from '../api/param';
import ParamPage from '../pages/console/system/param/ParamPage';
import { usePermissionStore } from '../stores/permission';
import { installDomStubs } from '../test/domStubs';
import { auditFields } from '../test/records';
import { createQueryClient } from './queryClient';
import { UiProviders } from './UiProviders';

installDomStubs();

const first: Param = {
  id: '1001',
  paramName: '参数1',
  paramKey: 'key.1',
  paramValue: 'value 1',
  remark: '',
  ...auditFields(),
};

function byText(text: string, scope: ParentNode = document): HTMLButtonElement {
  const found = Array.from(scope.querySelectorAll('button')).find(
    (element) => element.textContent?.replace(/\s+/g, '') === text,
  );
  if (!found) throw new Error(`no button ${text}`);
  return found;
}

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const dialog = () =>
  document.querySelector<HTMLElement>('.ant-modal-wrap:not([style*="display: none"]) .ant-modal');

describe('the console’s query client', { timeout: 30_000 }, () => {
  beforeEach(() => {
    usePermissionStore.setState({ permission: { param_add: true }, loaded: true });
    vi.spyOn(paramApi, 'list').mockResolvedValue({
      records: [first],
      total: 1,
      current: 1,
      size: 10,
      pages: 1,
    } satisfies IPage<Param>);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    usePermissionStore.setState({ permission: {}, loaded: false });
    window.dispatchEvent(new Event('online'));
  });

  it('sends a save even after the browser reported itself offline', async () => {
    const submit = vi.spyOn(paramApi, 'submit').mockResolvedValueOnce({ id: '2000' });
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <UiProviders>
          <ParamPage />
        </UiProviders>
      </QueryClientProvider>,
    );
    await screen.findByText('参数1');
    // A browser may fire `offline` on any network change; TanStack's default network mode would pause the save
    // for good (保存 spinning, nothing sent), which is what the e2e runs once saw.
    window.dispatchEvent(new Event('offline'));
    await user.click(byText('新增'));
    for (const [id, value] of [
      ['crud-param_paramName', '站点名称'],
      ['crud-param_paramKey', 'site.name'],
      ['crud-param_paramValue', 'Cube'],
    ] as const) {
      await user.click(input(id));
      await user.paste(value);
    }
    await user.click(byText('保存', dialog()!));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('新增成功')).toBeTruthy();
  });
});
