import { AUTH_HEADER, DEPT_HEADER, REQUEST_TIMEOUT_MS, ROLE_HEADER } from '@cube/contract';
import type { AxiosInstance } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type MockAnswer, mockAdapter, ok } from '../test/mockAdapter';
import {
  answerCode,
  answerMessage,
  basicCredentials,
  createRequestClient,
  type RequestBindings,
  RequestError,
} from './request';

function setup(
  overrides: Partial<RequestBindings> = {},
  respond: () => MockAnswer | Error = () => ok({ id: '1' }),
) {
  const bindings: RequestBindings = {
    getRuntimeConfig: () => ({ clientId: 'cube', clientSecret: 'cube_secret', switchMode: false }),
    getToken: () => 'token-1',
    getIdentity: () => ({ deptId: 'dept-1', roleId: 'role-1' }),
    onUnauthorized: vi.fn(),
    showError: vi.fn(),
    silentCodes: [],
    ...overrides,
  };
  const client: AxiosInstance = createRequestClient(bindings);
  const adapter = mockAdapter(respond);
  client.defaults.adapter = adapter;
  const sentHeaders = () => adapter.mock.calls.at(-1)?.[0].headers;
  return { client, bindings, adapter, sentHeaders };
}

async function rejection(promise: Promise<unknown>): Promise<RequestError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(RequestError);
    return error as RequestError;
  }
  throw new Error('expected the call to reject');
}

describe('request client', () => {
  beforeEach(() => vi.clearAllMocks());

  it('sends the client Basic header and the bearer token, with the spec time-out', async () => {
    const { client, sentHeaders, adapter } = setup();
    const response = await client.get('/api/cube-system/param/list');
    expect(response.data.data).toEqual({ id: '1' });
    expect(sentHeaders()?.get('Authorization')).toBe(`Basic ${btoa('cube:cube_secret')}`);
    expect(sentHeaders()?.get(AUTH_HEADER)).toBe('bearer token-1');
    expect(adapter.mock.calls[0]?.[0].timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(sentHeaders()?.has(DEPT_HEADER)).toBe(false);
  });

  it('omits the token when the call opts out or there is none, and the Basic header before boot', async () => {
    const { client, sentHeaders } = setup({ getRuntimeConfig: () => undefined });
    await client.get('/api/public', { skipToken: true });
    expect(sentHeaders()?.has(AUTH_HEADER)).toBe(false);
    expect(sentHeaders()?.has('Authorization')).toBe(false);

    const anonymous = setup({ getToken: () => undefined });
    await anonymous.client.get('/api/x');
    expect(anonymous.sentHeaders()?.has(AUTH_HEADER)).toBe(false);
  });

  it('encodes non-ASCII client credentials as UTF-8', () => {
    expect(basicCredentials('客户', 's')).toBe(`Basic ${btoa('\xe5\xae\xa2\xe6\x88\xb7:s')}`);
  });

  it('adds Dept-Id and Role-Id in switch mode unless the call sets them', async () => {
    const { client, sentHeaders } = setup({
      getRuntimeConfig: () => ({ clientId: 'c', clientSecret: 's', switchMode: true }),
    });
    await client.get('/api/x');
    expect(sentHeaders()?.get(DEPT_HEADER)).toBe('dept-1');
    expect(sentHeaders()?.get(ROLE_HEADER)).toBe('role-1');

    await client.get('/api/x', { headers: { [DEPT_HEADER]: 'dept-2' } });
    expect(sentHeaders()?.get(DEPT_HEADER)).toBe('dept-2');
    expect(sentHeaders()?.get(ROLE_HEADER)).toBe('role-1');
  });

  it('takes the code from the body, else from the HTTP status', () => {
    expect(answerCode({ status: 200, data: { code: 400 } })).toBe(400);
    expect(answerCode({ status: 200, data: { code: '401' } })).toBe(401);
    expect(answerCode({ status: 400, data: { error_description: 'x' } })).toBe(400);
    expect(answerCode({ status: 200, data: 'plain text' })).toBe(200);
  });

  it('picks msg, then error_description, then 未知错误', () => {
    expect(answerMessage({ msg: '业务异常', error_description: 'd' })).toBe('业务异常');
    expect(answerMessage({ msg: '', error_description: '用户名或密码错误' })).toBe('用户名或密码错误');
    expect(answerMessage({})).toBe('未知错误');
    expect(answerMessage(undefined)).toBe('未知错误');
  });

  it('receives statuses 200–500: a body code ≠ 200 shows the message and rejects', async () => {
    const { client, bindings } = setup({}, () => ({
      status: 400,
      data: { code: 400, success: false, msg: '当前账号已被使用!', data: {} },
    }));
    const error = await rejection(client.post('/api/cube-user/submit', {}));
    expect(error).toMatchObject({ code: 400, kind: 'answer', message: '当前账号已被使用!', silent: false });
    expect(bindings.showError).toHaveBeenCalledWith('当前账号已被使用!');
    expect(bindings.onUnauthorized).not.toHaveBeenCalled();
  });

  it('treats an HTTP 200 answer with body code 500 as a failure', async () => {
    const { client, bindings } = setup({}, () => ({ status: 200, data: { code: 500, msg: '服务器异常' } }));
    await rejection(client.get('/api/x'));
    expect(bindings.showError).toHaveBeenCalledWith('服务器异常');
  });

  it('shows error_description or 未知错误 when the body has no msg', async () => {
    const described = setup({}, () => ({ status: 400, data: { error_description: '验证码不正确' } }));
    await rejection(described.client.get('/api/x'));
    expect(described.bindings.showError).toHaveBeenCalledWith('验证码不正确');

    const bare = setup({}, () => ({ status: 500, data: '' }));
    const error = await rejection(bare.client.get('/api/x'));
    expect(error.code).toBe(500);
    expect(bare.bindings.showError).toHaveBeenCalledWith('未知错误');
  });

  it('stays quiet when the call handles failures itself', async () => {
    const { client, bindings } = setup({}, () => ({ status: 400, data: { code: 400, msg: '失败' } }));
    const error = await rejection(client.get('/api/x', { handlesErrors: true }));
    expect(error.body).toEqual({ code: 400, msg: '失败' });
    expect(bindings.showError).not.toHaveBeenCalled();
  });

  it('rejects whitelisted codes silently', async () => {
    const { client, bindings } = setup({ silentCodes: [401, 423] }, () => ({
      status: 200,
      data: { code: 423, msg: '已锁定' },
    }));
    const error = await rejection(client.get('/api/x'));
    expect(error).toMatchObject({ code: 423, silent: true });
    expect(bindings.showError).not.toHaveBeenCalled();
    expect(bindings.onUnauthorized).not.toHaveBeenCalled();
  });

  it('on 401 logs out locally and rejects', async () => {
    const { client, bindings } = setup({}, () => ({
      status: 401,
      data: { code: 401, msg: '登录状态已过期,请重新登录', data: null },
    }));
    const error = await rejection(client.get('/api/x'));
    expect(error.code).toBe(401);
    expect(bindings.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(bindings.showError).toHaveBeenCalledWith('登录状态已过期,请重新登录', 'request-unauthorized');
  });

  it('rejects network failures and statuses beyond 500 without a message', async () => {
    const offline = setup({}, () => new Error('Network Error'));
    const error = await rejection(offline.client.get('/api/x'));
    expect(error).toMatchObject({ kind: 'network', code: 0, message: '网络异常，请检查网络连接后重试' });
    expect(offline.bindings.showError).not.toHaveBeenCalled();

    const gateway = setup({}, () => ({ status: 503, data: { code: 503, msg: '服务暂不可用,请稍后再试' } }));
    const gatewayError = await rejection(gateway.client.get('/api/x'));
    expect(gatewayError).toMatchObject({ kind: 'network', code: 503, message: '服务暂不可用,请稍后再试' });
    expect(gateway.bindings.showError).not.toHaveBeenCalled();
  });
});
