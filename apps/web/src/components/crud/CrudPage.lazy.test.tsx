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

/** 总公司 → 研发部 (→ 前端组), 市场部; 分公司 without children. */
const DEPTS: FakeRow[] = [
  { id: '1', name: '总公司' },
  { id: '11', parentId: '1', name: '研发部' },
  { id: '111', parentId: '11', name: '前端组' },
  { id: '12', parentId: '1', name: '市场部' },
  { id: '2', name: '分公司' },
];

const fields: CrudField[] = [
  { name: 'name', label: 'screens.param.paramName', search: true, required: 'screens.param.nameRequired' },
];

const ALL = { add: true, edit: true, delete: true, view: true } as const;

function setup() {
  const store = fakeTreeResource(DEPTS);
  const user = crudUser();
  renderWithProviders(
    <CrudPage resource="dept-lazy" api={store.lazyApi} fields={fields} permissions={ALL} addChild />,
  );
  return { store, user };
}

/** The parent ids the level loads were asked for, in order. */
function parentsAsked(store: ReturnType<typeof fakeTreeResource>) {
  return store.level.mock.calls.map(([parentId]) => parentId);
}

describe('CrudPage as a lazy tree table', { timeout: 30_000 }, () => {
  it('loads the top level, and a row’s children when it opens', async () => {
    const { store, user } = setup();
    await screen.findByText('总公司');
    expect(store.level).toHaveBeenCalledWith('0', {});
    expect(firstColumn()).toEqual(['总公司', '分公司']);
    expect(document.querySelector('.ant-pagination')).toBeNull();
    // Only rows that have children can open.
    expect(expandButton('分公司')).toBeNull();

    await user.click(expandButton('总公司')!);
    await screen.findByText('研发部');
    expect(store.level).toHaveBeenLastCalledWith('1', {});
    expect(firstColumn()).toEqual(['总公司', '研发部', '市场部', '分公司']);
    expect(expandButton('市场部')).toBeNull();

    await user.click(expandButton('研发部')!);
    await screen.findByText('前端组');
    expect(firstColumn()).toEqual(['总公司', '研发部', '前端组', '市场部', '分公司']);

    // Folded and opened again: the rows are back at once (from the cache), their own levels folded.
    await user.click(expandButton('总公司')!);
    expect(firstColumn()).toEqual(['总公司', '分公司']);
    await user.click(expandButton('总公司')!);
    expect(firstColumn()).toEqual(['总公司', '研发部', '市场部', '分公司']);
  });

  it('loads every open level again after an edit and a delete', async () => {
    const { store, user } = setup();
    await screen.findByText('总公司');
    await user.click(expandButton('总公司')!);
    await user.click((await waitFor(() => expandButton('研发部')))!);
    await screen.findByText('前端组');

    store.level.mockClear();
    await user.click(button('编辑', rowOf('前端组')));
    const name = await waitFor(() => {
      const input = document.getElementById('crud-dept-lazy_name') as HTMLInputElement | null;
      expect(input?.value).toBe('前端组');
      return input!;
    });
    await user.clear(name);
    await user.paste('前端开发组');
    await user.click(button('保存', dialog()!));
    expect(await screen.findByText('更新成功')).toBeTruthy();
    expect(store.submit).toHaveBeenCalledWith({ id: '111', name: '前端开发组' });
    await screen.findByText('前端开发组');
    expect(parentsAsked(store).sort()).toEqual(['0', '1', '11']);
    expect(firstColumn()).toEqual(['总公司', '研发部', '前端开发组', '市场部', '分公司']);

    await user.click(button('删除', rowOf('前端开发组')));
    await user.click(await waitFor(() => button('确定')));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    await waitFor(() => expect(firstColumn()).toEqual(['总公司', '研发部', '市场部', '分公司']));
    // 研发部 has no children left: no expand button.
    await waitFor(() => expect(expandButton('研发部')).toBeNull());
  });

  it('adds a child under a row that had none and opens it', async () => {
    const { store, user } = setup();
    await screen.findByText('分公司');
    await user.click(button('新增子项', rowOf('分公司')));
    await waitFor(() => expect(dialog()).toBeTruthy());
    await user.click(document.getElementById('crud-dept-lazy_name')!);
    await user.paste('分公司一部');
    await user.click(button('保存', dialog()!));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    expect(store.submit).toHaveBeenCalledWith({ name: '分公司一部', parentId: '2' });
    await waitFor(() => expect(firstColumn()).toEqual(['总公司', '分公司', '分公司一部']));
    expect(store.level).toHaveBeenCalledWith('2', {});
  });

  it('searches every level (no parent) and goes back to the top level on 清空', async () => {
    const { store, user } = setup();
    await screen.findByText('总公司');
    await user.click(expandButton('总公司')!);
    await screen.findByText('研发部');

    await user.click(document.getElementById('crud-search_name')!);
    await user.paste('组');
    await user.click(button('搜索'));
    await waitFor(() => expect(firstColumn()).toEqual(['前端组']));
    expect(store.level).toHaveBeenLastCalledWith(undefined, { name: '组' });
    // The rows open before the search are not asked for with the new filters.
    expect(store.level).not.toHaveBeenCalledWith('1', { name: '组' });

    await user.click(button('清空'));
    // The search folded the tree: the top level comes back closed.
    await waitFor(() => expect(firstColumn()).toEqual(['总公司', '分公司']));
    expect(store.level).toHaveBeenLastCalledWith('0', {});
  });
});
