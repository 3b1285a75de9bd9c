import type { IPage } from '@cube/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Param, paramApi } from '../../api/param';
import { RequestError } from '../../api/request';
import { UiProviders } from '../../app/UiProviders';
import ParamPage from '../../pages/console/system/param/ParamPage';
import { usePermissionStore } from '../../stores/permission';
import { installDomStubs } from '../../test/domStubs';
import { auditFields } from '../../test/records';

installDomStubs();

function param(n: number): Param {
  return {
    id: String(1000 + n),
    paramName: `参数${n}`,
    paramKey: `key.${n}`,
    paramValue: `value ${n}`,
    remark: '',
    ...auditFields(),
  };
}

function page(records: Param[], total: number, current = 1, size = 10): IPage<Param> {
  return { records, total, current, size, pages: Math.ceil(total / size) };
}

const ALL = { param_add: true, param_edit: true, param_delete: true, param_view: true } as const;

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <UiProviders>
        <ParamPage />
      </UiProviders>
    </QueryClientProvider>,
  );
}

function setup() {
  return userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
}

async function fill(user: ReturnType<typeof setup>, element: HTMLElement, value: string) {
  await user.click(element);
  await user.paste(value);
}

/** The button whose text (antd spaces two-character labels: 保 存) reads `text`; DOM queries keep jsdom fast. */
function button(text: string, scope: ParentNode = document): HTMLButtonElement {
  const found = Array.from(scope.querySelectorAll('button')).find(
    (element) => element.textContent?.replace(/\s+/g, '') === text,
  );
  if (!found) throw new Error(`no button ${text}`);
  return found;
}

function buttons(text: string, scope: ParentNode = document): HTMLButtonElement[] {
  return Array.from(scope.querySelectorAll('button')).filter(
    (element) => element.textContent?.replace(/\s+/g, '') === text,
  );
}

function input(id: string): HTMLInputElement {
  const element = document.getElementById(id);
  if (!element) throw new Error(`no input #${id}`);
  return element as HTMLInputElement;
}

function dialog(): HTMLElement | null {
  return document.querySelector<HTMLElement>('.ant-modal-wrap:not([style*="display: none"]) .ant-modal');
}

function rowOf(text: string): HTMLElement {
  return screen.getByText(text).closest('tr')!;
}

describe('CrudPage (parameter screen)', { timeout: 30_000 }, () => {
  let list: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    usePermissionStore.setState({ permission: ALL, loaded: true });
    list = vi.spyOn(paramApi, 'list').mockImplementation(async ({ current, size }) =>
      page(
        Array.from({ length: Math.min(size, 25 - (current - 1) * size) }, (_, i) =>
          param((current - 1) * size + i + 1),
        ),
        25,
        current,
        size,
      ),
    );
    vi.spyOn(paramApi, 'detail').mockImplementation(async (id) => param(Number(id) - 1000));
  });

  afterEach(() => {
    vi.restoreAllMocks();
    usePermissionStore.setState({ permission: {}, loaded: false });
  });

  it('lists the first page of 10 and shows the total', async () => {
    renderPage();
    expect(await screen.findByText('参数1')).toBeTruthy();
    expect(screen.getByText('参数10')).toBeTruthy();
    expect(screen.queryByText('参数11')).toBeNull();
    expect(screen.getByText('共 25 条')).toBeTruthy();
    expect(list).toHaveBeenLastCalledWith({ current: 1, size: 10 });
  });

  it('goes back to page 1 on a search and sends the filters', async () => {
    const user = setup();
    renderPage();
    await screen.findByText('参数1');
    await user.click(screen.getByTitle('3'));
    expect(await screen.findByText('参数21')).toBeTruthy();
    expect(list).toHaveBeenLastCalledWith({ current: 3, size: 10 });

    await fill(user, input('crud-search_paramName'), ' 参数2 ');
    await user.click(button('搜索'));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ current: 1, size: 10, paramName: '参数2' }));

    await user.click(button('清空'));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ current: 1, size: 10 }));
  });

  it('warns when bulk delete has nothing selected, and confirms before deleting the selection', async () => {
    const remove = vi.spyOn(paramApi, 'remove').mockResolvedValue({});
    const user = setup();
    renderPage();
    await screen.findByText('参数1');

    await user.click(button('批量删除'));
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy();
    expect(remove).not.toHaveBeenCalled();

    await user.click(rowOf('参数1').querySelector('input[type="checkbox"]')!);
    await user.click(rowOf('参数2').querySelector('input[type="checkbox"]')!);
    expect(await screen.findByText('已选择 2 项')).toBeTruthy();
    await user.click(button('批量删除'));
    expect(await screen.findByText('确定将选择数据删除?')).toBeTruthy();
    await user.click(button('确定'));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(['1001', '1002']));
    expect(await screen.findByText('删除成功')).toBeTruthy();
  });

  it('shows the required messages and sends nothing', async () => {
    const submit = vi.spyOn(paramApi, 'submit');
    const user = setup();
    renderPage();
    await screen.findByText('参数1');
    await user.click(button('新增'));
    await user.click(button('保存', dialog()!));
    expect(await screen.findByText('请输入参数名称')).toBeTruthy();
    expect(screen.getByText('请输入参数键名')).toBeTruthy();
    expect(screen.getByText('请输入参数键值')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });

  it('keeps the dialog open and usable after a failed save, then adds', async () => {
    const submit = vi
      .spyOn(paramApi, 'submit')
      .mockRejectedValueOnce(new RequestError('参数键名已存在', { code: 400, kind: 'answer' }))
      .mockResolvedValueOnce({ id: '2000' });
    const user = setup();
    renderPage();
    await screen.findByText('参数1');
    await user.click(button('新增'));
    await fill(user, input('crud-param_paramName'), '站点名称');
    await fill(user, input('crud-param_paramKey'), 'site.name');
    await fill(user, input('crud-param_paramValue'), 'Cube');
    const save = button('保存', dialog()!);
    await user.click(save);

    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit).toHaveBeenLastCalledWith({
      paramName: '站点名称',
      paramKey: 'site.name',
      paramValue: 'Cube',
      remark: undefined,
    });
    await waitFor(() => expect(save.className).not.toMatch(/loading/));
    expect(dialog()).toBeTruthy();
    expect(input('crud-param_paramKey').value).toBe('site.name');

    await user.click(save);
    expect(await screen.findByText('新增成功')).toBeTruthy();
    await waitFor(() => expect(dialog()).toBeNull());
    expect(submit).toHaveBeenCalledTimes(2);
  });

  it('edits a row loaded with detail and reports 更新成功', async () => {
    const submit = vi.spyOn(paramApi, 'submit').mockResolvedValue({ id: '1002' });
    const user = setup();
    renderPage();
    await screen.findByText('参数2');
    await user.click(button('编辑', rowOf('参数2')));
    await waitFor(() => expect(input('crud-param_paramValue').value).toBe('value 2'));
    await user.clear(input('crud-param_paramValue'));
    await user.paste('changed');
    await user.click(button('保存', dialog()!));
    expect(await screen.findByText('更新成功')).toBeTruthy();
    expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({ id: '1002', paramKey: 'key.2', paramValue: 'changed' }),
    );
  });

  it('views a record read-only, with only a close button', async () => {
    const user = setup();
    renderPage();
    await screen.findByText('参数4');
    await user.click(button('查看', rowOf('参数4')));
    await waitFor(() => expect(dialog()?.textContent).toContain('value 4'));
    expect(dialog()!.textContent).toContain('key.4');
    expect(button('关闭', dialog()!)).toBeTruthy();
    expect(buttons('保存', dialog()!)).toHaveLength(0);
    expect(dialog()!.querySelector('input')).toBeNull();
  });

  it('deletes one row after the confirmation', async () => {
    const remove = vi.spyOn(paramApi, 'remove').mockResolvedValue({});
    const user = setup();
    renderPage();
    await screen.findByText('参数3');
    await user.click(button('删除', rowOf('参数3')));
    expect(await screen.findByText('确定将选择数据删除?')).toBeTruthy();
    await user.click(button('确定'));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    expect(remove).toHaveBeenCalledWith(['1003']);
  });

  it('shows only the buttons the permission set allows', async () => {
    usePermissionStore.setState({ permission: { param_view: true }, loaded: true });
    renderPage();
    await screen.findByText('参数1');
    expect(buttons('新增')).toHaveLength(0);
    expect(buttons('批量删除')).toHaveLength(0);
    expect(buttons('编辑')).toHaveLength(0);
    expect(buttons('删除')).toHaveLength(0);
    expect(buttons('查看')).toHaveLength(10);
  });
});
