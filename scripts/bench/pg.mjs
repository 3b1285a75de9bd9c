#!/usr/bin/env node
// `npm run bench:pg`: the parameter list and the department-scoped user page on PostgreSQL, at 1,000 and then
// 1,000,000 users of the demo tenant, each beside bare node-postgres + Kysely baselines (scripts/bench/baseline.mjs)
// measured in the same run — ratios and output as `npm run bench` prints them for SQLite. Opt-in: generating and
// indexing a million users takes a few minutes on a small machine.
//
// The script creates a database of its own (`cube_bench_pg`, dropped before and after) on the server of
// BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres), starts the product on it (which applies its
// migrations and seed itself, as `npm start` does), writes the users with `generate_series` in one statement per
// table, and reads with both the product and the baselines from that one database. It runs what `npm run build`
// produced and builds nothing itself.
//
// Environment: BENCH_PG_URL, BENCH_PG_USERS (the user counts, default `1000,1000000`), and as for `npm run bench`:
// BENCH_SECONDS (default 5), BENCH_WARMUP (1), BENCH_PREWARM (5), BENCH_ROUNDS (2), BENCH_CONNECTIONS (50), BENCH_ROWS (parameters,
// 100), BENCH_LOG_LEVEL, BENCH_VERBOSE, BENCH_PAIRS (`list`, `users`); BENCH_PG_KEEP leaves the database in place at
// the end (to EXPLAIN its queries); BENCH_CPU_PROF=<dir> has the product write a V8 CPU profile of the run there.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  auth,
  ensureParameters,
  freePort,
  loadSettings,
  measurePairs,
  printPairs,
  processGroup,
  productEnv,
  requireBuilt,
  root,
  serverEntry,
  signIn,
  waitFor,
} from './harness.mjs';

const settings = loadSettings();
const ROWS = Number(process.env.BENCH_ROWS ?? 100);
const USER_COUNTS = (process.env.BENCH_PG_USERS ?? '1000,1000000').split(',').map(Number);
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'cube_bench_pg';
const dbUrl = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${DB_NAME}`;
  return u.toString();
})();
/** How much p99 of the user page may grow from the smallest to the largest table and still count as flat. */
const FLAT_P99 = 1.5;
requireBuilt([serverEntry, path.join(root, 'packages/contract/dist')], 'bench:pg');

const { default: pg } = await import('pg');
async function admin(sql) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
await admin(`drop database if exists ${DB_NAME} with (force)`);
await admin(`create database ${DB_NAME}`);

const dataDir = mkdtempSync(path.join(tmpdir(), 'cube-bench-pg-'));
let dropped = false;
const group = processGroup('bench:pg', () => cleanup().finally(() => process.exit(1)));
async function cleanup() {
  group.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (!dropped) {
    dropped = true;
    await admin(`drop database if exists ${DB_NAME} with (force)`).catch(() => {});
  }
}
process.on('SIGINT', () => cleanup().finally(() => process.exit(130)));

// The product on its own fresh database, started as `npm start` starts it: it migrates and seeds it at start.
const clientSecret = randomBytes(24).toString('base64url');
const port = await freePort();
const product = group.start([], {
  product: true,
  env: productEnv({
    PORT: String(port),
    HOST: '127.0.0.1',
    CUBE_DATA_DIR: dataDir,
    CUBE_JWT_SECRET: randomBytes(48).toString('base64url'),
    CUBE_WEB_CLIENT_SECRET: clientSecret,
    CUBE_LOG_LEVEL: process.env.BENCH_LOG_LEVEL || undefined,
    DATABASE_URL: dbUrl,
  }),
});
const origin = `http://127.0.0.1:${port}`;
await waitFor(`${origin}/api/ready`, 120);

const login = signIn(origin, clientSecret);
const platformToken = await login('000000', 'Admin@2026');

const listPath = '/api/cube-system/param/list?current=1&size=10';
await ensureParameters(origin, platformToken, ROWS, listPath);

const usersPath = '/api/cube-user/page?current=1&size=10';
const MANAGER_DEPT = '1123598813738675203';
const TENANT = '100000';
const managerToken = await login(TENANT, 'Manager@2026', 'manager');

/**
 * Brings the bench users of the demo tenant up to `count`, spread over every department as `npm run bench` does,
 * with one `generate_series` statement per table, then refreshes the planner's statistics.
 */
async function growUsers(count) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const have = Number(
      (
        await client.query(
          "select count(*) as n from cube_user where tenant_id = $1 and account like 'bench%'",
          [TENANT],
        )
      ).rows[0].n,
    );
    if (have >= count) return;
    const depts = (
      await client.query('select id from cube_dept where tenant_id = $1 and is_deleted = 0 order by id', [
        TENANT,
      ])
    ).rows.map((r) => r.id);
    const deptOf = `(array[${depts.join(',')}]::bigint[])[1 + (i % ${depts.length})]`;
    const stamp = "timestamp '2026-01-01 09:00:00'";
    await client.query('begin');
    await client.query(
      `insert into cube_user (id, tenant_id, user_type, account, password, code, name, real_name, avatar, email,
         phone, role_id, dept_id, post_id, birthday, sex, password_must_change, create_user, create_dept, create_time,
         update_user, update_time, status, is_deleted)
       select 3000000000000000000 + i, $1, 1, 'bench' || i, 'x', '', '压测' || i, '压测用户' || i, '', '',
         '139' || lpad(i::text, 8, '0'), '1123598816738675203', ${deptOf}::text, '', null, 3, 1, null, null,
         ${stamp}, null, ${stamp}, 1, 0
       from generate_series($2::bigint, $3::bigint) as i`,
      [TENANT, have, count - 1],
    );
    await client.query(
      `insert into cube_user_dept (id, tenant_id, user_id, dept_id)
       select 3000000000000000000 + i, $1, 3000000000000000000 + i, ${deptOf}
       from generate_series($2::bigint, $3::bigint) as i`,
      [TENANT, have, count - 1],
    );
    await client.query('commit');
    await client.query('vacuum analyze cube_user');
    await client.query('vacuum analyze cube_user_dept');
  } finally {
    await client.end();
  }
}

const baselines = { page: await freePort(), users: await freePort() };
const baselineScript = path.join(root, 'scripts/bench/baseline.mjs');
const pageBaseline = group.start([baselineScript, 'page', String(baselines.page), dbUrl]);
const usersBaseline = group.start([baselineScript, 'users', String(baselines.users), dbUrl, MANAGER_DEPT]);
await waitFor(`http://127.0.0.1:${baselines.page}${listPath}`, 120);
await waitFor(`http://127.0.0.1:${baselines.users}${usersPath}`, 120);

// Targets as on SQLite (`npm run bench`): by server CPU per request (the Node process only; PostgreSQL's own
// backends are not counted) and by throughput, each ≥ 0.8x of the bare baseline; p99 ≤ 2x.
const productSide = (requestPath, headers) => ({ port, pid: product.pid, path: requestPath, headers });
const pairsFor = (users) => [
  {
    key: 'list',
    name: `parameter list (10-row page + count), ${users} users in the database`,
    baseline: { label: 'Fastify + Kysely + pg', port: baselines.page, pid: pageBaseline.pid, path: listPath },
    product: productSide(listPath, auth(platformToken)),
    target: 0.8,
    p99Factor: 2,
  },
  {
    key: 'users',
    name: `user list, ${users} users, department-and-below scope (10-row page + total)`,
    baseline: {
      label: 'Fastify + Kysely + pg (count to 1,000)',
      port: baselines.users,
      pid: usersBaseline.pid,
      path: usersPath,
    },
    product: productSide(usersPath, auth(managerToken)),
    target: 0.8,
    p99Factor: 2,
  },
];

const only = (process.env.BENCH_PAIRS ?? '').split(',').filter(Boolean);
let missed = 0;
const userP99 = [];
console.info(
  `PostgreSQL bench: ${settings.connections} connections, ${settings.rounds} × ${settings.seconds} s per side (+${settings.warmup} s warm-up; each side first served the path ${settings.prewarm} s unmeasured), Node ${process.version}`,
);
for (const users of USER_COUNTS) {
  const began = performance.now();
  await growUsers(users);
  console.info(
    `\n${users} users written and analysed in ${((performance.now() - began) / 1000).toFixed(1)} s`,
  );
  const pairs = pairsFor(users).filter((p) => !only.length || only.includes(p.key));
  for (const pair of pairs) {
    for (const side of [pair.baseline, pair.product]) {
      const url = `http://127.0.0.1:${side.port}${side.path}`;
      const res = await fetch(url, { headers: side.headers ?? {} });
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
      const body = await res.json();
      if (pair.key === 'users' && process.env.BENCH_VERBOSE)
        console.info(`  ${side === pair.product ? 'product' : 'baseline'} total ${body.data.total}`);
    }
  }
  const rows = await measurePairs(pairs, settings);
  for (const { pair, baseline, product: p } of rows)
    if (pair.key === 'users') userP99.push({ users, product: p.p99, baseline: baseline.p99 });
  missed += printPairs(rows, 60);
}
if (userP99.length > 1) {
  const [first, last] = [userP99[0], userP99.at(-1)];
  const growth = last.product / first.product;
  const flat = growth <= FLAT_P99;
  if (!flat) missed++;
  console.info(
    `\nuser page p99 from ${first.users} to ${last.users} users: product ${first.product.toFixed(1)} → ${last.product.toFixed(1)} ms (${growth.toFixed(2)}x ≤ ${FLAT_P99}x ${flat ? 'met' : 'MISSED'}); baseline ${first.baseline.toFixed(1)} → ${last.baseline.toFixed(1)} ms`,
  );
}
console.info(
  '\nCPU µs/req: the server process’s CPU time per answered request (PostgreSQL’s backends not included); gen CPU:\nshare of a core the load generator used.',
);
console.info(missed ? `${missed} target(s) missed` : 'all targets met');
if (process.env.BENCH_PG_KEEP) {
  // Kept for EXPLAIN: the database stays; the processes go.
  dropped = true;
  console.info(`database kept: ${dbUrl}`);
}
if (process.env.BENCH_CPU_PROF) {
  await group.stopGracefully();
  console.info(`CPU profile of the product written to ${process.env.BENCH_CPU_PROF}`);
}
await cleanup();
process.exit(0);
