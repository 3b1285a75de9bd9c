import { defineConfig } from 'vitest/config';

// One runner for the whole repository: the server suites (node), the web suites (jsdom) and, when the built app
// and Chromium are there (`npm test` sets CUBE_E2E), the end-to-end suite.
export default defineConfig({
  test: {
    projects: [
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
      ...(process.env.CUBE_E2E ? ['e2e/vitest.config.ts'] : []),
    ],
  },
});
