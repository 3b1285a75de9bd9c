import { CONSOLE_ROUTE_ROOTS, HOME_PATH, LOCK_PATH, LOGIN_PATH, PUBLIC_ROUTES } from '@cube/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as authApi from '../api/auth';
import { bindRequestClient, request } from '../api/request';
import { clearAll, setStore } from '../lib/storage';
import { useLockStore } from '../stores/lock';
import { useMenuStore } from '../stores/menu';
import { can } from '../stores/permission';
import { useSessionStore } from '../stores/session';
import { useTabsStore } from '../stores/tabs';
import { installConsoleApi, MENU_FIXTURE } from '../test/consoleApi';
import { installDomStubs } from '../test/domStubs';
import { loginResultFixture } from '../test/fixtures';
import { renderApp } from '../test/renderApp';
import { endSessionToLogin } from './boot';
import { routes } from './router';

const originalAdapter = request.defaults.adapter;
/** The console chunks load lazily; the first render in a worker takes a while. */
const SLOW = { timeout: 10_000 };

function findSidebar() {
  return screen.findByRole('complementary', { name: '侧边栏' }, SLOW);
}

/** Every address the router shows or moves to, from now on (a flicker through /404 shows up here). */
function addressesOf(router: ReturnType<typeof renderApp>['router']): string[] {
  const seen: string[] = [];
  router.subscribe((state) => {
    for (const location of [state.navigation.location, state.location])
      if (location) seen.push(`${location.pathname}${location.search}`);
  });
  return seen;
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

  it('sends a visitor without a token from the console home to the login page keeping it', async () => {
    const { router } = renderApp(HOME_PATH);
    // The guarded route's lazy chunks load before the guard can answer.
    await waitFor(() => expect(router.state.location.pathname).toBe(LOGIN_PATH), SLOW);
    expect(router.state.location.search).toBe('?redirect=%2Fwel%2Findex');
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

  it('sends a signed-out deep link to the login page and, after signing in, back to the page', async () => {
    vi.spyOn(authApi, 'loginByUsername').mockResolvedValue(loginResultFixture());
    const { router } = renderApp('/system/param/index?from=bookmark');
    await waitFor(() => expect(router.state.location.pathname).toBe(LOGIN_PATH), SLOW);
    expect(router.state.location.search).toBe('?redirect=%2Fsystem%2Fparam%2Findex%3Ffrom%3Dbookmark');
    const seen = addressesOf(router);

    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByLabelText('用户名', {}, SLOW));
    await user.paste('admin');
    await user.click(screen.getByLabelText('密码'));
    await user.paste('admin');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/system/param/index'), SLOW);
    expect(router.state.location.search).toBe('?from=bookmark');
    await within(await findSidebar()).findByText('系统管理');
    expect(seen.filter((address) => !address.startsWith('/system/param/index'))).toEqual([]);
  });

  it('after a 401 answer on a console page goes straight to the login page keeping the page, never by /404', async () => {
    signIn();
    let expired = false;
    installConsoleApi(() =>
      expired ? { status: 401, data: { code: 401, success: false, msg: '请求未授权' } } : undefined,
    );
    const { router } = renderApp('/system/param/index');
    bindRequestClient({ onUnauthorized: () => endSessionToLogin(router) });
    try {
      await within(await findSidebar()).findByText('系统管理');
      await waitFor(() =>
        expect(useTabsStore.getState().tabs.map((tab) => tab.value)).toContain('/system/param/index'),
      );
      const seen = addressesOf(router);

      expired = true;
      await act(() => request.get('/api/cube-system/param/list').catch(() => undefined));

      await waitFor(() => expect(router.state.location.pathname).toBe(LOGIN_PATH), SLOW);
      expect(router.state.location.search).toBe('?redirect=%2Fsystem%2Fparam%2Findex');
      expect(useSessionStore.getState().token).toBeUndefined();
      // The page itself while the login page loads, then the login page: nothing in between.
      expect(new Set(seen.filter((address) => address !== '/system/param/index'))).toEqual(
        new Set(['/login?redirect=%2Fsystem%2Fparam%2Findex']),
      );
    } finally {
      bindRequestClient({ onUnauthorized: clearAll });
    }
  });

  it('signed in, waits for the server menu before calling an address unknown to the stored menu a 404', async () => {
    signIn();
    // The menu kept from an earlier visit predates the page granted since (任务调度).
    setStore('menuAll', [{ ...MENU_FIXTURE[0], children: [MENU_FIXTURE[0]!.children![0]] }]);
    useMenuStore.getState().hydrate();
    expect(useMenuStore.getState().status).toBe('ready');
    const { router } = renderApp('/monitor/job/index');
    const seen = addressesOf(router);
    expect(await screen.findByText('页面暂未开放', {}, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/monitor/job/index');
    expect(seen).not.toContain('/404');
  });

  it('after the session ends on a guarded page, goes to the login page', async () => {
    signIn();
    const { router } = renderApp(HOME_PATH);
    await findSidebar();

    act(() => useSessionStore.getState().logoutLocally());
    await waitFor(() => expect(router.state.location.pathname).toBe(LOGIN_PATH));
  });

  it('names every console route under a root the server sends the single-page app for', () => {
    // The server answers any other address that is not a public page nor under a menu's path with a hard 404
    // (portal/site/ssr.ts): a route added here outside CONSOLE_ROUTE_ROOTS would be unreachable by deep link.
    const paths: string[] = [];
    const walk = (list: RouteObject[]) => {
      for (const route of list) {
        if (route.path) paths.push(route.path);
        if (route.children) walk(route.children);
      }
    };
    walk(routes);
    const own = paths.filter((p) => p !== '*' && !(PUBLIC_ROUTES as readonly string[]).includes(p));
    expect(own.length).toBeGreaterThan(5);
    for (const path of own) expect(CONSOLE_ROUTE_ROOTS, path).toContain(path.split('/')[1]);
  });
});
