import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { type AppServer, launchBrowser, SCREENSHOT_DIR, startServer } from './server.js';
import { signIn } from './steps.js';

export { SCREENSHOT_DIR } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared server of the run (globalSetup.ts). */
    e2eBaseUrl: string;
    /** Where the shared Chromium listens. */
    e2eBrowserEndpoint: string;
    /** The file the shared server's output goes to. */
    e2eServerLog: string;
    /** Storage state (JSON) of the platform administrator signed in on the shared server. */
    e2ePlatformSession: string;
  }
}

/** What a test file drives: a server, a browser, pages in contexts of their own, screenshots. */
export interface Harness {
  baseUrl: string;
  browser: Browser;
  /** A page in a new browser context (own storage: a fresh session), Chinese, at `viewport`. */
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  /**
   * A page in a new context signed in as the platform administrator (the run's one sign-in, or on a server of the
   * file's own a sign-in of its own), opened at `path`.
   */
  newAdminPage(path: string, viewport?: { width: number; height: number }): Promise<Page>;
  screenshot(page: Page, name: string): Promise<void>;
  serverOutput(): string;
  close(): Promise<void>;
}

/** The run's Chromium (started once by the global setup), or one of this file's own. */
/** The pages this file has open, for the failure record (failure-record.ts). */
export const openPages = new Set<Page>();

async function browserForFile(): Promise<Browser> {
  const endpoint = inject('e2eBrowserEndpoint');
  return endpoint ? chromium.connect(endpoint) : launchBrowser();
}

function harness(
  baseUrl: string,
  browser: Browser,
  serverOutput: () => string,
  close: () => Promise<void>,
  session?: string,
) {
  const newPage = async (viewport = { width: 1440, height: 900 }, storageState?: string) => {
    const context = await browser.newContext({
      viewport,
      locale: 'zh-CN',
      // The console honours the system's reduced-motion setting: dialogs, drawers and toasts open and close at
      // once, so a click never lands on a dialog still sliding in, and Chromium paints no animation frames.
      reducedMotion: 'reduce',
      baseURL: baseUrl,
      ...(storageState ? { storageState: JSON.parse(storageState) } : {}),
    });
    const page = await context.newPage();
    openPages.add(page);
    page.on('close', () => openPages.delete(page));
    return page;
  };
  return {
    baseUrl,
    browser,
    newPage: (viewport?: { width: number; height: number }) => newPage(viewport),
    async newAdminPage(path: string, viewport?: { width: number; height: number }) {
      const page = await newPage(viewport, session);
      if (!session) await signIn(page);
      await page.goto(path);
      return page;
    },
    async screenshot(page: Page, name: string) {
      // Screenshots are checked by eye: capture the settled page, not a table still blurred by its loading
      // spinner or a tab half-way through its fade. A spinner that never stops is itself worth seeing. Spinners
      // in hidden tabs (kept alive, not shown, so not updated either) do not count.
      await page
        .waitForFunction(
          () =>
            !Array.from(document.querySelectorAll('.ant-spin-spinning, .ant-spin-blur')).some((element) =>
              element.checkVisibility(),
            ),
          undefined,
          { timeout: 5000 },
        )
        .catch(() => {});
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `${name}.png`),
        fullPage: false,
        animations: 'disabled',
      });
    },
    serverOutput,
    close,
  } satisfies Harness;
}

/**
 * The run's shared server (one built app for every file, started by globalSetup.ts) in a browser connection of
 * this file. Closing disconnects (its contexts go); the server and Chromium stay for the next file.
 */
export async function sharedHarness(): Promise<Harness> {
  const browser = await browserForFile();
  const log = inject('e2eServerLog');
  return harness(
    inject('e2eBaseUrl'),
    browser,
    () => {
      try {
        return readFileSync(log, 'utf8');
      } catch {
        return '';
      }
    },
    () => browser.close(),
    inject('e2ePlatformSession'),
  );
}

/**
 * A server of this file's own with `env` on top of the test settings (e.g. `CUBE_LANGUAGE_MODE`), driven through
 * the run's Chromium. Only for files that need settings the shared server does not have.
 */
export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const server: AppServer = await startServer(env);
  let browser: Browser;
  try {
    browser = await browserForFile();
  } catch (error) {
    await server.close();
    throw error;
  }
  return harness(server.baseUrl, browser, server.output, async () => {
    await browser.close();
    await server.close();
  });
}
