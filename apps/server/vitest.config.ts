import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['cube-source'] },
  ssr: { resolve: { conditions: ['cube-source'] } },
  test: {
    name: 'server',
    root: __dirname,
    environment: 'node',
    // A module's tests sit beside it (`src/**/<subject>.test.ts`); `test/` holds what they share (app builder,
    // CRUD kit runners, fakes, fixtures).
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Suites share one PostgreSQL server; each suite creates its own database, so files may run in parallel.
    pool: 'forks',
    // Files share a worker's modules instead of importing the whole app again each (97 s of imports per run → 9 s;
    // the group 222 s → 121 s on two workers). Safe because every file builds its own app and database
    // (createTestApp) and no file mocks modules; checked with the file order shuffled.
    isolate: false,
    // Seeded databases made once per run and copied for each test app (test/db-templates.ts).
    globalSetup: ['./test/db-templates.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
