import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MIGRATION_NAMES } from './migrate.js';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

describe('the migration list', () => {
  it('is in the order the migrations run (by name)', () => {
    expect([...MIGRATION_NAMES]).toEqual([...MIGRATION_NAMES].sort());
  });

  it('names every migration file once, and nothing else', () => {
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect([...MIGRATION_NAMES]).toEqual(files);
  });
});
