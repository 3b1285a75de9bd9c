import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: __dirname,
    environment: 'node',
    include: ['**/*.e2e.test.ts'],
    // One built server and one Chromium for the run (globalSetup.ts); each file opens its own browser contexts.
    globalSetup: ['./globalSetup.ts'],
    // Files run one after another: they share the server's data and stay within two cores.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
