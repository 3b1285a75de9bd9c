import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

/**
 * Starts the built server (`npm run build` first) on a free port with a fresh SQLite data directory and demo
 * data, and Debian's Chromium through playwright-core. Nothing is downloaded.
 */
const root = path.resolve(import.meta.dirname, '..');
export const SCREENSHOT_DIR = path.join(root, 'test-results', 'screenshots');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface Harness {
  baseUrl: string;
  browser: Browser;
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  screenshot(page: Page, name: string): Promise<void>;
  serverOutput(): string;
  close(): Promise<void>;
}

export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cube-e2e-'));
  let output = '';
  const server: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      CUBE_DATA_DIR: dataDir,
      CUBE_LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d) => (output += d));
  server.stderr?.on('data', (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`${baseUrl}/api/ready`);
      if (res.ok) break;
    } catch {}
    if (server.exitCode !== null || Date.now() > deadline)
      throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CUBE_CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return {
    baseUrl,
    browser,
    async newPage(viewport = { width: 1440, height: 900 }) {
      const context = await browser.newContext({ viewport, locale: 'zh-CN', baseURL: baseUrl });
      return context.newPage();
    },
    async screenshot(page, name) {
      // Screenshots are checked by eye: capture the settled page, not a table still blurred by its loading
      // spinner or a tab half-way through its fade. A spinner that never stops is itself worth seeing.
      await page
        .waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-spin-blur'), undefined, {
          timeout: 5000,
        })
        .catch(() => {});
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `${name}.png`),
        fullPage: false,
        animations: 'disabled',
      });
    },
    serverOutput: () => output,
    async close() {
      await browser.close();
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
