import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  button,
  crudUser,
  dialog,
  expandButton,
  type FakeRow,
  fakeTreeResource,
  firstColumn,
  renderWithProviders,
  rowOf,
} from '../../test/crudPage';
import { installDomStubs } from '../../test/domStubs';
import { CrudPage } from './CrudPage';
import type { CrudField } from './types';

installDomStubs();

/** 总公司 → 研发部 (→ 研发一组, 前端组), 市场部; 分公司 without children. */
const DEPTS: FakeRow[] = [
  { id: '1', name: '总公司', code: 'hq' },
  { id: '11', parentId: '1', name: '研发部', code: 'rd' },
  { id: '111', parentId: '11', name: '研发一组', code: 'rd1' },
  { id: '112', parentId: '11', name: '前端组', code: 'fe' },
  { id: '12', parentId: '1', name: '市场部', code: 'mk' },
  { id: '2', name: '分公司', code: 'branch' },
];

const fields: CrudField[] = [
  { name: 'name', label: 'screens.param.paramName', search: true, required: 'screens.param.nameRequired' },
  {
    name: 'parentId',
    label: 'screens.home.dept',
    type: 'tree',
    table: false,
    tree: { queryKey: ['fake-dept', 'tree'], load: async () => [] },
  },
];

const ALL = { add: true, edit: true, delete: true, view: true } as const;

describe('CrudPage as a whole tree table', { timeout: 30_000 }, () => {
  it('shows the tree without paging; a row opens on demand', async () => {
    const store = fakeTreeResource(DEPTS);
    const user = crudUser();
    renderWithProviders(<CrudPage resource="dept" api={store.wholeApi} fields={fields} permissions={ALL} />);
    await screen.findByText('总公司');
    expect(firstColumn()).toEqual(['总公司', '分公司']);
    expect(store.whole).toHaveBeenCalledWith({});
    expect(document.querySelector('.ant-pagination')).toBeNull();
    expect(screen.queryByText(/共 \d+ 条/)).toBeNull();
    expect(expandButton('分公司')).toBeNull();

    await user.click(expandButton('总公司')!);
    expect(firstColumn()).toEqual(['总公司', '研发部', '市场部', '分公司']);
    await user.click(expandButton('研发部')!);
    expect(firstColumn()).toEqual(['总公司', '研发部', '研发一组', '前端组', '市场部', '分公司']);
    await user.click(expandButton('总公司')!);
    expect(firstColumn()).toEqual(['总公司', '分公司']);
  });

  it('searches the tree and opens every match', async () => {
    const store = fakeTreeResource(DEPTS);
    const user = crudUser();
    renderWithProviders(<CrudPage resource="dept" api={store.wholeApi} fields={fields} permissions={ALL} />);
    await screen.findByText('总公司');
    await user.click(document.getElementById('crud-search_name')!);
    await user.paste('研发');
    await user.click(button('搜索'));
    await waitFor(() => expect(firstColumn()).toEqual(['研发部', '研发一组']));
    expect(store.whole).toHaveBeenLastCalledWith({ name: '研发' });

    await user.click(button('清空'));
    await waitFor(() => expect(firstColumn()).toEqual(['总公司', '分公司']));
  });

  it('adds a child under a row (新增子项) with the parent preset, then shows it under the opened parent', async () => {
    const store = fakeTreeResource(DEPTS);
    const user = crudUser();
    renderWithProviders(
      <CrudPage
        resource="dept"
        api={store.wholeApi}
        fields={fields}
        permissions={ALL}
        addChild={{ preset: (parent) => ({ code: `${String(parent.code)}-sub` }) }}
      />,
    );
    await screen.findByText('总公司');
    await user.click(expandButton('总公司')!);
    await user.click(button('新增子项', rowOf('市场部')));
    await waitFor(() => expect(dialog()).toBeTruthy());
    await user.click(document.getElementById('crud-dept_name')!);
    await user.paste('品牌组');
    await user.click(button('保存', dialog()!));

    expect(await screen.findByText('新增成功')).toBeTruthy();
    // The parent is a form field (sent as chosen) and the preset code is sent though it is not in the form.
    expect(store.submit).toHaveBeenCalledWith({ name: '品牌组', parentId: '12', code: 'mk-sub' });
    await waitFor(() => expect(firstColumn()).toEqual(['总公司', '研发部', '市场部', '品牌组', '分公司']));
  });

  it('reloads the tree after a delete', async () => {
    const store = fakeTreeResource(DEPTS);
    const user = crudUser();
    renderWithProviders(<CrudPage resource="dept" api={store.wholeApi} fields={fields} permissions={ALL} />);
    await screen.findByText('总公司');
    await user.click(expandButton('总公司')!);
    await user.click(button('删除', rowOf('市场部')));
    await user.click(await waitFor(() => button('确定')));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    expect(store.remove).toHaveBeenCalledWith(['12']);
    await waitFor(() => expect(firstColumn()).toEqual(['总公司', '研发部', '分公司']));
  });

  it('offers 新增子项 only by the add permission and not on the rows the page excludes', async () => {
    const store = fakeTreeResource(DEPTS);
    renderWithProviders(
      <CrudPage
        resource="dept"
        api={store.wholeApi}
        fields={fields}
        permissions={{ add: true }}
        addChild={{ hidden: (row) => row.id === '2' }}
      />,
    );
    await screen.findByText('总公司');
    expect(button('新增子项', rowOf('总公司'))).toBeTruthy();
    expect(rowOf('分公司').textContent).not.toContain('新增子项');
  });
});
