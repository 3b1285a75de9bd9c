import { QueryClient } from '@tanstack/react-query';

/**
 * Server state: failures are already reported by the request client, so queries retry once at most.
 *
 * `networkMode: 'always'`: a call is always sent. With TanStack's default (`online`) a save started after the
 * browser fired an `offline` event (a browser may fire one on any network change, even one that does not cut the
 * console off its server) is paused instead: the dialog's 保存 spins with no request in flight and no message
 * until an `online` event comes, if ever. The console talks to its own server; when that is unreachable the
 * request client says so (网络异常) at once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
