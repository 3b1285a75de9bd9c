import type { SiteInfo } from '@cube/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../app/router';
import { UiProviders } from '../app/UiProviders';
import { useSiteStore } from '../stores/site';
import { siteInfoFixture } from './fixtures';

/** Renders the app's route tree in memory at `path`, with the given site information loaded. */
export function renderApp(path: string, info: SiteInfo = siteInfoFixture()) {
  useSiteStore.getState().setInfo(info);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <UiProviders>
        <RouterProvider router={router} />
      </UiProviders>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
