import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as authApi from '../api/auth';
import { getStore, setSiteKey, setStore } from '../lib/storage';
import { loginResultFixture } from '../test/fixtures';
import { useSessionStore } from './session';

describe('session store', () => {
  beforeEach(() => {
    setSiteKey('site');
    useSessionStore.setState({
      token: undefined,
      refreshToken: undefined,
      tenantId: undefined,
      userInfo: undefined,
      signedOut: false,
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('login stores the tokens, tenant and the whole answer, and clears the lock and tabs', async () => {
    const result = loginResultFixture();
    const login = vi.spyOn(authApi, 'loginByUsername').mockResolvedValue(result);
    setStore('isLock', true, 'session');
    setStore('lockPasswd', '123', 'session');
    setStore('tagList', [{ path: '/system/user' }]);

    await useSessionStore.getState().login({ tenantId: '100000', username: 'admin', password: 'admin' });

    expect(login).toHaveBeenCalledWith({ tenantId: '100000', username: 'admin', password: 'admin' });
    expect(useSessionStore.getState()).toMatchObject({
      token: 'access-1',
      refreshToken: 'refresh-1',
      tenantId: '100000',
      userInfo: result,
      signedOut: false,
    });
    expect(getStore('token')).toBe('access-1');
    expect(getStore('refreshToken')).toBe('refresh-1');
    expect(getStore('tenantId')).toBe('100000');
    expect(getStore('userInfo')).toEqual(result);
    expect(getStore('isLock')).toBeUndefined();
    expect(getStore('lockPasswd')).toBeUndefined();
    expect(getStore('tagList')).toBeUndefined();
  });

  it('a failed login stores nothing', async () => {
    vi.spyOn(authApi, 'loginByUsername').mockRejectedValue(new authApi.LoginError('用户名或密码错误'));
    await expect(
      useSessionStore.getState().login({ tenantId: '100000', username: 'admin', password: 'x' }),
    ).rejects.toThrow('用户名或密码错误');
    expect(useSessionStore.getState().token).toBeUndefined();
    expect(localStorage.length).toBe(0);
  });

  it('hydrates from storage', () => {
    setStore('token', 'stored');
    setStore('tenantId', '200000');
    setStore('userInfo', loginResultFixture({ tenant_id: '200000' }));
    useSessionStore.getState().hydrate();
    expect(useSessionStore.getState()).toMatchObject({ token: 'stored', tenantId: '200000' });
  });

  it('logout calls the server, then clears the local session and remembers the session ended', async () => {
    vi.spyOn(authApi, 'loginByUsername').mockResolvedValue(loginResultFixture());
    const serverLogout = vi.spyOn(authApi, 'logoutSession').mockResolvedValue();
    await useSessionStore.getState().login({ tenantId: '100000', username: 'admin', password: 'admin' });
    setStore('loginResource', [], 'session');
    setStore('menu', [{ id: '1' }]);

    await useSessionStore.getState().logout();

    expect(serverLogout).toHaveBeenCalledTimes(1);
    expect(useSessionStore.getState()).toMatchObject({
      token: undefined,
      userInfo: undefined,
      signedOut: true,
    });
    expect(getStore('token')).toBeUndefined();
    expect(getStore('userInfo')).toBeUndefined();
    expect(getStore('menu')).toBeUndefined();
    expect(getStore('loginResource')).toEqual([]);
  });

  it('logout clears locally even when the server call fails', async () => {
    vi.spyOn(authApi, 'logoutSession').mockRejectedValue(new Error('offline'));
    setStore('token', 'stored');
    useSessionStore.getState().hydrate();
    await useSessionStore.getState().logout();
    expect(useSessionStore.getState().token).toBeUndefined();
    expect(getStore('token')).toBeUndefined();
  });

  it('forced logout makes no server call', () => {
    const serverLogout = vi.spyOn(authApi, 'logoutSession');
    setStore('token', 'stored');
    useSessionStore.getState().hydrate();
    useSessionStore.getState().logoutLocally();
    expect(serverLogout).not.toHaveBeenCalled();
    expect(useSessionStore.getState()).toMatchObject({ token: undefined, signedOut: true });
    expect(getStore('token')).toBeUndefined();
  });

  it('refresh uses the stored refresh token, tenant and current dept and role, and replaces the tokens', async () => {
    vi.spyOn(authApi, 'loginByUsername').mockResolvedValue(loginResultFixture());
    await useSessionStore.getState().login({ tenantId: '100000', username: 'admin', password: 'admin' });
    const refreshed = loginResultFixture({ access_token: 'access-2', refresh_token: 'refresh-2' });
    const refresh = vi.spyOn(authApi, 'refreshToken').mockResolvedValue(refreshed);

    await useSessionStore.getState().refresh({ roleId: 'role-9' });

    expect(refresh).toHaveBeenCalledWith({
      tenantId: '100000',
      refreshToken: 'refresh-1',
      deptId: '1123598813738675201',
      roleId: 'role-9',
    });
    expect(useSessionStore.getState().token).toBe('access-2');
    expect(getStore('refreshToken')).toBe('refresh-2');
  });
});
