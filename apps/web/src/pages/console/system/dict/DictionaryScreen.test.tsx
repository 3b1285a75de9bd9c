import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../../../api/request';
import { usePermissionStore } from '../../../../stores/permission';
import { button, crudUser, dialog, renderWithProviders, rowOf } from '../../../../test/crudPage';
import { installDomStubs } from '../../../../test/domStubs';
import { DictionaryScreen } from './DictionaryScreen';

installDomStubs();

const PREFIX = '/api/cube-system/dict-biz';
const ROOT = {
  id: '900',
  parentId: '0',
  code: 'flow',
  dictKey: '-1',
  dictValue: '流程类型',
  sort: 1,
  isSealed: 0,
  remark: '',
};
const ITEMS = [
  {
    id: '901',
    parentId: '900',
    code: 'flow',
    dictKey: '1',
    dictValue: '发明专利全流程',
    sort: 1,
    isSealed: 0,
    remark: 'invention',
    hasChildren: false,
  },
  {
    id: '902',
    parentId: '900',
    code: 'flow',
    dictKey: '2',
    dictValue: '实用新型和外观设计专利全流程',
    sort: 2,
    isSealed: 0,
    remark: 'utility-design',
    hasChildren: false,
  },
];
const ok = (data: unknown) => ({ data: { code: 200, success: true, msg: '操作成功', data } });

describe('the dictionary screen', { timeout: 60_000 }, () => {
  let get: ReturnType<typeof vi.spyOn>;
  let post: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    usePermissionStore.setState({
      permission: { dictbiz_add: true, dictbiz_edit: true, dictbiz_delete: true, dictbiz_view: true },
      loaded: true,
    });
    get = vi.spyOn(request, 'get').mockImplementation(async (url: string) => {
      if (url === `${PREFIX}/parent-list`)
        return ok({ records: [ROOT], total: 1, size: 10, current: 1, pages: 1 });
      if (url === `${PREFIX}/child-list`) return ok(ITEMS);
      if (url === `${PREFIX}/detail`) return ok(ROOT);
      return ok([]);
    });
    post = vi.spyOn(request, 'post').mockResolvedValue(ok({ id: '903' }));
    localStorage.setItem('cube-dict-000000-biz.flow', JSON.stringify({ content: [] }));
    localStorage.setItem('other-app-key', 'kept');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('lists the dictionaries, then the chosen one’s items; the sealed switch saves at once and drops the cache', async () => {
    const user = crudUser();
    renderWithProviders(<DictionaryScreen variant="dictbiz" />);
    await screen.findByText('流程类型');
    expect(screen.getByText('在左侧的字典上点击“字典配置”，这里列出它的字典项')).toBeTruthy();

    await user.click(button('字典配置', rowOf('流程类型')));
    await screen.findByText('发明专利全流程');
    expect(get).toHaveBeenCalledWith(`${PREFIX}/child-list`, { params: { parentId: '900' } });
    expect(screen.getByText('字典配置：流程类型（flow）')).toBeTruthy();

    const itemRow = rowOf('发明专利全流程');
    await user.click(within(itemRow).getByRole('switch'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        `${PREFIX}/submit`,
        expect.objectContaining({ id: '901', isSealed: 1 }),
      ),
    );
    const sent = post.mock.calls[0]?.[1] as Record<string, unknown>;
    expect(sent).not.toHaveProperty('children');
    expect(sent).not.toHaveProperty('hasChildren');
    await waitFor(() => expect(localStorage.getItem('cube-dict-000000-biz.flow')).toBeNull());
    expect(localStorage.getItem('other-app-key')).toBe('kept');
  });

  it('adds an item under the chosen dictionary with its code and parent fixed, and a root with key -1', async () => {
    const user = crudUser();
    renderWithProviders(<DictionaryScreen variant="dictbiz" />);
    await screen.findByText('流程类型');
    await user.click(button('字典配置', rowOf('流程类型')));
    await screen.findByText('发明专利全流程');

    const itemsPane = screen.getByText('字典配置：流程类型（flow）').closest('section') as HTMLElement;
    await user.click(button('新增', itemsPane));
    const add = await waitFor(() => {
      const found = dialog();
      if (!found) throw new Error('no dialog');
      return found;
    });
    const code = within(add).getByLabelText('字典编号') as HTMLInputElement;
    expect(code.value).toBe('flow');
    expect(code.disabled).toBe(true);
    await user.click(button('保存', add));
    await within(add).findByText('请输入字典名称');
    await within(add).findByText('请输入字典键值');
    await user.type(within(add).getByLabelText('字典名称'), '商标流程');
    await user.type(within(add).getByLabelText('字典键值'), '4');
    await user.click(button('保存', add));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        `${PREFIX}/submit`,
        expect.objectContaining({
          code: 'flow',
          parentId: '900',
          dictKey: '4',
          dictValue: '商标流程',
          isSealed: 0,
        }),
      ),
    );

    const parentsPane = screen.getByText('业务字典').closest('section') as HTMLElement;
    await user.click(button('新增', parentsPane));
    const addRoot = await waitFor(() => {
      const found = dialog();
      if (!found || !within(found).queryByLabelText('字典编号')) throw new Error('no dialog');
      return found;
    });
    await user.type(within(addRoot).getByLabelText('字典编号'), 'trademark');
    await user.type(within(addRoot).getByLabelText('字典名称'), '商标类型');
    await user.click(button('保存', addRoot));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        `${PREFIX}/submit`,
        expect.objectContaining({ code: 'trademark', dictValue: '商标类型', dictKey: '-1' }),
      ),
    );
  });
});
