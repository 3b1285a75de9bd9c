#!/usr/bin/env node
// `npm run bench`: the product's hot paths against bare baselines measured in the same run, on the same machine,
// with the same load — so the ratios compare across machines. It runs what `npm run build` produced and builds
// nothing itself. Loopback only; bounded in time (about a minute and a half with the defaults).
//
// The product runs in its shipped default configuration: its own log level (CUBE_LOG_LEVEL unset: one line per
// request at info) and its own log destination (JSON lines to standard output through pino's asynchronous
// destination), read here through a pipe as a container runtime or a service manager reads it. The output states
// the level and how many lines the product wrote.
//
// Processes: this one only orchestrates. The product (apps/server/dist/main.js, SQLite in a temporary directory),
// three bare servers (scripts/bench/baseline.mjs) and, for each measurement, a load generator
// (scripts/bench/load.mjs) each run in a process of their own; one server is under load at a time.
//
// Environment: BENCH_SECONDS (measured seconds per run, default 5), BENCH_WARMUP (default 1), BENCH_ROUNDS
// (baseline/product alternations per pair, default 2; figures are the mean), BENCH_CONNECTIONS (default 50),
// BENCH_ROWS (parameter rows in the table, default 100), BENCH_USERS (users of the demo tenant for the user list,
// default 100000), BENCH_PAIRS (e.g. `liveness,list`; default all four: liveness, list, user-info, users),
// BENCH_VERBOSE (print each round), BENCH_LOG_LEVEL (another product log level than its default, e.g. `warn` to
// measure it without request lines).
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROWS = Number(process.env.BENCH_ROWS ?? 100);

/** The V8 flags `npm start` and the image run the product with (a 4 MiB young generation: see docs/operations.md). */
const NODE_FLAGS = ['--max-semi-space-size=4'];
const serverEntry = path.join(root, 'apps/server/dist/main.js');
for (const built of [serverEntry, path.join(root, 'packages/contract/dist')]) {
  if (!existsSync(built)) {
    console.error(`bench: ${path.relative(root, built)} is missing — run \`npm run build\` first.`);
    process.exit(1);
  }
}

const children = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'cube-bench-'));
const cleanup = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));

/** A port nothing listens on now (the kernel picks it; closed again at once). */
const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

function start(args, env = {}, stdout = 'ignore') {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', stdout, 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  child.on('exit', (code) => {
    if (code && !exiting) {
      console.error(`bench: ${args.join(' ')} exited with ${code}\n${stderr}`);
      process.exit(1);
    }
  });
  children.push(child);
  return child;
}
let exiting = false;

async function waitFor(url) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

const rssMiB = (pid) => {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
};
/** CPU seconds (user + system) a process has used so far. */
const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

// The product, as `npm start` runs it (minus the build), on SQLite in a fresh directory.
const secret = randomBytes(48).toString('base64url');
const clientSecret = randomBytes(24).toString('base64url');
const port = await freePort();
const productEnv = {
  PORT: String(port),
  HOST: '127.0.0.1',
  CUBE_DATA_DIR: dataDir,
  CUBE_JWT_SECRET: secret,
  CUBE_WEB_CLIENT_SECRET: clientSecret,
  // The product's own default unless BENCH_LOG_LEVEL asks for another (a level set in this shell is not passed on).
  CUBE_LOG_LEVEL: process.env.BENCH_LOG_LEVEL || undefined,
  NODE_ENV: 'development',
  DATABASE_URL: '',
  REDIS_URL: '',
};
// The level the product runs at, as its configuration reads this environment.
const { loadConfig } = await import(path.join(root, 'apps/server/dist/config.js'));
const logLevel = loadConfig(
  Object.fromEntries(Object.entries(productEnv).filter(([, v]) => v !== undefined)),
).logLevel;
const product = start([...NODE_FLAGS, serverEntry], productEnv, 'pipe');
// The product's log, drained as a log collector would: lines and bytes are counted, nothing is kept.
const productLog = { bytes: 0, lines: 0 };
product.stdout.on('data', (chunk) => {
  productLog.bytes += chunk.length;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) productLog.lines++;
});
const origin = `http://127.0.0.1:${port}`;
await waitFor(`${origin}/api/ready`);
await new Promise((r) => setTimeout(r, 1000));
const startedRss = rssMiB(product.pid);
// Idle: V8 gives back the start-up's young-generation pages once the process has been quiet for a while (its
// memory reducer, ~10 s), so the target is read after 20 s of no requests; the 1 s figure is printed beside it.
await new Promise((r) => setTimeout(r, 19_000));
const idleRss = rssMiB(product.pid);

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
const platformToken = await login('000000', 'Admin@2026');
const tenantToken = await login('100000', 'Demo@2026');

// Enough parameters for the list to read a full page out of a table that is more than one page long.
const listPath = '/api/cube-system/param/list?current=1&size=10';
const auth = (token) => ({ 'cube-auth': `bearer ${token}` });
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

// The user list of a tenant with BENCH_USERS users, read by the demo 部门经理 (data scope: their department and
// below, through cube_user_dept): written straight into the product's file while it is idle (one transaction),
// spread over every department of the tenant, before the baselines copy the file.
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const usersPath = '/api/cube-user/page?current=1&size=10';
const MANAGER_DEPT = '1123598813738675203';
{
  const { default: SQLite } = await import('better-sqlite3');
  const file = new SQLite(path.join(dataDir, 'cube.db'));
  file.pragma('busy_timeout = 5000');
  file.defaultSafeIntegers(true);
  const tenant = '100000';
  const depts = file
    .prepare('select id from cube_dept where tenant_id = ? and is_deleted = 0 order by id')
    .all(tenant)
    .map((r) => r.id);
  const have = Number(
    file
      .prepare("select count(*) as n from cube_user where tenant_id = ? and account like 'bench%'")
      .get(tenant).n,
  );
  const stamp = '2026-01-01 09:00:00';
  const user =
    file.prepare(`insert into cube_user (id, tenant_id, user_type, account, password, code, name, real_name,
      avatar, email, phone, role_id, dept_id, post_id, birthday, sex, password_must_change, create_user, create_dept,
      create_time, update_user, update_time, status, is_deleted)
    values (?, ?, 1, ?, 'x', '', ?, ?, '', '', ?, '1123598816738675203', ?, '', null, 3, 1, null, null, ?, null, ?, 1, 0)`);
  const link = file.prepare(
    'insert into cube_user_dept (id, tenant_id, user_id, dept_id) values (?, ?, ?, ?)',
  );
  file.transaction(() => {
    for (let i = have; i < USERS; i++) {
      const id = 3_000_000_000_000_000_000n + BigInt(i);
      const dept = depts[i % depts.length];
      user.run(
        id,
        tenant,
        `bench${i}`,
        `压测${i}`,
        `压测用户${i}`,
        `139${String(i).padStart(8, '0')}`,
        String(dept),
        stamp,
        stamp,
      );
      link.run(id, tenant, id, dept);
    }
  })();
  file.close();
}
const managerToken = await login('100000', 'Manager@2026', 'manager');

const baselines = {
  fastify: await freePort(),
  page: await freePort(),
  verify: await freePort(),
  users: await freePort(),
};
start([path.join(root, 'scripts/bench/baseline.mjs'), 'fastify', String(baselines.fastify)]);
start([
  path.join(root, 'scripts/bench/baseline.mjs'),
  'page',
  String(baselines.page),
  path.join(dataDir, 'cube.db'),
]);
start([path.join(root, 'scripts/bench/baseline.mjs'), 'verify', String(baselines.verify), secret]);
start([
  path.join(root, 'scripts/bench/baseline.mjs'),
  'users',
  String(baselines.users),
  path.join(dataDir, 'cube.db'),
  MANAGER_DEPT,
]);
await waitFor(`http://127.0.0.1:${baselines.fastify}/api/health`);
await waitFor(`http://127.0.0.1:${baselines.page}${listPath}`);
await waitFor(`http://127.0.0.1:${baselines.users}${usersPath}`);
await new Promise((r) => setTimeout(r, 300));

const pids = { product: product.pid };
[, pids.fastify, pids.page, pids.verify, pids.users] = children.map((c) => c.pid);

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
      const cpuAfter = cpuSeconds(pid);
      const result = JSON.parse(out.slice(out.indexOf('{')));
      // CPU time of the server per answered request, over the measured window only.
      result.cpuUs = ((cpuAfter - cpuBefore) * 1e6) / result.requests;
      resolve(result);
    });
  });
}

const allPairs = [
  {
    key: 'liveness',
    name: 'liveness /api/health',
    baseline: { label: 'bare Fastify', port: baselines.fastify, pid: pids.fastify, path: '/api/health' },
    product: { path: '/api/health' },
    target: 0.7,
  },
  {
    key: 'list',
    name: 'parameter list (10-row page + count)',
    baseline: {
      label: 'Fastify + Kysely + better-sqlite3',
      port: baselines.page,
      pid: pids.page,
      path: listPath,
    },
    product: { path: listPath, headers: auth(platformToken) },
    target: 0.7,
    p99Factor: 2,
  },
  {
    key: 'user-info',
    name: 'user-info (token, session, profile)',
    baseline: {
      label: 'Fastify + jose HS256 verify',
      port: baselines.verify,
      pid: pids.verify,
      path: '/api/cube-auth/oauth/user-info',
      headers: auth(tenantToken),
    },
    product: { path: '/api/cube-auth/oauth/user-info', headers: auth(tenantToken) },
    target: 0.6,
  },
  {
    key: 'users',
    name: `user list, ${USERS} users, department-and-below scope (10-row page + count)`,
    baseline: {
      label: 'Fastify + Kysely + better-sqlite3',
      port: baselines.users,
      pid: pids.users,
      path: usersPath,
    },
    product: { path: usersPath, headers: auth(managerToken) },
    target: 0.7,
    p99Factor: 2,
  },
];

const only = (process.env.BENCH_PAIRS ?? '').split(',').filter(Boolean);
const pairs = only.length ? allPairs.filter((p) => only.includes(p.key)) : allPairs;

// Every request of every pair must succeed on both sides before anything is measured.
for (const pair of pairs) {
  for (const [o, side] of [
    [`http://127.0.0.1:${pair.baseline.port}`, pair.baseline],
    [origin, pair.product],
  ]) {
    const res = await fetch(`${o}${side.path}`, { headers: side.headers ?? {} });
    if (res.status !== 200) throw new Error(`${o}${side.path} answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  }
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const rows = [];
for (const pair of pairs) {
  const runs = { baseline: [], product: [] };
  for (let round = 0; round < ROUNDS; round++) {
    runs.baseline.push(
      await load(pair.baseline.port, pair.baseline.pid, pair.baseline.path, pair.baseline.headers),
    );
    runs.product.push(await load(port, pids.product, pair.product.path, pair.product.headers));
    if (process.env.BENCH_VERBOSE) {
      const [b, p] = [runs.baseline.at(-1), runs.product.at(-1)];
      console.info(
        `${pair.key} round ${round + 1}: baseline ${b.rps.toFixed(0)} req/s ${b.cpuUs.toFixed(0)} µs, product ${p.rps.toFixed(0)} req/s ${p.cpuUs.toFixed(0)} µs`,
      );
    }
  }
  const summary = (rs) => ({
    rps: mean(rs.map((r) => r.rps)),
    p99: mean(rs.map((r) => r.p99)),
    cpuUs: mean(rs.map((r) => r.cpuUs)),
    generatorCpu: Math.max(...rs.map((r) => r.generatorCpu)),
    failed: rs.reduce((n, r) => n + r.non2xx + r.errors, 0),
    requests: rs.reduce((n, r) => n + r.requests, 0),
  });
  rows.push({ pair, baseline: summary(runs.baseline), product: summary(runs.product) });
}
const loadedRss = rssMiB(product.pid);
exiting = true;
const totalRequests = rows.reduce((n, r) => n + r.product.requests, 0);

const fmt = (n, w, d = 0) => n.toFixed(d).padStart(w);
console.info(
  `\n${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s per side (+${WARMUP} s warm-up), Node ${process.version}`,
);
console.info(
  `product log: level ${logLevel}${process.env.BENCH_LOG_LEVEL ? ' (BENCH_LOG_LEVEL)' : ' (its default)'}, JSON lines to standard output through pino's asynchronous destination, read through a pipe; ${productLog.lines} lines (${(productLog.bytes / 1e6).toFixed(1)} MB) written in all (set-up and warm-ups included; ${totalRequests} measured requests)\n`,
);
const W = 44;
console.info(
  `${''.padEnd(W)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(7)} ${'CPU µs/req'.padStart(10)} ${'gen CPU'.padStart(7)}   ratio`,
);
let missed = 0;
for (const { pair, baseline, product: p } of rows) {
  const ratio = p.rps / baseline.rps;
  const p99Ratio = p.p99 / baseline.p99;
  const okRatio = ratio >= pair.target;
  const okP99 = pair.p99Factor ? p99Ratio <= pair.p99Factor : true;
  if (!okRatio || !okP99) missed++;
  console.info(pair.name);
  console.info(
    `  ${`baseline: ${pair.baseline.label}`.padEnd(W - 2)} ${fmt(baseline.rps, 8)} ${fmt(baseline.p99, 7, 1)} ${fmt(baseline.cpuUs, 10)} ${fmt(baseline.generatorCpu, 7, 2)}${baseline.failed ? `  (${baseline.failed} failed)` : ''}`,
  );
  console.info(
    `  ${'product'.padEnd(W - 2)} ${fmt(p.rps, 8)} ${fmt(p.p99, 7, 1)} ${fmt(p.cpuUs, 10)} ${fmt(p.generatorCpu, 7, 2)}   ${ratio.toFixed(2)}x  ≥ ${pair.target}x ${okRatio ? 'met' : 'MISSED'}${
      pair.p99Factor ? `; p99 ${p99Ratio.toFixed(2)}x ≤ ${pair.p99Factor}x ${okP99 ? 'met' : 'MISSED'}` : ''
    }${p.failed ? `  (${p.failed} failed)` : ''}`,
  );
}
console.info(
  '\nCPU µs/req: the server process’s CPU time per answered request; gen CPU: share of a core the load generator\nused (near 1 would mean it, not the server, set the pace).',
);
const rssOk = idleRss <= 120;
if (!rssOk) missed++;
console.info(
  `\nproduct RSS: idle ${idleRss.toFixed(0)} MiB after 20 s without requests (≤ 120 ${rssOk ? 'met' : 'MISSED'}; ${startedRss.toFixed(0)} MiB 1 s after ready), after load ${loadedRss.toFixed(0)} MiB`,
);
console.info(missed ? `${missed} target(s) missed` : 'all targets met');
process.exit(0);
