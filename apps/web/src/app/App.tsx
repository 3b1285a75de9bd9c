import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from './queryClient';
import { getRouter } from './router';
import { UiRoot } from './UiRoot';

/** The mounted application; rendered only once the site information is loaded. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <UiRoot>
        <RouterProvider router={getRouter()} />
      </UiRoot>
    </QueryClientProvider>
  );
}
