import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { configureIds } from '../platform/ids.js';
import { seed } from './index.js';

/**
 * A fresh start migrates and seeds in a child process that never builds the app (`prepare-worker.ts`), so nothing
 * the app's registration sets up is there. This file imports what that process imports and nothing else (each test
 * file has its own module graph): the demo seed, which starts real processes, must succeed on its own.
 */
describe('the demo seed in a process that never builds the app', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cube-seed-alone-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('migrates and seeds a fresh database, demo processes included', async () => {
    const config = loadConfig({ CUBE_DATA_DIR: dir, NODE_ENV: 'development' });
    expect(config.demo).toBe(true);
    configureIds(config.workerId);
    const db = openDatabase(config.database, { poolSize: 1 });
    try {
      await migrateToLatest(db.db);
      await seed(db.db, config);
      const started = await db.db
        .selectFrom('flowInstance')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(started.n)).toBeGreaterThan(0);
    } finally {
      await db.close();
    }
  }, 120_000);
});
