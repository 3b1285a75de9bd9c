import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { launchBrowserServer, root, startServer } from './server.js';
import { signIn } from './steps.js';

/**
 * One built app and one Chromium for the whole end-to-end run: the server starts once (fresh data, demo
 * accounts), the platform administrator signs in once, and each test file connects to the browser with contexts
 * of its own, so that a file costs a page load, not a server start, a browser launch and a sign-in. Files run one after another (vitest.config.ts), so they never race on
 * the shared data; a file that needs other server settings starts its own (`startHarness(env)`).
 */
export default async function setup(project: TestProject) {
  const log = path.join(root, 'test-results', 'e2e-server.log');
  const server = await startServer({}, log);
  let browser: Awaited<ReturnType<typeof launchBrowserServer>>;
  try {
    browser = await launchBrowserServer();
  } catch (error) {
    await server.close();
    throw error;
  }
  // The platform administrator signs in once; files that are not about signing in start from this session.
  const session = await platformSession(server.baseUrl, browser.wsEndpoint()).catch(async (error) => {
    await browser.close();
    await server.close();
    throw error;
  });
  project.provide('e2eBaseUrl', server.baseUrl);
  project.provide('e2ePlatformSession', session);
  project.provide('e2eBrowserEndpoint', browser.wsEndpoint());
  project.provide('e2eServerLog', log);
  return async () => {
    await browser.close();
    await server.close();
  };
}

/** The storage (tokens, user) of a fresh sign-in as the platform administrator, as JSON. */
async function platformSession(baseURL: string, endpoint: string): Promise<string> {
  const browser = await chromium.connect(endpoint);
  try {
    const context = await browser.newContext({ baseURL, locale: 'zh-CN', reducedMotion: 'reduce' });
    await signIn(await context.newPage());
    return JSON.stringify(await context.storageState());
  } finally {
    await browser.close();
  }
}
