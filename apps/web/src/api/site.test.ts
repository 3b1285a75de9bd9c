import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteInfoFixture } from '../test/fixtures';
import { mockAdapter, ok } from '../test/mockAdapter';
import { bindRequestClient, request } from './request';
import { fetchSiteInfo, SITE_INFO_URL } from './site';

const originalAdapter = request.defaults.adapter;

describe('site info api', () => {
  afterEach(() => {
    request.defaults.adapter = originalAdapter;
  });

  it('asks for the site by its origin, without a token, and validates the answer', async () => {
    const showError = vi.fn();
    bindRequestClient({ getToken: () => 'token', showError });
    const adapter = mockAdapter(() => ok(siteInfoFixture()));
    request.defaults.adapter = adapter;

    await expect(fetchSiteInfo('https://portal.example.com')).resolves.toEqual(siteInfoFixture());
    const config = adapter.mock.calls[0]?.[0];
    expect(config?.url).toBe(SITE_INFO_URL);
    expect(config?.params).toEqual({ domain: 'https://portal.example.com' });
    expect(config?.headers.has('Cube-Auth')).toBe(false);
    expect(showError).not.toHaveBeenCalled();
  });

  it('rejects an answer that does not match the contract', async () => {
    request.defaults.adapter = mockAdapter(() => ok({ tenantId: '' }));
    await expect(fetchSiteInfo('http://localhost')).rejects.toThrow('服务器返回的数据格式不正确');
  });

  it('rejects a failed call without a toast: the boot screen reports it', async () => {
    const showError = vi.fn();
    bindRequestClient({ showError });
    request.defaults.adapter = mockAdapter(() => ({ status: 500, data: { code: 500, msg: '服务器异常' } }));
    await expect(fetchSiteInfo('http://localhost')).rejects.toThrow('服务器异常');
    expect(showError).not.toHaveBeenCalled();
  });
});
