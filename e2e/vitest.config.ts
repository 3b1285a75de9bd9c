import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: __dirname,
    environment: 'node',
    include: ['**/*.e2e.test.ts'],
    // One built server and one Chromium for the run (globalSetup.ts); each file opens its own browser contexts.
    globalSetup: ['./globalSetup.ts'],
    // A failing test leaves its pages' screenshots and toasts behind (failure-record.ts).
    setupFiles: ['./failure-record.ts'],
    // One more try for a test that fails: on a shared two-core machine a click can land while antd still animates
    // the dialog it opened. The failure record of the first try stays in the output.
    retry: 1,
    // Files run one after another: they share the server's data and stay within two cores.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
