import { DEFAULT_SITE_KEY } from '@cube/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as siteApi from '../api/site';
import { getStore, setSiteKey, storageKeyOf } from '../lib/storage';
import { useSessionStore } from '../stores/session';
import { useSiteStore } from '../stores/site';
import { siteInfoFixture } from '../test/fixtures';
import { BootFailure } from './BootFailure';
import { applySiteInfo, loadSite } from './boot';
import { UiProviders } from './UiProviders';

describe('boot', () => {
  beforeEach(() => {
    document.head.innerHTML = '<link rel="icon" href="/favicon.svg">';
    document.title = '';
  });
  afterEach(() => {
    setSiteKey(DEFAULT_SITE_KEY);
    vi.restoreAllMocks();
  });

  it('applies the site information: store, storage prefix, title, favicon, login resource, session', () => {
    const info = siteInfoFixture();
    localStorage.setItem(
      'cube-portal-token',
      JSON.stringify({ dataType: 'string', content: 'kept-token', type: false, datetime: 1 }),
    );

    applySiteInfo(info);

    expect(useSiteStore.getState().info).toEqual(info);
    expect(storageKeyOf('tenantId')).toBe('site-tenantId');
    expect(document.title).toBe('测试门户');
    expect(document.head.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/brand/favicon.png');
    expect(sessionStorage.getItem('site-loginResource')).not.toBeNull();
    expect(getStore('loginResource')).toEqual(info.resources);
    expect(getStore('defaultTitle')).toBe('测试门户');
    expect(useSessionStore.getState().token).toBe('kept-token');
  });

  it('loads the site for the page origin', async () => {
    const fetchSiteInfo = vi.spyOn(siteApi, 'fetchSiteInfo').mockResolvedValue(siteInfoFixture());
    await loadSite();
    expect(fetchSiteInfo).toHaveBeenCalledWith(window.location.origin);
    expect(useSiteStore.getState().info?.config.siteKey).toBe('site');
  });

  it('shows a full-page Chinese error with a retry button when the site cannot be loaded', async () => {
    const onRetry = vi.fn().mockResolvedValue(undefined);
    render(
      <UiProviders>
        <BootFailure error={new Error('网络异常，请检查网络连接后重试')} onRetry={onRetry} />
      </UiProviders>,
    );
    expect(screen.getByText('站点信息加载失败')).toBeTruthy();
    expect(screen.getByText('错误详情：网络异常，请检查网络连接后重试')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(onRetry).toHaveBeenCalledTimes(1));
  });
});
