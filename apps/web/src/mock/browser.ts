import { setupWorker } from 'msw/browser';
import { handlers } from './handlers';

/**
 * Starts the mock layer in the browser (only when the app is built with `VITE_CUBE_MOCK=true`; see
 * docs/operations.md): a service worker answers the console's `/api` calls from ./handlers, anything else goes
 * to the network.
 */
export async function startMockLayer(): Promise<void> {
  await setupWorker(...handlers).start({
    onUnhandledRequest: 'bypass',
    serviceWorker: { url: '/mockServiceWorker.js' },
    quiet: true,
  });
}
