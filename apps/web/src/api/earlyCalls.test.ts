import axios, { type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockAdapter, ok } from '../test/mockAdapter';
import { EARLY_ANSWER_TTL_MS, installEarlyAnswers, sendEarly } from './earlyCalls';

/** A client like the app's: a token header set per call, answers from `respond` (released when the test says). */
function client(respond: (config: InternalAxiosRequestConfig) => unknown = () => ok([])) {
  let token = 'one';
  const adapter = mockAdapter((config) => respond(config) as ReturnType<typeof ok>);
  // As the app's client: any answer of the server reaches the response rules, which judge its code.
  const instance = axios.create({ adapter, validateStatus: (status) => status >= 200 && status <= 500 });
  instance.interceptors.request.use((config) => {
    config.headers.set('Cube-Auth', `bearer ${token}`);
    return config;
  });
  return { instance, adapter, setToken: (next: string) => (token = next) };
}

const urls = (adapter: ReturnType<typeof mockAdapter>) =>
  adapter.mock.calls.map(([config]) => `${config.url}?${new URLSearchParams(config.params).toString()}`);

describe('early answers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the first identical GET from the call sent ahead, once', async () => {
    let n = 0;
    const { instance, adapter } = client(() => ok({ n: ++n }));
    sendEarly(instance, [{ url: '/api/x/list', params: { current: 1, size: 10 } }]);
    const first = await instance.get('/api/x/list', {
      params: { current: 1, size: 10 },
      handlesErrors: false,
    });
    expect(first.data.data).toEqual({ n: 1 });
    // The taking call's own options go with the answer, not the early call's.
    expect(first.config.early).toBeUndefined();
    expect(first.config.handlesErrors).toBe(false);
    const second = await instance.get('/api/x/list', { params: { current: 1, size: 10 } });
    expect(second.data.data).toEqual({ n: 2 });
    expect(urls(adapter)).toEqual(['/api/x/list?current=1&size=10', '/api/x/list?current=1&size=10']);
  });

  it('asks the server for a call that differs in address, query, token or method', async () => {
    const { instance, adapter, setToken } = client();
    sendEarly(instance, [{ url: '/api/x/list', params: { current: 1, size: 10 } }]);
    await instance.get('/api/x/list', { params: { current: 2, size: 10 } });
    await instance.get('/api/y/list', { params: { current: 1, size: 10 } });
    await instance.post('/api/x/list', null, { params: { current: 1, size: 10 } });
    setToken('two');
    await instance.get('/api/x/list', { params: { current: 1, size: 10 } });
    expect(adapter).toHaveBeenCalledTimes(5);
  });

  it('forgets an early answer after its time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { instance, adapter } = client();
    sendEarly(instance, [{ url: '/api/x/tree' }]);
    // (The request interceptors run before the call leaves.)
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(adapter).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + EARLY_ANSWER_TTL_MS + 1);
    await instance.get('/api/x/tree');
    expect(adapter).toHaveBeenCalledTimes(2);
  });

  it('lets the taking call ask itself when the early one got no answer', async () => {
    let fail = true;
    const { instance, adapter } = client(() => {
      if (fail) {
        fail = false;
        return new Error('down');
      }
      return ok(['fine']);
    });
    sendEarly(instance, [{ url: '/api/x/tree' }]);
    const answer = await instance.get('/api/x/tree');
    expect(answer.data.data).toEqual(['fine']);
    expect(adapter).toHaveBeenCalledTimes(2);
  });

  it('hands an error answer to the taking call, which reports it as its own', async () => {
    const { instance } = client(() => ({ status: 500, data: { code: 500, msg: '坏了' } }));
    const seen: unknown[] = [];
    instance.interceptors.response.use((response) => {
      seen.push([Boolean(response.config.early), response.data.msg]);
      return response;
    });
    sendEarly(instance, [{ url: '/api/x/tree' }]);
    await instance.get('/api/x/tree');
    expect(seen).toEqual([
      [true, '坏了'],
      [false, '坏了'],
    ]);
  });

  it('resolves once every call has left, before any answer', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const held = new Promise((resolve) => {
      answer = resolve;
    });
    const adapter = vi.fn(async (config: InternalAxiosRequestConfig) => {
      await held;
      return { data: [], status: 200, statusText: 'OK', headers: {}, config };
    });
    const instance = axios.create({ adapter });
    await sendEarly(instance, [{ url: '/api/x/tree' }, { url: '/api/y/tree' }]);
    expect(adapter).toHaveBeenCalledTimes(2);
    answer(undefined);
  });

  it('wraps a client once', () => {
    const { instance } = client();
    installEarlyAnswers(instance);
    const adapter = instance.defaults.adapter;
    installEarlyAnswers(instance);
    expect(instance.defaults.adapter).toBe(adapter);
  });
});
