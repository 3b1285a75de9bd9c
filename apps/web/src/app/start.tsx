import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18n, initI18n } from '../lib/i18n';
import { installErrorLogListeners } from '../stores/errorLog';
import { App } from './App';
import { bindRequestClientToApp, loadSite } from './boot';
import { getRouter } from './router';
import { UiRoot } from './UiRoot';

/**
 * Start-up: fetch the site information first, then mount. Until it answers the page keeps the
 * loading placeholder of index.html; a failure shows a full-page error with a retry button. The router is made
 * as soon as the call has gone out, so that the code of the page at the address loads while the site information
 * is on its way (one round trip for both, not one after the other).
 */
export function startApp(container: HTMLElement): void {
  initI18n();
  installErrorLogListeners();
  bindRequestClientToApp();
  const root = createRoot(container);

  const boot = async (): Promise<void> => {
    try {
      // The boot call goes out first (the browser then queues the page's chunks behind it, not before it).
      const site = loadSite();
      getRouter();
      await site;
    } catch (error) {
      console.error('[boot] site information could not be loaded', error);
      document.title = i18n.t('boot.failedTitle');
      // The failure screen is loaded only when it is needed.
      const { BootFailure } = await import('./BootFailure');
      root.render(
        <StrictMode>
          <UiRoot>
            <BootFailure error={error} onRetry={boot} />
          </UiRoot>
        </StrictMode>,
      );
      return;
    }
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  };

  void boot();
}
