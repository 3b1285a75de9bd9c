#!/usr/bin/env node
// The README's test command: build, lint, type-check, then every suite (server on SQLite and PostgreSQL, web,
// end-to-end in Chromium). It ends with one "N passed, N failed" line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const required = (name) => process.env[name] === '1' || process.env[name] === 'true';

/** Checks started beside the build, ended if the run stops early. */
const running = new Set();

function run(title, command, args, env = {}) {
  console.info(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`✖ ${title} failed`);
    for (const child of running) child.kill();
    process.exit(result.status ?? 1);
  }
}

/**
 * Starts a check that needs no build output (biome reads the sources; the web type-check resolves
 * `@cube/contract` to its sources through the `cube-source` condition), so it runs on the second core while
 * the build keeps one busy. Its output is held back and printed, under its title, when it is reported.
 */
function startCheck(title, command, args) {
  const child = spawn(command, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  const status = new Promise((resolve) =>
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    }),
  );
  return async () => {
    const code = await status;
    console.info(`\n▶ ${title}`);
    process.stdout.write(Buffer.concat(output).toString());
    if (code !== 0) {
      console.error(`✖ ${title} failed`);
      for (const other of running) other.kill();
      process.exit(code);
    }
  };
}

async function postgresUrl() {
  const url = process.env.CUBE_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch (error) {
    const message = `PostgreSQL is not reachable at ${url} (${error.message})`;
    if (required('CUBE_REQUIRE_PG')) {
      console.error(`✖ ${message}; CUBE_REQUIRE_PG is set`);
      process.exit(1);
    }
    console.warn(`⚠ ${message}: the PostgreSQL suites are skipped. Set CUBE_TEST_PG_URL to run them.`);
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

async function redisUrl() {
  const url = process.env.CUBE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return url;
  } catch {
    console.warn(`⚠ Redis is not reachable at ${url}: the Redis store suite is skipped.`);
    return undefined;
  } finally {
    client.disconnect();
  }
}

const pgUrl = await postgresUrl();
const redis = await redisUrl();
const chromium = process.env.CUBE_CHROMIUM ?? '/usr/bin/chromium';
const e2e = existsSync(chromium);
if (!e2e) {
  if (required('CUBE_REQUIRE_E2E')) {
    console.error(
      `✖ ${chromium} is missing; CUBE_REQUIRE_E2E is set (apt-get install -y chromium fonts-wqy-microhei)`,
    );
    process.exit(1);
  }
  console.warn(
    `⚠ ${chromium} not found: the end-to-end suite is skipped (apt-get install -y chromium fonts-wqy-microhei).`,
  );
}

// The lint and the web type-check (~6 s and ~26 s of one core) overlap the build (~70 s, mostly one core).
const lint = startCheck('lint and format check', 'npx', ['biome', 'check', '.']);
const typeCheck = startCheck('type-check the web app', 'npx', ['tsc', '-p', 'apps/web', '--noEmit']);
run('build', 'npm', ['run', 'build', '--silent']);
await lint();
await typeCheck();

const reportDir = mkdtempSync(path.join(tmpdir(), 'cube-report-'));
const env = {
  ...process.env,
  ...(pgUrl ? { CUBE_TEST_PG_URL: pgUrl } : {}),
  ...(redis ? { CUBE_TEST_REDIS_URL: redis } : {}),
  CUBE_E2E: e2e ? '1' : '',
  CUBE_CHROMIUM: chromium,
};
// Runs one after the other, each with the machine to itself (run together on two cores, the Chromium tests starved
// behind the server suites and timed out). Vitest's default is one worker less than the cores — a single worker
// here — but the server suites mostly wait on PostgreSQL and on password hashing in libuv's pool, so they take two;
// the jsdom suites take two as well, each file on a core of its own while nothing else runs (460 s → 257 s).
// The agency's journey, which must hold on both databases, runs once more with the e2e server on PostgreSQL: one
// file, so the second database costs one server start and one journey, not the whole browser suite again.
const AGENCY_JOURNEY = 'e2e/console/agency-journey.e2e.test.ts';
const groups = [
  { projects: ['server'], workers: 2 },
  { projects: ['web'], workers: 2 },
  ...(e2e ? [{ projects: ['e2e'] }] : []),
  ...(e2e && pgUrl ? [{ projects: ['e2e'], files: [AGENCY_JOURNEY], env: { CUBE_E2E_PG_URL: pgUrl } }] : []),
];
let passed = 0;
let failed = 0;
let status = 0;
for (const [index, { projects, workers, files = [], env: groupEnv = {} }] of groups.entries()) {
  const report = path.join(reportDir, `vitest-${index}.json`);
  const result = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      ...files,
      ...projects.flatMap((p) => ['--project', p]),
      ...(workers ? [`--maxWorkers=${workers}`] : []),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    { cwd: root, stdio: 'inherit', env: { ...env, ...groupEnv } },
  );
  let groupFailed = 0;
  if (existsSync(report)) {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    passed += summary.numPassedTests;
    groupFailed = summary.numFailedTests + (summary.numRuntimeErrorTestSuites ?? 0);
  }
  if (result.status !== 0 && groupFailed === 0) groupFailed = 1;
  failed += groupFailed;
  if (result.status !== 0) status = result.status ?? 1;
}
rmSync(reportDir, { recursive: true, force: true });
console.info(
  `\nsuites: server (sqlite${pgUrl ? ' + postgres' : ''}${redis ? ' + redis' : ''}), web${e2e ? `, e2e (chromium${pgUrl ? '; the agency journey on postgres too' : ''})` : ''}`,
);
console.info(`${passed} passed, ${failed} failed`);
process.exit(status === 0 && failed === 0 && passed > 0 ? 0 : 1);
