import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['cube-source'] },
  ssr: { resolve: { conditions: ['cube-source'] } },
  test: {
    name: 'server',
    root: __dirname,
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Suites share one PostgreSQL server; each suite creates its own database, so files may run in parallel.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
