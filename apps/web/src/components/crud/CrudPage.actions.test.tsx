import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePermissionStore } from '../../stores/permission';
import {
  button,
  buttons,
  crudUser,
  type FakeRow,
  fakePagedResource,
  renderWithProviders,
  rowOf,
} from '../../test/crudPage';
import { installDomStubs } from '../../test/domStubs';
import { CrudPage } from './CrudPage';
import type { CrudField, CrudRowAction, CrudToolbarAction } from './types';

installDomStubs();

const USERS: FakeRow[] = [
  { id: '1', name: '张三' },
  { id: '2', name: '李四' },
  { id: '3', name: '王五' },
];

const fields: CrudField[] = [{ name: 'name', label: 'screens.param.paramName', search: true }];

describe('CrudPage with the screen’s own toolbar and row actions', { timeout: 30_000 }, () => {
  beforeEach(() => {
    usePermissionStore.setState({ permission: { user_grant: true }, loaded: true });
  });
  afterEach(() => {
    usePermissionStore.setState({ permission: {}, loaded: false });
  });

  it('shows toolbar buttons by permission and hands them the checked rows', async () => {
    const { api } = fakePagedResource(USERS);
    const grant = vi.fn();
    const hidden = vi.fn();
    const upload = vi.fn(async ({ reload }: { reload: () => Promise<void> }) => reload());
    const toolbarActions: CrudToolbarAction<FakeRow>[] = [
      // Labels are any translated keys: 清除缓存, 语言, 上传服务器.
      {
        key: 'grant',
        label: 'tabs.clearCache',
        permission: 'user_grant',
        selection: 'single',
        onClick: grant,
      },
      { key: 'secret', label: 'language.title', permission: 'user_secret', onClick: hidden },
      { key: 'upload', label: 'errorLog.upload', selection: 'multiple', onClick: upload },
      {
        key: 'count',
        render: ({ selectedIds }) => <span data-testid="picked">{selectedIds.join(',') || 'none'}</span>,
      },
    ];
    const user = crudUser();
    renderWithProviders(
      <CrudPage
        resource="user"
        api={api}
        fields={fields}
        permissions={{ add: 'user_add' }}
        toolbarActions={toolbarActions}
      />,
    );
    await screen.findByText('张三');
    expect(buttons('语言')).toHaveLength(0);
    expect(buttons('新增')).toHaveLength(0);
    expect(screen.getByTestId('picked').textContent).toBe('none');

    await user.click(button('清除缓存'));
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy();
    await user.click(rowOf('张三').querySelector('input[type="checkbox"]')!);
    await user.click(rowOf('李四').querySelector('input[type="checkbox"]')!);
    expect(screen.getByTestId('picked').textContent).toBe('1,2');
    await user.click(button('清除缓存'));
    expect(await screen.findByText('只能选择一条数据')).toBeTruthy();
    expect(grant).not.toHaveBeenCalled();

    await user.click(button('上传服务器'));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(upload.mock.calls[0]?.[0]).toMatchObject({
      selectedIds: ['1', '2'],
      selectedRows: USERS.slice(0, 2),
    });
    // reload() lists again.
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(2));

    await user.click(rowOf('张三').querySelector('input[type="checkbox"]')!);
    await user.click(button('清除缓存'));
    await waitFor(() => expect(grant).toHaveBeenCalledTimes(1));
    expect(grant.mock.calls[0]?.[0]).toMatchObject({ selectedIds: ['2'], selectedRows: [USERS[1]] });
    grant.mock.calls[0]?.[0].clearSelection();
    await waitFor(() => expect(screen.getByTestId('picked').textContent).toBe('none'));
  });

  it('adds row actions beside the built-in ones, by permission and per row', async () => {
    const { api } = fakePagedResource(USERS);
    const copy = vi.fn();
    const rowActions: CrudRowAction<FakeRow>[] = [
      { key: 'copy', label: 'common.copy', onClick: copy },
      { key: 'secret', label: 'language.title', permission: 'user_secret', onClick: vi.fn() },
      {
        key: 'grant',
        label: 'tabs.clearCache',
        permission: 'user_grant',
        hidden: ({ record }) => record.id !== '1',
        onClick: vi.fn(),
      },
      { key: 'badge', render: ({ record }) => <span data-testid={`badge-${record.id}`}>#{record.id}</span> },
    ];
    const user = crudUser();
    // No built-in row permission at all: the action column is there for the screen's own actions.
    renderWithProviders(<CrudPage resource="user" api={api} fields={fields} rowActions={rowActions} />);
    await screen.findByText('张三');
    expect(screen.getAllByText('操作').length).toBeGreaterThan(0);
    expect(buttons('复制')).toHaveLength(3);
    expect(buttons('语言')).toHaveLength(0);
    expect(buttons('清除缓存')).toHaveLength(1);
    expect(buttons('清除缓存', rowOf('张三'))).toHaveLength(1);
    expect(buttons('编辑')).toHaveLength(0);
    expect(screen.getByTestId('badge-3').textContent).toBe('#3');

    await user.click(button('复制', rowOf('李四')));
    expect(copy).toHaveBeenCalledTimes(1);
    expect(copy.mock.calls[0]?.[0].record).toEqual(USERS[1]);
    expect(typeof copy.mock.calls[0]?.[0].reload).toBe('function');
  });

  it('offers 删除 only on the rows `removable` allows', async () => {
    usePermissionStore.setState({ permission: { user_delete: true }, loaded: true });
    const { api } = fakePagedResource(USERS);
    renderWithProviders(
      <CrudPage
        resource="user"
        api={api}
        fields={fields}
        permissions={{ delete: 'user_delete' }}
        removable={(record) => record.id !== '2'}
      />,
    );
    await screen.findByText('张三');
    expect(buttons('删除', rowOf('张三'))).toHaveLength(1);
    expect(buttons('删除', rowOf('李四'))).toHaveLength(0);
    expect(buttons('删除', rowOf('王五'))).toHaveLength(1);
  });

  it('keeps the page without an action column when nothing is allowed', async () => {
    const { api } = fakePagedResource(USERS);
    renderWithProviders(
      <CrudPage
        resource="user"
        api={api}
        fields={fields}
        rowActions={[{ key: 'secret', label: 'language.title', permission: 'user_secret', onClick: vi.fn() }]}
      />,
    );
    await screen.findByText('张三');
    expect(screen.queryAllByText('操作')).toHaveLength(0);
  });
});
