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
// BENCH_SECONDS (default 5), BENCH_WARMUP (1), BENCH_ROUNDS (2), BENCH_CONNECTIONS (50), BENCH_ROWS (parameters,
// 100), BENCH_LOG_LEVEL, BENCH_VERBOSE; BENCH_PG_KEEP leaves the database in place at the end (to EXPLAIN its queries).
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
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

const NODE_FLAGS = ['--max-semi-space-size=4'];
const serverEntry = path.join(root, 'apps/server/dist/main.js');
for (const built of [serverEntry, path.join(root, 'packages/contract/dist')]) {
  if (!existsSync(built)) {
    console.error(`bench:pg: ${path.relative(root, built)} is missing — run \`npm run build\` first.`);
    process.exit(1);
  }
}

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

const children = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'cube-bench-pg-'));
let exiting = false;
let dropped = false;
async function cleanup() {
  exiting = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  if (!dropped) {
    dropped = true;
    await admin(`drop database if exists ${DB_NAME} with (force)`).catch(() => {});
  }
}
process.on('SIGINT', () => cleanup().finally(() => process.exit(130)));

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

function start(args, env = {}) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  child.on('exit', (code) => {
    if (code && !exiting) {
      console.error(`bench:pg: ${args.join(' ')} exited with ${code}\n${stderr}`);
      cleanup().finally(() => process.exit(1));
    }
  });
  children.push(child);
  return child;
}

async function waitFor(url) {
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

// The product on its own fresh database: it migrates and seeds it at start, as `npm start` does.
const clientSecret = randomBytes(24).toString('base64url');
const port = await freePort();
const product = start([...NODE_FLAGS, serverEntry], {
  PORT: String(port),
  HOST: '127.0.0.1',
  CUBE_DATA_DIR: dataDir,
  CUBE_JWT_SECRET: randomBytes(48).toString('base64url'),
  CUBE_WEB_CLIENT_SECRET: clientSecret,
  CUBE_LOG_LEVEL: process.env.BENCH_LOG_LEVEL || undefined,
  NODE_ENV: 'development',
  DATABASE_URL: dbUrl,
  REDIS_URL: '',
});
const origin = `http://127.0.0.1:${port}`;
await waitFor(`${origin}/api/ready`);

const basic = `Basic ${Buffer.from(`cube_web:${clientSecret}`).toString('base64')}`;
async function login(tenantId, password, username = 'admin') {
  const md5 = createHash('md5').update(password).digest('hex');
  const res = await fetch(
    `${origin}/api/cube-auth/oauth/token?tenantId=${tenantId}&username=${username}&password=${md5}&grant_type=password&scope=all`,
    { method: 'POST', headers: { authorization: basic } },
  );
  const body = await res.json();
  if (!body.access_token) throw new Error(`login to ${tenantId} failed: ${JSON.stringify(body)}`);
  return body.access_token;
}
const auth = (token) => ({ 'cube-auth': `bearer ${token}` });
const platformToken = await login('000000', 'Admin@2026');

const listPath = '/api/cube-system/param/list?current=1&size=10';
const existing = (await (await fetch(`${origin}${listPath}`, { headers: auth(platformToken) })).json()).data
  .total;
for (let i = existing; i < ROWS; i++) {
  const res = await fetch(`${origin}/api/cube-system/param/submit`, {
    method: 'POST',
    headers: { ...auth(platformToken), 'content-type': 'application/json' },
    body: JSON.stringify({ paramName: `压测参数 ${i}`, paramKey: `bench.param.${i}`, paramValue: String(i) }),
  });
  if (!res.ok) throw new Error(`adding parameter ${i} failed: ${await res.text()}`);
}

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
    await client.query('analyze cube_user');
    await client.query('analyze cube_user_dept');
  } finally {
    await client.end();
  }
}

const baselines = { page: await freePort(), users: await freePort() };
const baselineScript = path.join(root, 'scripts/bench/baseline.mjs');
const pageBaseline = start([baselineScript, 'page', String(baselines.page), dbUrl]);
const usersBaseline = start([baselineScript, 'users', String(baselines.users), dbUrl, MANAGER_DEPT]);
await waitFor(`http://127.0.0.1:${baselines.page}${listPath}`);
await waitFor(`http://127.0.0.1:${baselines.users}${usersPath}`);

function load(serverPort, pid, requestPath, headers) {
  return new Promise((resolve, reject) => {
    let cpuBefore = cpuSeconds(pid);
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'scripts/bench/load.mjs'),
        JSON.stringify({
          port: serverPort,
          path: requestPath,
          headers,
          connections: CONNECTIONS,
          seconds: SECONDS,
          warmup: WARMUP,
        }),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    let started = false;
    child.stdout.on('data', (d) => {
      out += d;
      if (!started && out.includes('start\n')) {
        started = true;
        cpuBefore = cpuSeconds(pid);
      }
    });
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      const result = JSON.parse(out.slice(out.indexOf('{')));
      // Server CPU per answered request, the Node process only (PostgreSQL's own backends are not counted).
      result.cpuUs = ((cpuSeconds(pid) - cpuBefore) * 1e6) / result.requests;
      resolve(result);
    });
  });
}

const pairsFor = (users) => [
  {
    key: 'list',
    name: `parameter list (10-row page + count), ${users} users in the database`,
    baseline: { label: 'Fastify + Kysely + pg', port: baselines.page, pid: pageBaseline.pid, path: listPath },
    product: { path: listPath, headers: auth(platformToken) },
    target: 0.7,
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
    product: { path: usersPath, headers: auth(managerToken) },
    target: 0.7,
    p99Factor: 2,
  },
];

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const summary = (rs) => ({
  rps: mean(rs.map((r) => r.rps)),
  p99: mean(rs.map((r) => r.p99)),
  cpuUs: mean(rs.map((r) => r.cpuUs)),
  generatorCpu: Math.max(...rs.map((r) => r.generatorCpu)),
  failed: rs.reduce((n, r) => n + r.non2xx + r.errors, 0),
});
const fmt = (n, w, d = 0) => n.toFixed(d).padStart(w);
const W = 60;
let missed = 0;
const userP99 = [];
console.info(
  `PostgreSQL bench: ${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s per side (+${WARMUP} s warm-up), Node ${process.version}`,
);
for (const users of USER_COUNTS) {
  const began = performance.now();
  await growUsers(users);
  console.info(
    `\n${users} users written and analysed in ${((performance.now() - began) / 1000).toFixed(1)} s`,
  );
  const rows = [];
  for (const pair of pairsFor(users)) {
    for (const [o, side] of [
      [`http://127.0.0.1:${pair.baseline.port}`, pair.baseline],
      [origin, pair.product],
    ]) {
      const res = await fetch(`${o}${side.path}`, { headers: side.headers ?? {} });
      if (res.status !== 200) throw new Error(`${o}${side.path} answered ${res.status}: ${await res.text()}`);
      const body = await res.json();
      if (pair.key === 'users' && process.env.BENCH_VERBOSE)
        console.info(`  ${side === pair.product ? 'product' : 'baseline'} total ${body.data.total}`);
    }
    const runs = { baseline: [], product: [] };
    for (let round = 0; round < ROUNDS; round++) {
      runs.baseline.push(
        await load(pair.baseline.port, pair.baseline.pid, pair.baseline.path, pair.baseline.headers),
      );
      runs.product.push(await load(port, product.pid, pair.product.path, pair.product.headers));
      if (process.env.BENCH_VERBOSE) {
        const [b, p] = [runs.baseline.at(-1), runs.product.at(-1)];
        console.info(
          `  ${pair.key} round ${round + 1}: baseline ${b.rps.toFixed(0)} req/s p99 ${b.p99.toFixed(1)}, product ${p.rps.toFixed(0)} req/s p99 ${p.p99.toFixed(1)}`,
        );
      }
    }
    rows.push({ pair, baseline: summary(runs.baseline), product: summary(runs.product) });
  }
  console.info(
    `${''.padEnd(W)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(7)} ${'CPU µs/req'.padStart(10)} ${'gen CPU'.padStart(7)}   ratio`,
  );
  for (const { pair, baseline, product: p } of rows) {
    // A side that answered nothing in the window (a count too slow for it) fails its targets rather than dividing by 0.
    const ratio = baseline.rps ? p.rps / baseline.rps : 0;
    const p99Ratio = baseline.p99 ? p.p99 / baseline.p99 : Number.POSITIVE_INFINITY;
    const okRatio = ratio >= pair.target;
    const okP99 = p99Ratio <= pair.p99Factor;
    if (!okRatio || !okP99) missed++;
    if (pair.key === 'users') userP99.push({ users, product: p.p99, baseline: baseline.p99 });
    console.info(pair.name);
    console.info(
      `  ${`baseline: ${pair.baseline.label}`.padEnd(W - 2)} ${fmt(baseline.rps, 8)} ${fmt(baseline.p99, 7, 1)} ${fmt(baseline.cpuUs, 10)} ${fmt(baseline.generatorCpu, 7, 2)}${baseline.failed ? `  (${baseline.failed} failed)` : ''}`,
    );
    console.info(
      `  ${'product'.padEnd(W - 2)} ${fmt(p.rps, 8)} ${fmt(p.p99, 7, 1)} ${fmt(p.cpuUs, 10)} ${fmt(p.generatorCpu, 7, 2)}   ${ratio.toFixed(2)}x  ≥ ${pair.target}x ${okRatio ? 'met' : 'MISSED'}; p99 ${p99Ratio.toFixed(2)}x ≤ ${pair.p99Factor}x ${okP99 ? 'met' : 'MISSED'}${p.failed ? `  (${p.failed} failed)` : ''}`,
    );
  }
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
await cleanup();
process.exit(0);
