import { HOME_PATH, LOCK_PATH, LOGIN_PATH } from '@cube/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as authApi from '../api/auth';
import { request } from '../api/request';
import { setStore } from '../lib/storage';
import { useLockStore } from '../stores/lock';
import { useMenuStore } from '../stores/menu';
import { can } from '../stores/permission';
import { useSessionStore } from '../stores/session';
import { useTabsStore } from '../stores/tabs';
import { installConsoleApi } from '../test/consoleApi';
import { installDomStubs } from '../test/domStubs';
import { loginResultFixture } from '../test/fixtures';
import { renderApp } from '../test/renderApp';

const originalAdapter = request.defaults.adapter;
/** The console chunks load lazily; the first render in a worker takes a while. */
const SLOW = { timeout: 10_000 };

function findSidebar() {
  return screen.findByRole('complementary', { name: '侧边栏' }, SLOW);
}

function signIn() {
  const user = loginResultFixture();
  setStore('token', user.access_token);
  useSessionStore.setState({ token: user.access_token, tenantId: user.tenant_id, userInfo: user });
  return user;
}

describe('routes', () => {
  beforeEach(() => {
    installDomStubs();
    installConsoleApi();
    useSessionStore.setState({ token: undefined, userInfo: undefined, signedOut: false });
    useMenuStore.getState().reset();
    useTabsStore.getState().reset();
    useLockStore.getState().clear();
    vi.spyOn(authApi, 'fetchUserInfo').mockResolvedValue({ roles: ['administrator'] });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    request.defaults.adapter = originalAdapter;
  });

  it('leaves the public home page to the server, pointing the way to the login when the SPA was served for it', async () => {
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: '一站式企业数字化门户' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '登录管理平台' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(document.title).toBe('首页 - 测试门户'));
  });

  it('sends a visitor without a token from a guarded route to /', async () => {
    const { router } = renderApp(HOME_PATH);
    // The guarded route's lazy chunks load before the guard can answer.
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), SLOW);
  });

  it('redirects unknown paths to /404', async () => {
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(await screen.findByText('抱歉，您访问的页面不存在。')).toBeTruthy();
    expect(document.title).toBe('页面不存在 - 测试门户');
  });

  it('shows the 403 and 500 pages without a session', async () => {
    renderApp('/403');
    expect(await screen.findByText('抱歉，您无权访问该页面。')).toBeTruthy();
  });

  it('titles the login page with the login title', async () => {
    renderApp(LOGIN_PATH);
    expect(await screen.findByRole('button', { name: /登\s*录/ })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('测试门户登录'));
  });

  it('with a token sends /login to the console home inside the shell, then loads menu and buttons', async () => {
    signIn();
    const { router } = renderApp(LOGIN_PATH);
    await waitFor(() => expect(router.state.location.pathname).toBe(HOME_PATH));
    const sidebar = await findSidebar();
    expect(await within(sidebar).findByText('系统管理')).toBeTruthy();
    await waitFor(() => expect(can('param_add')).toBe(true));
    expect(can('param_delete')).toBe(false);
    await waitFor(() => expect(document.title).toBe('首页 - 测试门户'));
  });

  it('opens a menu page at path + /index, as a tab titled by the menu', async () => {
    signIn();
    const { router } = renderApp(HOME_PATH);
    await within(await findSidebar()).findByText('系统管理');
    await act(() => router.navigate('/monitor/job/index'));
    // A menu without a registered page: a clear result inside the shell, never a blank screen.
    expect(await screen.findByText('页面暂未开放', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('complementary', { name: '侧边栏' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('任务调度 - 测试门户'));
    expect(useTabsStore.getState().tabs.map((tab) => tab.value)).toEqual([HOME_PATH, '/monitor/job/index']);
  });

  it('sends a menu path without /index to its page, and an address outside the menu to /404', async () => {
    signIn();
    const { router } = renderApp('/monitor/job');
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitor/job/index'), SLOW);
    await act(() => router.navigate('/nothing/here/index'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });

  it('locked: every route but the lock page goes to the lock page', async () => {
    signIn();
    useLockStore.getState().setLockPasswd('secret');
    useLockStore.getState().lock();
    const { router } = renderApp('/system/param/index');
    await waitFor(() => expect(router.state.location.pathname).toBe(LOCK_PATH));
    expect(await screen.findByText('管理员', {}, SLOW)).toBeTruthy();

    await userEvent.type(screen.getByLabelText('锁屏密码'), 'wrong{Enter}');
    expect(await screen.findByText('锁屏密码错误，请重新输入')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('锁屏密码'));
    await userEvent.type(screen.getByLabelText('锁屏密码'), 'secret{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(HOME_PATH));
    expect(useLockStore.getState().isLock).toBe(false);
  });

  it('logs out after the confirmation and opens the login page', async () => {
    const serverLogout = vi.spyOn(authApi, 'logoutSession').mockResolvedValue();
    signIn();
    const { router } = renderApp(HOME_PATH);

    await findSidebar();
    fireEvent.click(await screen.findByLabelText('账号菜单'));
    fireEvent.click(await screen.findByText('退出系统'));
    expect(await screen.findByText('退出系统, 是否继续?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe(LOGIN_PATH));
    expect(serverLogout).toHaveBeenCalledTimes(1);
    expect(useSessionStore.getState().token).toBeUndefined();
    expect(useMenuStore.getState().menuAll).toEqual([]);
    expect(can('param_add')).toBe(false);
  });

  it('after the session ends on a guarded page, goes to the login page', async () => {
    signIn();
    const { router } = renderApp(HOME_PATH);
    await findSidebar();

    act(() => useSessionStore.getState().logoutLocally());
    await waitFor(() => expect(router.state.location.pathname).toBe(LOGIN_PATH));
  });
});
