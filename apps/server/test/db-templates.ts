import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import type { AppConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seed } from '../src/seed/index.js';

/**
 * Seeded databases made once per test run and copied for each test app: migrating and seeding cost 2–4 s on
 * SQLite and 6–8 s on PostgreSQL per app on two cores, a copy well under one. A SQLite template is a closed file
 * copied beside the app's data; a PostgreSQL one is a database the app's own is created from (`TEMPLATE`). The
 * seed is idempotent and reads only the settings in {@link seedKey}, so apps that agree on them start from the
 * same rows. Templates live for one run (`globalSetup` below makes the place and removes it).
 */
export interface TemplateRun {
  dir: string;
  pgPrefix: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    cubeTemplates: TemplateRun | null;
  }
}

/** The settings the seed reads: apps that agree on them share a template. */
function seedKey(config: AppConfig): string {
  const read = {
    kind: config.database.kind,
    demo: config.demo,
    adminPassword: config.adminPassword ?? null,
    webClient: config.webClient,
  };
  return createHash('sha256').update(JSON.stringify(read)).digest('hex').slice(0, 12);
}

function templateRun(): TemplateRun | null {
  try {
    return inject('cubeTemplates') ?? null;
  } catch {
    return null;
  }
}

async function seedInto(config: AppConfig, database: AppConfig['database']): Promise<void> {
  const db = openDatabase(database);
  try {
    await migrateToLatest(db.db);
    await seed(db.db, config);
  } finally {
    await db.close();
  }
}

/**
 * Puts a seeded copy of the run's template at `config.database.file` (made on first use; concurrent makers
 * each write their own file and rename it into place, so a reader never sees a half-made one). Answers false
 * when no run is set up (a file run outside `vitest` projects), and the caller seeds as before.
 */
export async function copySqliteTemplate(config: AppConfig): Promise<boolean> {
  const run = templateRun();
  if (!run || config.database.kind !== 'sqlite') return false;
  const template = path.join(run.dir, `${seedKey(config)}.sqlite`);
  if (!existsSync(template)) {
    const making = path.join(run.dir, `${seedKey(config)}.${process.pid}.${Date.now()}.making`);
    await seedInto(config, { kind: 'sqlite', file: making });
    renameSync(making, template);
  }
  copyFileSync(template, config.database.file);
  return true;
}

/**
 * The template database for `config` on the PostgreSQL server at `adminUrl`, made on first use under an advisory
 * lock (suites start in parallel), owned by `role`; null when no run is set up.
 */
export async function postgresTemplate(
  config: AppConfig,
  adminUrl: string,
  role: string,
): Promise<string | null> {
  const run = templateRun();
  if (!run) return null;
  const name = `${run.pgPrefix}_${seedKey(config)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await admin.query(`create database ${name} owner ${role}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      url.username = role;
      url.password = '';
      try {
        await seedInto(config, { kind: 'postgres', url: url.toString() });
      } catch (error) {
        await admin.query(`drop database if exists ${name} with (force)`);
        throw error;
      }
    }
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [name]).catch(() => {});
    await admin.end();
  }
}

/** The server project's global set-up: a place for the run's templates, removed (with the databases) at the end. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'cube-test-templates-'));
  const pgPrefix = `cube_tpl_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  project.provide('cubeTemplates', { dir, pgPrefix });
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    const adminUrl = process.env.CUBE_TEST_PG_URL;
    if (!adminUrl) return;
    const admin = new pg.Client({ connectionString: adminUrl });
    try {
      await admin.connect();
      const made = await admin.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`${pgPrefix}_%`],
      );
      for (const { datname } of made.rows)
        await admin.query(`drop database if exists ${datname} with (force)`);
    } catch {
      // A server that went away took its databases with it.
    } finally {
      await admin.end().catch(() => {});
    }
  };
}
