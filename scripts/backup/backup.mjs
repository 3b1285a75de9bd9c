#!/usr/bin/env node
// `npm run backup -- <command> …` (docs/operations.md "Backups"): backs up and restores Cube Portal's
// database, SQLite or PostgreSQL, and proves a backup round-trips.
//
//   backup    --sqlite <cube.db> --out <dir>      online copy through SQLite's backup API (safe while instances run)
//   backup    --pg <url> --out <dir>              pg_dump -Fc (custom format), every tenant's rows
//   restore   --sqlite <cube.db> --from <file>    the backup copied into place (stop the instances first)
//   restore   --pg <url> --from <file>            pg_restore into the database, replacing what is there
//   roundtrip --sqlite <cube.db> | --pg <url>     counts every table's rows, backs up, WIPES the database,
//                                                 restores, counts again and compares (scratch databases only)
//
// The PostgreSQL commands work as the application's own role (no superuser needed): the row-level security the
// app runs under (decision D10) is opened for the platform scope (`cube.tenant_id = '*'`) so every tenant's rows
// are dumped, and restoring loads the data before the policies are re-enabled. A superuser URL works as well.
// Output: one JSON line per command (file, tables, rows, seconds).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const require = createRequire(path.join(root, 'apps/server/package.json'));

const [command, ...rest] = process.argv.slice(2);
const option = (name) => {
  const i = rest.indexOf(`--${name}`);
  return i >= 0 ? rest[i + 1] : undefined;
};
const fail = (message) => {
  console.error(`backup: ${message}`);
  process.exit(1);
};
const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');

// ---- SQLite ----

function openSqlite(file, options = {}) {
  const Database = require('better-sqlite3');
  const db = new Database(file, options);
  db.pragma('busy_timeout = 5000');
  return db;
}

/** Rows per table (the migration bookkeeping included). */
function sqliteCounts(file) {
  const db = openSqlite(file, { readonly: true });
  try {
    const tables = db
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
      )
      .all()
      .map((r) => r.name);
    return Object.fromEntries(
      tables.map((t) => [t, Number(db.prepare(`select count(*) as n from "${t}"`).get().n)]),
    );
  } finally {
    db.close();
  }
}

/** SQLite's online backup API: a consistent copy while other connections read and write. */
async function sqliteBackup(file, outDir) {
  if (!existsSync(file)) fail(`${file} does not exist`);
  mkdirSync(outDir, { recursive: true });
  const target = path.join(outDir, `cube-${stamp()}.db`);
  const db = openSqlite(file);
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
  return target;
}

/** The backup copied over `file` (its WAL and shared-memory files removed first): through the same API. */
async function sqliteRestore(file, from) {
  if (!existsSync(from)) fail(`${from} does not exist`);
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  const source = openSqlite(from, { readonly: true });
  try {
    await source.backup(file);
  } finally {
    source.close();
  }
}

// ---- PostgreSQL ----

function pgTool(name) {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  if (found.status === 0) return found.stdout.trim();
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions)
    if (existsSync(path.join(base, v, 'bin', name))) return path.join(base, v, 'bin', name);
  fail(`${name} not found (apt-get install -y postgresql-client)`);
}

/** The platform row scope for every statement of a tool's session (see the file comment). */
const PLATFORM_SCOPE = { PGOPTIONS: '-c cube.tenant_id=*' };

function run(tool, args, env = {}) {
  const result = spawnSync(pgTool(tool), args, { encoding: 'utf8', env: { ...process.env, ...env } });
  if (result.status !== 0) fail(`${tool} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
}

async function pgClient(url) {
  const pg = require('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("select set_config('cube.tenant_id', '*', false)");
  return client;
}

async function pgCounts(url) {
  const client = await pgClient(url);
  try {
    const { rows } = await client.query(
      'select tablename from pg_tables where schemaname = current_schema() order by tablename',
    );
    const counts = {};
    for (const { tablename } of rows)
      counts[tablename] = Number((await client.query(`select count(*) as n from "${tablename}"`)).rows[0].n);
    return counts;
  } finally {
    await client.end();
  }
}

function pgBackup(url, outDir) {
  mkdirSync(outDir, { recursive: true });
  const target = path.join(outDir, `cube-${stamp()}.dump`);
  // --enable-row-security: dump through the policies (as the app's role they bind it); the platform scope shows
  // every tenant's rows. Owners and grants stay out: the restore gives everything to the role that restores.
  run(
    'pg_dump',
    ['--format=custom', '--enable-row-security', '--no-owner', '--no-privileges', '--file', target, url],
    PLATFORM_SCOPE,
  );
  return target;
}

/** Everything in the database's schema dropped and recreated from the dump, in one transaction. */
async function pgRestore(url, from) {
  if (!existsSync(from)) fail(`${from} does not exist`);
  const client = await pgClient(url);
  try {
    await client.query('drop schema public cascade');
    await client.query('create schema public');
  } finally {
    await client.end();
  }
  run(
    'pg_restore',
    ['--single-transaction', '--no-owner', '--no-privileges', '--exit-on-error', '--dbname', url, from],
    PLATFORM_SCOPE,
  );
}

// ---- commands ----

const sqliteFile = option('sqlite');
const pgUrl = option('pg');
if (!sqliteFile === !pgUrl) fail('name one database: --sqlite <file> or --pg <url>');
const started = Date.now();
const seconds = () => Number(((Date.now() - started) / 1000).toFixed(2));
const counts = () => (sqliteFile ? sqliteCounts(sqliteFile) : pgCounts(pgUrl));
const summary = (c) => ({ tables: Object.keys(c).length, rows: Object.values(c).reduce((a, b) => a + b, 0) });

if (command === 'backup') {
  const out = option('out') ?? path.join(process.cwd(), 'backup');
  const file = sqliteFile ? await sqliteBackup(sqliteFile, out) : pgBackup(pgUrl, out);
  console.info(JSON.stringify({ command, file, bytes: statSync(file).size, seconds: seconds() }));
} else if (command === 'restore') {
  const from = option('from') ?? fail('--from <backup file> is required');
  if (sqliteFile) await sqliteRestore(sqliteFile, from);
  else await pgRestore(pgUrl, from);
  console.info(JSON.stringify({ command, from, ...summary(await counts()), seconds: seconds() }));
} else if (command === 'roundtrip') {
  const before = await counts();
  const out =
    option('out') ?? path.join(sqliteFile ? path.dirname(sqliteFile) : process.cwd(), `roundtrip-${stamp()}`);
  const file = sqliteFile ? await sqliteBackup(sqliteFile, out) : pgBackup(pgUrl, out);
  // Wipe: the file gone, or every table of the schema dropped.
  if (sqliteFile)
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${sqliteFile}${suffix}`, { force: true });
  else {
    const client = await pgClient(pgUrl);
    await client.query('drop schema public cascade');
    await client.query('create schema public');
    await client.end();
  }
  const wiped = sqliteFile ? (existsSync(sqliteFile) ? 1 : 0) : summary(await counts()).tables;
  if (sqliteFile) await sqliteRestore(sqliteFile, file);
  else await pgRestore(pgUrl, file);
  const after = await counts();
  const differences = Object.keys({ ...before, ...after })
    .filter((t) => before[t] !== after[t])
    .map((t) => ({ table: t, before: before[t] ?? null, after: after[t] ?? null }));
  if (!option('keep')) rmSync(out, { recursive: true, force: true });
  console.info(
    JSON.stringify({
      command,
      database: sqliteFile ? 'sqlite' : 'postgres',
      ...summary(before),
      tablesAfterWipe: wiped,
      restored: summary(after),
      differences,
      seconds: seconds(),
    }),
  );
  process.exit(differences.length || wiped ? 1 : 0);
} else {
  fail('command: backup | restore | roundtrip (see the comment at the top of scripts/backup/backup.mjs)');
}
