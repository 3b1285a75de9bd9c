import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { beforeEach } from 'vitest';
import { openPages } from './harness.js';
import { root } from './server.js';

/**
 * When a test fails, each page it left open is photographed (test-results/failures/) and the toasts and alerts on
 * it are printed: a wait that timed out says what it waited for, not what the screen showed instead (a refusal's
 * toast, an error boundary). Open dialogs are then closed, so that the retry does not find them in its way.
 */
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    const dir = path.join(root, 'test-results', 'failures');
    mkdirSync(dir, { recursive: true });
    const name = task.name.replace(/[^\w\u4e00-\u9fff-]+/g, '_').slice(0, 80);
    let index = 0;
    for (const page of openPages) {
      if (page.isClosed()) continue;
      index++;
      const file = path.join(dir, `${name}-${index}.png`);
      await page.screenshot({ path: file }).catch(() => {});
      const shown = await page
        .locator('.ant-message-notice, .ant-notification-notice, [role="alert"]')
        .allTextContents()
        .catch(() => []);
      console.error(`[failure record] ${page.url()} → ${file}; toasts and alerts: ${JSON.stringify(shown)}`);
      // The retry starts from this page: a dialog left open (a confirm whose OK did nothing) would cover it.
      for (let i = 0; i < 2; i++) await page.keyboard.press('Escape').catch(() => {});
    }
  });
});
