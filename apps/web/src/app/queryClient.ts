import { QueryClient } from '@tanstack/react-query';

/** Server state: failures are already reported by the request client, so queries retry once at most. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
