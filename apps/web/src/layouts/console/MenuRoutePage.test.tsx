import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MenuNode } from '../../api/menu';
import { request } from '../../api/request';
import { UiProviders } from '../../app/UiProviders';
import { PageErrorBoundary } from '../../components/shell/PageErrorBoundary';
import { loadedPage, loadPage, pageRegistry } from '../../pages/registry';
import { useMenuStore } from '../../stores/menu';
import { useSessionStore } from '../../stores/session';
import { installDomStubs } from '../../test/domStubs';
import { mockAdapter, ok } from '../../test/mockAdapter';
import MenuRoutePage from './MenuRoutePage';

installDomStubs();

const leaf = (path: string): MenuNode => ({ id: path, parentId: '0', code: 'x', name: '页面', path });
const BROKEN = '/test/broken';
type PageModule = () => Promise<{ default: ComponentType }>;
const registry = pageRegistry as Record<string, PageModule>;

function renderRoute(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <PageErrorBoundary>
            <MenuRoutePage />
          </PageErrorBoundary>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <UiProviders>
        <RouterProvider router={router} />
      </UiProviders>
    </QueryClientProvider>,
  );
}

/** The parameter screen's search button: its own content, drawn as soon as it renders. */
const paramScreen = () => screen.queryByRole('button', { name: /搜\s*索/ });

describe('menu route page', { timeout: 30_000 }, () => {
  const originalAdapter = request.defaults.adapter;
  beforeAll(() => {
    request.defaults.adapter = mockAdapter(() =>
      ok({ records: [], total: 0, size: 10, current: 1, pages: 0 }),
    );
  });
  afterAll(() => {
    request.defaults.adapter = originalAdapter;
  });
  beforeEach(() => {
    useSessionStore.setState({ token: 'token' });
    useMenuStore.setState({
      menuAll: [leaf('/system/param'), leaf(BROKEN)],
      status: 'ready',
      settled: true,
    });
  });
  afterEach(() => {
    delete registry[BROKEN];
    useSessionStore.setState({ token: undefined });
    useMenuStore.getState().reset();
  });

  it('shows the loading state until the page’s code has arrived, then the page, and keeps the code', async () => {
    expect(loadedPage('/system/param')).toBeUndefined();
    const view = renderRoute('/system/param/index');
    expect(screen.getByText('加载中…')).toBeTruthy();
    await screen.findByRole('button', { name: /搜\s*索/ }, { timeout: 20_000 });
    expect(loadedPage('/system/param')).toBeDefined();
    view.unmount();
  });

  it('draws a page whose code has arrived (a hover, the idle prefetch) in its first render, with no loading state', async () => {
    await loadPage('/system/param');
    const view = renderRoute('/system/param/index');
    expect(paramScreen()).not.toBeNull();
    expect(screen.queryByText('加载中…')).toBeNull();
    view.unmount();
  });

  it('shows the reload page when the code fails to arrive; the next visit loads it again', async () => {
    let attempts = 0;
    registry[BROKEN] = async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('network down');
      return { default: () => <p>loaded at last</p> };
    };
    const first = renderRoute(`${BROKEN}/index`);
    expect(await screen.findByText('页面加载出错')).toBeTruthy();
    first.unmount();

    const second = renderRoute(`${BROKEN}/index`);
    expect(await screen.findByText('loaded at last')).toBeTruthy();
    expect(attempts).toBe(2);
    second.unmount();
  });
});
