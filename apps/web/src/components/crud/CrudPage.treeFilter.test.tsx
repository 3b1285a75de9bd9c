import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  button,
  crudUser,
  type FakeRow,
  fakePagedResource,
  renderWithProviders,
  wideScreen,
} from '../../test/crudPage';
import { installDomStubs } from '../../test/domStubs';
import type { TreeNodeData } from '../tree/TreePicker';
import { CrudPage } from './CrudPage';
import type { CrudField, CrudTreeFilter } from './types';

installDomStubs();

/** 25 users: the first 12 in 研发部 (11), the rest in 市场部 (12). */
const USERS: FakeRow[] = Array.from({ length: 25 }, (_, i) => ({
  id: String(i + 1),
  name: `用户${i + 1}`,
  deptId: i < 12 ? '11' : '12',
}));

const DEPTS: TreeNodeData[] = [
  {
    id: '1',
    title: '总公司',
    children: [
      { id: '11', title: '研发部' },
      { id: '12', title: '市场部' },
    ],
  },
];

const fields: CrudField[] = [{ name: 'name', label: 'screens.param.paramName', search: true }];

function deptFilter(overrides: Partial<CrudTreeFilter> = {}): CrudTreeFilter {
  return {
    param: 'deptId',
    title: 'screens.home.dept',
    queryKey: ['dept', 'tree'],
    load: async () => DEPTS,
    ...overrides,
  };
}

/** The tree node titled `title` (antd draws the title in its own span). */
function node(title: string): HTMLElement {
  const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-tree-title')).find(
    (element) => element.textContent === title,
  );
  if (!found) throw new Error(`no tree node ${title}`);
  return found;
}

function nodeTitles(): string[] {
  return Array.from(document.querySelectorAll('.ant-tree-treenode:not([aria-hidden]) .ant-tree-title')).map(
    (element) => element.textContent ?? '',
  );
}

describe('CrudPage with a tree beside the list', { timeout: 30_000 }, () => {
  let undoWide: (() => void) | undefined;
  afterEach(() => {
    undoWide?.();
    undoWide = undefined;
  });

  it('on a wide screen: the tree on the left filters the list from page 1; choosing again shows all', async () => {
    undoWide = wideScreen();
    const { api } = fakePagedResource(USERS);
    const user = crudUser();
    renderWithProviders(<CrudPage resource="user" api={api} fields={fields} treeFilter={deptFilter()} />);
    await screen.findByText('用户1');
    const side = screen.getByRole('complementary', { name: '部门' });
    expect(side.textContent).toContain('部门');
    // The top level is open.
    await waitFor(() => expect(nodeTitles()).toEqual(['总公司', '研发部', '市场部']));

    await user.click(screen.getByTitle('3'));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith({ current: 3, size: 10 }));

    await user.click(node('市场部'));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith({ current: 1, size: 10, deptId: '12' }));
    expect(await screen.findByText('用户13')).toBeTruthy();
    expect(screen.queryByText('用户1')).toBeNull();

    // Searching keeps the department.
    await user.click(document.getElementById('crud-search_name')!);
    await user.paste('用户2');
    await user.click(button('搜索'));
    await waitFor(() =>
      expect(api.list).toHaveBeenLastCalledWith({ current: 1, size: 10, name: '用户2', deptId: '12' }),
    );

    await user.click(node('市场部'));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith({ current: 1, size: 10, name: '用户2' }));
  });

  it('filters the tree by a keyword, keeping the way to each match', async () => {
    undoWide = wideScreen();
    const { api } = fakePagedResource(USERS);
    const user = crudUser();
    renderWithProviders(<CrudPage resource="user" api={api} fields={fields} treeFilter={deptFilter()} />);
    await waitFor(() => expect(nodeTitles()).toEqual(['总公司', '研发部', '市场部']));
    await user.click(screen.getByLabelText('输入关键字进行过滤'));
    await user.paste('市场');
    await waitFor(() => expect(nodeTitles()).toEqual(['总公司', '市场部']));
  });

  it('on a phone: folded above the list behind a bar naming the choice; 清空 lets it go', async () => {
    const { api } = fakePagedResource(USERS);
    const user = crudUser();
    renderWithProviders(<CrudPage resource="user" api={api} fields={fields} treeFilter={deptFilter()} />);
    await screen.findByText('用户1');
    expect(screen.queryByRole('complementary')).toBeNull();
    const toggle = button('部门：全部');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // The bar comes before the search form and the list.
    expect(
      toggle.compareDocumentPosition(document.querySelector('form[role="search"]')!) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(await waitFor(() => node('研发部')));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith({ current: 1, size: 10, deptId: '11' }));
    // Choosing folds the tree away and names the choice.
    expect(button('部门：研发部').getAttribute('aria-expanded')).toBe('false');

    await user.click(button('清空'));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith({ current: 1, size: 10 }));
    expect(button('部门：全部')).toBeTruthy();
  });

  it('loads a lazy tree level by level', async () => {
    undoWide = wideScreen();
    const { api } = fakePagedResource(USERS);
    const loadChildren = vi.fn(async (parentId: string) =>
      parentId === '1' ? [{ id: '11', title: '研发部', hasChildren: false }] : [],
    );
    renderWithProviders(
      <CrudPage
        resource="user"
        api={api}
        fields={fields}
        treeFilter={deptFilter({
          load: async () => [{ id: '1', title: '总公司', hasChildren: true }],
          loadChildren,
        })}
      />,
    );
    // The open top level asks for its children.
    await waitFor(() => expect(nodeTitles()).toEqual(['总公司', '研发部']));
    expect(loadChildren).toHaveBeenCalledWith('1');
  });
});
