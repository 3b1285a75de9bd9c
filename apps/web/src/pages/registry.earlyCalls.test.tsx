import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../api/request';
import { UiProviders } from '../app/UiProviders';
import { installDomStubs } from '../test/domStubs';
import { mockAdapter, ok } from '../test/mockAdapter';
import { registeredPage, screenEarlyCalls } from './registry';

/**
 * The calls a click sends ahead of a screen are worth sending only if the screen, once rendered, makes exactly
 * those calls (same address, same query): each declared list is checked against the GETs the screen really makes.
 */
describe('screens’ early calls', { timeout: 60_000 }, () => {
  const originalAdapter = request.defaults.adapter;
  const made: string[] = [];
  beforeAll(() => {
    installDomStubs();
    request.defaults.adapter = mockAdapter((config: InternalAxiosRequestConfig) => {
      if ((config.method ?? 'get') === 'get') made.push(request.getUri(config));
      const url = config.url ?? '';
      if (/(tree|lazy-list|role\/list|dictionary)$/.test(url)) return ok([]);
      return ok({ records: [], total: 0, size: 10, current: 1, pages: 0 });
    });
  });
  afterAll(() => {
    request.defaults.adapter = originalAdapter;
  });

  it.each(Object.entries(screenEarlyCalls))('%s makes the calls declared for it', async (path, calls) => {
    made.length = 0;
    const Page = registeredPage(path);
    if (!Page) throw new Error(`no page at ${path}`);
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <Suspense fallback={null}>
              <Page />
            </Suspense>
          ),
        },
      ],
      { initialEntries: [`${path}/index`] },
    );
    const view = render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <UiProviders>
          <RouterProvider router={router} />
        </UiProviders>
      </QueryClientProvider>,
    );
    const declared = calls.map((call) => request.getUri({ url: call.url, params: call.params }));
    expect(declared.length).toBeGreaterThan(0);
    // (The first screen waits for its code to be transformed.)
    await waitFor(() => expect(made).toEqual(expect.arrayContaining(declared)), { timeout: 20_000 });
    view.unmount();
  });
});
