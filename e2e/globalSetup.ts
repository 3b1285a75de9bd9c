import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { launchBrowserServer, root, startServer } from './server.js';

/**
 * One built app and one Chromium for the whole end-to-end run: the server starts once (fresh data, demo
 * accounts) and each test file connects to the browser with contexts of its own, so that a file costs a sign-in,
 * not a server start and a browser launch. Files run one after another (vitest.config.ts), so they never race on
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
  project.provide('e2eBaseUrl', server.baseUrl);
  project.provide('e2eBrowserEndpoint', browser.wsEndpoint());
  project.provide('e2eServerLog', log);
  return async () => {
    await browser.close();
    await server.close();
  };
}
