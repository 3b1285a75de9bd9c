import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: __dirname,
    environment: 'node',
    include: ['**/*.e2e.test.ts'],
    // One browser and one server per file; files run one after another to stay within two cores.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
