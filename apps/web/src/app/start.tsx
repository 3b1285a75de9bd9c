import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18n, initI18n } from '../lib/i18n';
import { installErrorLogListeners } from '../stores/errorLog';
import { App } from './App';
import { bindRequestClientToApp, loadSite } from './boot';
import { getRouter } from './router';
import { UiProviders } from './UiProviders';

/**
 * Start-up: fetch the site information first, then mount. Until it answers the page keeps the
 * loading placeholder of index.html; a failure shows a full-page error with a retry button. The router is made
 * before the call, so that the code of the page at the address loads while the site information is on its way
 * (one round trip for both, not one after the other).
 */
export function startApp(container: HTMLElement): void {
  initI18n();
  installErrorLogListeners();
  bindRequestClientToApp();
  const root = createRoot(container);
  getRouter();

  const boot = async (): Promise<void> => {
    try {
      await loadSite();
    } catch (error) {
      console.error('[boot] site information could not be loaded', error);
      document.title = i18n.t('boot.failedTitle');
      // The failure screen is loaded only when it is needed.
      const { BootFailure } = await import('./BootFailure');
      root.render(
        <StrictMode>
          <UiProviders>
            <BootFailure error={error} onRetry={boot} />
          </UiProviders>
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
