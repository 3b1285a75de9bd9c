import { HOME_PATH, LOCK_PATH } from '@cube/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as authApi from '../../api/auth';
import { request } from '../../api/request';
import { bindRequestClientToApp } from '../../app/boot';
import { setStore, storageKeyOf } from '../../lib/storage';
import { errorLogEntry, useErrorLogStore } from '../../stores/errorLog';
import { useLockStore } from '../../stores/lock';
import { useMenuStore } from '../../stores/menu';
import { useSessionStore } from '../../stores/session';
import { useSettingsStore } from '../../stores/settings';
import { useTabsStore } from '../../stores/tabs';
import { installConsoleApi, type Responder } from '../../test/consoleApi';
import { installDomStubs } from '../../test/domStubs';
import { loginResultFixture, siteInfoFixture } from '../../test/fixtures';
import { ok } from '../../test/mockAdapter';
import { renderApp } from '../../test/renderApp';

const SLOW = { timeout: 10_000 };
const originalAdapter = request.defaults.adapter;

function signIn() {
  const user = loginResultFixture();
  setStore('token', user.access_token);
  useSessionStore.setState({
    token: user.access_token,
    refreshToken: user.refresh_token,
    tenantId: user.tenant_id,
    userInfo: user,
  });
}

async function openShell(path: string = HOME_PATH, respond?: Responder, info = siteInfoFixture()) {
  const adapter = installConsoleApi(respond);
  signIn();
  const view = renderApp(path, info);
  const sidebar = await screen.findByRole('complementary', { name: '侧边栏' }, SLOW);
  await within(sidebar).findByText('系统管理', {}, SLOW);
  return { ...view, adapter, sidebar };
}

function calls(adapter: ReturnType<typeof installConsoleApi>, suffix: string): InternalAxiosRequestConfig[] {
  return adapter.mock.calls.map(([config]) => config).filter((config) => config.url?.endsWith(suffix));
}

/** The OK button of the confirmation dialog showing `text`. */
async function confirm(text: string) {
  const content = await screen.findByText(text);
  const dialog = content.closest('.ant-modal') as HTMLElement;
  fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
}

// Each case renders the whole console in jsdom: slow on a busy machine.
describe('console shell', { timeout: 45_000 }, () => {
  beforeEach(() => {
    installDomStubs();
    useMenuStore.getState().reset();
    useTabsStore.getState().reset();
    useLockStore.getState().clear();
    useErrorLogStore.getState().clear();
    useSettingsStore.setState({ isSearch: false, isCollapse: false });
    vi.spyOn(authApi, 'fetchUserInfo').mockResolvedValue({ roles: ['administrator'] });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    request.defaults.adapter = originalAdapter;
  });

  it('opens menu pages as tabs; closing the active one moves to the previous; close all goes home', async () => {
    const { router, sidebar } = await openShell();
    fireEvent.click(within(sidebar).getByText('系统管理'));
    fireEvent.click(await within(sidebar).findByText('任务调度'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitor/job/index'));
    await act(() => router.navigate('/wel/dashboard'));
    await waitFor(() => expect(useTabsStore.getState().tabs).toHaveLength(3));

    // The home tab has no close button; the others do.
    const tabList = document.querySelector('.ant-tabs-nav-list') as HTMLElement;
    expect(within(tabList).getAllByLabelText('关闭')).toHaveLength(2);

    fireEvent.click(within(tabList).getAllByLabelText('关闭')[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitor/job/index'));
    expect(useTabsStore.getState().tabs.map((tab) => tab.value)).toEqual([HOME_PATH, '/monitor/job/index']);

    fireEvent.mouseEnter(screen.getByRole('button', { name: /更多/ }));
    fireEvent.click(await screen.findByText('关闭全部'));
    await waitFor(() => expect(router.state.location.pathname).toBe(HOME_PATH));
    expect(useTabsStore.getState().tabs.map((tab) => tab.value)).toEqual([HOME_PATH]);
  });

  it('on a small screen the sidebar starts folded and a menu click folds it again', async () => {
    const width = window.innerWidth;
    window.innerWidth = 700;
    try {
      const { router, sidebar } = await openShell();
      expect(useSettingsStore.getState().isCollapse).toBe(true);
      expect(document.documentElement.style.fontSize).toBe('9.33px');
      fireEvent.click(screen.getByLabelText('展开菜单'));
      expect(useSettingsStore.getState().isCollapse).toBe(false);
      fireEvent.click(within(sidebar).getByText('系统管理'));
      fireEvent.click(await within(sidebar).findByText('参数管理'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/system/param/index'));
      expect(useSettingsStore.getState().isCollapse).toBe(true);
    } finally {
      window.innerWidth = width;
    }
  });

  it('external menus: embedded in /myiframe, or a new window for isOpen 2', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { router, sidebar } = await openShell();
    fireEvent.click(within(sidebar).getByText('外部文档'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/myiframe/docs'));
    expect(new URLSearchParams(router.state.location.search).get('src')).toBe(
      'https://docs.example.com/guide',
    );
    expect(await screen.findByTitle('docs', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('外部文档 - 测试门户'));
    expect(useTabsStore.getState().tabs.map((tab) => tab.value)).toContain('/myiframe/docs');

    fireEvent.click(within(sidebar).getByText('企业官网'));
    // An outside link in a new window opens only after the user confirms.
    expect(open).not.toHaveBeenCalled();
    await confirm('即将在新标签页中打开外部链接 https://www.example.com/，是否继续?');
    expect(open).toHaveBeenCalledWith('https://www.example.com/', '_blank', 'noopener');
    expect(router.state.location.pathname).toBe('/myiframe/docs');
  });

  it('account menu: the patent-flow entries only when the flow dictionary has routes', async () => {
    const { router } = await openShell(HOME_PATH, (config) =>
      config.url?.endsWith('/dict-biz/dictionary')
        ? ok([
            {
              id: 'f1',
              code: 'flow',
              dictKey: '1',
              dictValue: '发明专利全流程',
              remark: '/monitor/job',
            },
            {
              id: 'f2',
              code: 'flow',
              dictKey: '2',
              dictValue: '实用新型和外观设计专利全流程',
              remark: '/a/b',
            },
            { id: 'f3', code: 'flow', dictKey: '3', dictValue: '专利申请审批流程', remark: '/a/c' },
          ])
        : undefined,
    );
    await waitFor(() => expect(useMenuStore.getState().flowRoutes).toHaveLength(3));
    fireEvent.click(screen.getByLabelText('账号菜单'));
    expect(await screen.findByText('实用新型和外观设计专利全流程')).toBeTruthy();
    expect(screen.getByText('专利申请审批流程')).toBeTruthy();
    expect(screen.queryByText('切换部门')).toBeNull();
    fireEvent.click(screen.getByText('发明专利全流程'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitor/job/index'));
  });

  it('clears the server cache after the confirmation', async () => {
    const { adapter } = await openShell();
    fireEvent.mouseEnter(screen.getByRole('button', { name: /更多/ }));
    fireEvent.click(await screen.findByText('清除缓存'));
    await confirm('是否需要清除缓存?');
    expect(await screen.findByText('清除完毕')).toBeTruthy();
    expect(calls(adapter, '/oauth/clear-cache')).toHaveLength(1);
  });

  it('menu search overlay: prefix search, opens the menu, Esc closes', async () => {
    const { router } = await openShell();
    fireEvent.mouseEnter(screen.getByRole('button', { name: /更多/ }));
    fireEvent.click(await screen.findByText('搜索'));
    const dialog = await screen.findByRole('dialog', { name: '菜单搜索' });
    const input = within(dialog).getByPlaceholderText('搜索菜单');
    fireEvent.change(input, { target: { value: '管理' } });
    expect(within(dialog).getByText('没有找到匹配的菜单')).toBeTruthy();
    fireEvent.change(input, { target: { value: '参' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/param/index'));
    expect(screen.queryByRole('dialog', { name: '菜单搜索' })).toBeNull();

    act(() => useSettingsStore.getState().setSearch(true));
    await screen.findByRole('dialog', { name: '菜单搜索' });
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '菜单搜索' })).toBeNull());
  });

  it('the lock asks for a password first, then opens the lock page after 100 ms', async () => {
    const { router } = await openShell();
    fireEvent.click(screen.getByLabelText('锁屏'));
    const dialog = (await screen.findByText('设置锁屏密码')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('锁屏密码不能为空')).toBeTruthy();
    expect(useLockStore.getState().isLock).toBe(false);

    fireEvent.change(within(dialog).getByPlaceholderText('请输入锁屏密码'), { target: { value: 'p@ss' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(useLockStore.getState().isLock).toBe(true));
    expect(useLockStore.getState().lockPasswd).toBe('p@ss');
    expect(window.sessionStorage.getItem(storageKeyOf('isLock'))).not.toBeNull();
    expect(window.localStorage.getItem(storageKeyOf('isLock'))).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe(LOCK_PATH));
  });

  it('error log: badge, upload with confirmation, then cleared', async () => {
    const uploaded: unknown[] = [];
    const { adapter } = await openShell(HOME_PATH, (config) => {
      if (config.url?.endsWith('/error/upload')) {
        uploaded.push(JSON.parse(String(config.data)));
        return ok({});
      }
      return undefined;
    });
    act(() => {
      useErrorLogStore.getState().add(errorLogEntry(new Error('first'), 'a', 'http://x/1'));
      useErrorLogStore.getState().add(errorLogEntry(new Error('second'), 'b', 'http://x/2'));
    });
    fireEvent.click(await screen.findByLabelText('错误日志'));
    expect(await screen.findByText('first')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /上传服务器/ }));
    await confirm('确定上传本地日志到服务器?');
    expect(await screen.findByText('发送成功!')).toBeTruthy();
    expect(calls(adapter, '/error/upload')).toHaveLength(1);
    expect((uploaded[0] as Array<{ message: string }>).map((entry) => entry.message)).toEqual([
      'second',
      'first',
    ]);
    expect(useErrorLogStore.getState().logs).toEqual([]);
  });

  it('error log: clear with confirmation', async () => {
    await openShell();
    act(() => useErrorLogStore.getState().add(errorLogEntry(new Error('oops'), 'a', 'http://x/1')));
    fireEvent.click(await screen.findByLabelText('错误日志'));
    fireEvent.click(await screen.findByRole('button', { name: /清空本地日志/ }));
    await confirm('确定清空本地日志记录?');
    expect(await screen.findByText('清空成功!')).toBeTruthy();
    expect(useErrorLogStore.getState().logs).toEqual([]);
  });

  it('notice bell: tabs with counts, more pages appended on scroll', async () => {
    const notice = (id: number) => ({
      id: String(id),
      title: `通知 ${id}`,
      category: 6,
      releaseTime: '2026-01-01 09:00:00',
    });
    const { adapter } = await openShell(HOME_PATH, (config) => {
      if (!config.url?.endsWith('/notice/my')) return undefined;
      const { current, category } = config.params as { current: number; category?: string };
      if (category === '3') return ok({ records: [], total: 0, size: 10, current, pages: 0 });
      const total = category === '6' ? 12 : 15;
      const records = Array.from({ length: Math.min(10, total - (current - 1) * 10) }, (_, i) =>
        notice((current - 1) * 10 + i + 1),
      );
      return ok({ records, total, size: 10, current, pages: Math.ceil(total / 10) });
    });
    fireEvent.click(screen.getByLabelText('消息通知'));
    expect(await screen.findByText('通知 (15)')).toBeTruthy();
    expect(screen.getByText('邮件 (0)')).toBeTruthy();
    expect(screen.getByText('消息 (12)')).toBeTruthy();
    expect(await screen.findByText('通知 10')).toBeTruthy();
    expect(screen.queryByText('通知 11')).toBeNull();

    const list = screen.getByText('通知 10').closest('[style*="height"]') as HTMLElement;
    Object.defineProperties(list, {
      scrollHeight: { configurable: true, value: 600 },
      clientHeight: { configurable: true, value: 300 },
      scrollTop: { configurable: true, value: 300 },
    });
    fireEvent.scroll(list);
    expect(await screen.findByText('通知 15')).toBeTruthy();
    expect(screen.getByText('通知 1')).toBeTruthy();
    const allPages = calls(adapter, '/notice/my').filter(
      (config) => !(config.params as { category?: string }).category,
    );
    expect(allPages.some((config) => (config.params as { current: number }).current === 2)).toBe(true);
  });

  it('language dropdown only with the language switch; the current language is disabled', async () => {
    const info = siteInfoFixture();
    await openShell(HOME_PATH, undefined, { ...info, config: { ...info.config, languageMode: true } });
    fireEvent.mouseEnter(screen.getByLabelText('语言'));
    const zh = await screen.findByText('中文');
    expect(zh.closest('li')?.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByText('English'));
    await waitFor(() => expect(document.title).toBe('Home - 测试门户'));
    act(() => useSettingsStore.getState().setLanguage('zh'));
    await waitFor(() => expect(document.title).toBe('首页 - 测试门户'));
  });

  it('department switch: refreshes under the chosen dept and role, then the console home', async () => {
    const info = siteInfoFixture();
    const refreshed = loginResultFixture({ access_token: 'access-2', dept_id: 'd2', role_id: 'r2' });
    const { adapter, router } = await openShell(
      '/monitor/job/index',
      (config) => {
        if (config.url?.endsWith('/dept/select')) return ok([{ id: 'd2', deptName: '研发部' }]);
        if (config.url?.endsWith('/role/select')) return ok([{ id: 'r2', roleName: '审核员' }]);
        if (config.url?.endsWith('/oauth/token')) return { status: 200, data: refreshed };
        return undefined;
      },
      { ...info, config: { ...info.config, switchMode: true } },
    );
    fireEvent.click(screen.getByLabelText('账号菜单'));
    fireEvent.click(await screen.findByText('切换部门'));
    const dialog = (await screen.findByText('部门', { selector: 'label' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    act(() => useSessionStore.setState({ userInfo: loginResultFixture({ dept_id: '', role_id: '' }) }));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(
      await within(dialog).findByText('请选择部门', { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy();
    expect(within(dialog).getByText('请选择角色', { selector: '.ant-form-item-explain-error' })).toBeTruthy();

    fireEvent.mouseDown(within(dialog).getAllByRole('combobox')[0]!);
    fireEvent.click(await screen.findByTitle('研发部'));
    fireEvent.mouseDown(within(dialog).getAllByRole('combobox')[1]!);
    fireEvent.click(await screen.findByTitle('审核员'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));

    await waitFor(() => expect(useSessionStore.getState().token).toBe('access-2'));
    const [token] = calls(adapter, '/oauth/token');
    expect(token?.headers.get('Dept-Id')).toBe('d2');
    expect(token?.headers.get('Role-Id')).toBe('r2');
    await waitFor(() => expect(router.state.location.pathname).toBe(HOME_PATH));
    // Switch mode: later calls carry the chosen department and role (the app's request bindings).
    bindRequestClientToApp();
    await act(() => useMenuStore.getState().loadMenu(''));
    const later = calls(adapter, '/menu/routes').at(-1);
    expect(later?.headers.get('Dept-Id')).toBe('d2');
    expect(later?.headers.get('Role-Id')).toBe('r2');
  });

  it('shows only the first-password form while the password must change, then loads the menus', async () => {
    const adapter = installConsoleApi();
    const user = { ...loginResultFixture(), password_must_change: true };
    setStore('token', user.access_token);
    useSessionStore.setState({
      token: user.access_token,
      refreshToken: user.refresh_token,
      tenantId: user.tenant_id,
      userInfo: user,
    });
    renderApp(HOME_PATH, siteInfoFixture());
    await screen.findByText('请先修改初始密码', {}, { timeout: 30_000 });
    // Nothing of the shell asked the server (each would answer 请先修改初始密码 in red).
    expect(calls(adapter, '/menu/routes')).toHaveLength(0);
    expect(calls(adapter, '/notice/my')).toHaveLength(0);
    expect(screen.queryByRole('complementary', { name: '侧边栏' })).toBeNull();

    fireEvent.change(screen.getByLabelText('原密码'), { target: { value: 'First@2026' } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'Changed@2026' } });
    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: 'Changed@2026' } });
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    const sidebar = await screen.findByRole('complementary', { name: '侧边栏' }, SLOW);
    await within(sidebar).findByText('系统管理', {}, SLOW);
    expect(calls(adapter, '/update-password')).toHaveLength(1);
    expect(calls(adapter, '/menu/routes').length).toBeGreaterThan(0);
  });
});
