import {
  CAPTCHA_CODE_HEADER,
  CAPTCHA_KEY_HEADER,
  DEPT_HEADER,
  ROLE_HEADER,
  TENANT_HEADER,
} from '@cube/contract';
import { md5 } from 'js-md5';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginResultFixture } from '../test/fixtures';
import { type MockAnswer, mockAdapter, ok } from '../test/mockAdapter';
import {
  CAPTCHA_URL,
  fetchCaptcha,
  fetchUserInfo,
  LOGOUT_URL,
  LoginError,
  loginByUsername,
  logoutSession,
  refreshToken,
  TOKEN_URL,
  USER_INFO_URL,
} from './auth';
import { bindRequestClient, request } from './request';

const showError = vi.fn();
const originalAdapter = request.defaults.adapter;

function answer(respond: () => MockAnswer | Error) {
  const adapter = mockAdapter(respond);
  request.defaults.adapter = adapter;
  const lastCall = () => {
    const config = adapter.mock.calls.at(-1)?.[0];
    if (!config) throw new Error('no request was sent');
    return config;
  };
  return { adapter, lastCall };
}

describe('auth api', () => {
  beforeEach(() => {
    showError.mockReset();
    bindRequestClient({
      showError,
      getToken: () => 'stale-token',
      getRuntimeConfig: () => ({ clientId: 'cube', clientSecret: 'cube_secret', switchMode: false }),
    });
  });
  afterEach(() => {
    request.defaults.adapter = originalAdapter;
  });

  it('logs in with the md5 password in the query and the tenant header', async () => {
    const { lastCall } = answer(() => ({ status: 200, data: loginResultFixture() }));
    const result = await loginByUsername({ tenantId: '100000', username: 'admin', password: 'admin' });

    expect(result.access_token).toBe('access-1');
    const config = lastCall();
    expect(config.method).toBe('post');
    expect(config.url).toBe(TOKEN_URL);
    expect(config.params).toEqual({
      tenantId: '100000',
      username: 'admin',
      password: md5('admin'),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    });
    expect(config.params.password).toBe('21232f297a57a5a743894a0e4a801fc3');
    expect(config.headers.get(TENANT_HEADER)).toBe('100000');
    expect(config.headers.has(CAPTCHA_KEY_HEADER)).toBe(false);
    expect(config.headers.has('Cube-Auth')).toBe(false);
    expect(config.headers.get('Authorization')).toBe(`Basic ${btoa('cube:cube_secret')}`);
  });

  it('uses the captcha grant and headers, and optional dept and role headers', async () => {
    const { lastCall } = answer(() => ({ status: 200, data: loginResultFixture() }));
    await loginByUsername({
      tenantId: '100000',
      username: 'admin',
      password: 'admin',
      captcha: { key: 'k-1', code: 'ab12c' },
      deptId: 'd-1',
      roleId: 'r-1',
    });
    const config = lastCall();
    expect(config.params.grant_type).toBe('captcha');
    expect(config.headers.get(CAPTCHA_KEY_HEADER)).toBe('k-1');
    expect(config.headers.get(CAPTCHA_CODE_HEADER)).toBe('ab12c');
    expect(config.headers.get(DEPT_HEADER)).toBe('d-1');
    expect(config.headers.get(ROLE_HEADER)).toBe('r-1');
  });

  it('rejects a failed login with error_description and shows nothing itself', async () => {
    answer(() => ({
      status: 400,
      data: {
        code: 400,
        success: false,
        msg: '用户名或密码错误',
        error: 'invalid_grant',
        error_code: 400,
        error_description: '用户名或密码错误',
      },
    }));
    const login = loginByUsername({ tenantId: '100000', username: 'admin', password: 'wrong' });
    await expect(login).rejects.toBeInstanceOf(LoginError);
    await expect(login).rejects.toThrow('用户名或密码错误');
    expect(showError).not.toHaveBeenCalled();
  });

  it('treats a 200 answer carrying error_description as a failure', async () => {
    answer(() => ({ status: 200, data: { error_description: '租户已被禁用,请联系管理员' } }));
    await expect(loginByUsername({ tenantId: '1', username: 'a', password: 'b' })).rejects.toThrow(
      '租户已被禁用,请联系管理员',
    );
  });

  it('rejects a token answer without tokens', async () => {
    answer(() => ({ status: 200, data: { code: 200 } }));
    await expect(loginByUsername({ tenantId: '1', username: 'a', password: 'b' })).rejects.toThrow(
      '服务器返回的数据格式不正确',
    );
  });

  it('refreshes with a form-encoded body', async () => {
    const { lastCall } = answer(() => ({
      status: 200,
      data: loginResultFixture({ access_token: 'access-2' }),
    }));
    const result = await refreshToken({ tenantId: '100000', refreshToken: 'refresh-1', deptId: 'd-2' });
    expect(result.access_token).toBe('access-2');
    const config = lastCall();
    expect(config.url).toBe(TOKEN_URL);
    expect(config.params).toBeUndefined();
    expect(new URLSearchParams(config.data as string)).toEqual(
      new URLSearchParams({
        tenantId: '100000',
        refresh_token: 'refresh-1',
        grant_type: 'refresh_token',
        scope: 'all',
      }),
    );
    expect(String(config.headers.get('Content-Type'))).toContain('application/x-www-form-urlencoded');
    expect(config.headers.get(DEPT_HEADER)).toBe('d-2');
    expect(config.headers.has(ROLE_HEADER)).toBe(false);
  });

  it('reads the captcha from the top level or from data', async () => {
    const image = 'data:image/png;base64,AAAA';
    const { lastCall } = answer(() => ({
      status: 200,
      data: { code: 200, success: true, msg: '操作成功', data: { key: 'k', image }, key: 'k', image },
    }));
    await expect(fetchCaptcha()).resolves.toEqual({ key: 'k', image });
    expect(lastCall().url).toBe(CAPTCHA_URL);

    answer(() => ok({ key: 'k2', image }));
    await expect(fetchCaptcha()).resolves.toEqual({ key: 'k2', image });
  });

  it('calls logout and user-info with the token', async () => {
    const { lastCall } = answer(() => ok({ roles: ['administrator'], account: 'admin' }));
    await expect(fetchUserInfo()).resolves.toEqual({ roles: ['administrator'], account: 'admin' });
    expect(lastCall().url).toBe(USER_INFO_URL);
    expect(lastCall().headers.get('Cube-Auth')).toBe('bearer stale-token');

    await logoutSession();
    expect(lastCall().url).toBe(LOGOUT_URL);
    expect(lastCall().method).toBe('get');
  });
});
