// What the bench scripts share (scripts/bench.mjs, scripts/bench/pg.mjs, public-page.mjs, console.mjs): how the
// product is started (exactly as `npm start` starts it), child processes, the load runs and their server CPU
// figures, sign-in, and the table of pairs with their two ratios and verdicts. One copy, so that the figures of
// every bench are measured and judged the same way.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
export const serverEntry = path.join(root, 'apps/server/dist/main.js');
const SERVER_ENTRY_ARG = 'apps/server/dist/main.js';

/**
 * How `npm start` runs the server, read from package.json's `start` script (after its build step):
 * `[VAR=value ...] node [--flag ...] apps/server/dist/main.js`. The bench, the drills' harness and the Dockerfile
 * (checked by a test) take the environment and the V8 flags from here, so that what is measured is what ships.
 */
export function startCommand(
  packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')),
) {
  const script = packageJson.scripts.start;
  const serve = script.split('&&').at(-1).trim().split(/\s+/);
  const env = {};
  while (serve.length && /^[A-Z_][A-Z0-9_]*=/.test(serve[0])) {
    const [name, ...value] = serve.shift().split('=');
    env[name] = value.join('=');
  }
  const node = serve.shift();
  const entry = serve.pop();
  if (node !== 'node' || entry !== SERVER_ENTRY_ARG || serve.some((a) => !a.startsWith('--')))
    throw new Error(
      `package.json start script is not "[VAR=value] node [--flags] ${SERVER_ENTRY_ARG}": ${script}`,
    );
  return { env, nodeFlags: serve };
}

/**
 * The product's environment: this shell's, minus every setting that would make it differ from a plain
 * `npm start` (a level, database, Redis or NODE_ENV set here is not passed on), plus the start script's own
 * variables and `overrides` (port, data directory, secrets; `undefined` removes a variable).
 */
export function productEnv(overrides = {}) {
  const env = { ...process.env };
  for (const name of Object.keys(env))
    if (
      name.startsWith('CUBE_') ||
      ['NODE_ENV', 'DATABASE_URL', 'REDIS_URL', 'MALLOC_ARENA_MAX'].includes(name)
    )
      delete env[name];
  Object.assign(env, startCommand().env);
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/** Exits with a clear message when the build a bench runs is missing. */
export function requireBuilt(paths, name = 'bench') {
  for (const built of paths)
    if (!existsSync(built)) {
      console.error(`${name}: ${path.relative(root, built)} is missing — run \`npm run build\` first.`);
      process.exit(1);
    }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A port nothing listens on now (the kernel picks it; closed again at once). */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/**
 * The child processes of one bench: `start` runs a Node script (the product with its start flags when
 * `product` is set) and calls `onFailure` when one exits with an error before `stop()`.
 */
export function processGroup(name, onFailure = () => process.exit(1)) {
  const children = [];
  let stopping = false;
  return {
    children,
    start(args, { env = process.env, stdout = 'ignore', product = false } = {}) {
      // BENCH_CPU_PROF=<dir>: the product writes a V8 CPU profile there when it stops (stopGracefully).
      const profile =
        product && process.env.BENCH_CPU_PROF
          ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
          : [];
      const argv = product ? [...startCommand().nodeFlags, ...profile, serverEntry, ...args] : args;
      const child = spawn(process.execPath, argv, {
        cwd: root,
        env,
        stdio: ['ignore', stdout, 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d) => {
        stderr += d;
      });
      child.on('exit', (code) => {
        if (code && !stopping) {
          console.error(
            `${name}: ${product ? 'the product' : args.join(' ')} exited with ${code}\n${stderr}`,
          );
          onFailure();
        }
      });
      child.stderrText = () => stderr;
      children.push(child);
      return child;
    },
    stop(signal = 'SIGKILL') {
      stopping = true;
      for (const child of children) if (child.exitCode === null) child.kill(signal);
    },
    /** SIGTERM to every child and their exits awaited (so that a CPU profile is written). */
    async stopGracefully() {
      stopping = true;
      await Promise.all(
        children
          .filter((child) => child.exitCode === null)
          .map((child) => {
            const exited = new Promise((r) => child.once('exit', r));
            child.kill('SIGTERM');
            return exited;
          }),
      );
    },
  };
}

/** Waits until `url` answers 2xx (every 100 ms, up to `seconds`). */
export async function waitFor(url, seconds = 30) {
  for (let i = 0; i < seconds * 10; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await sleep(100);
  }
  throw new Error(`${url} did not answer`);
}

export const rssMiB = (pid) => {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
};
/** CPU seconds (user + system) a process has used so far. */
export const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** Sign-in through the password grant of the web client; returns `login(tenantId, password, username)`. */
export function signIn(origin, clientSecret) {
  const basic = `Basic ${Buffer.from(`cube_web:${clientSecret}`).toString('base64')}`;
  return async (tenantId, password, username = 'admin') => {
    const md5 = createHash('md5').update(password).digest('hex');
    const res = await fetch(
      `${origin}/api/cube-auth/oauth/token?tenantId=${tenantId}&username=${username}&password=${md5}&grant_type=password&scope=all`,
      { method: 'POST', headers: { authorization: basic } },
    );
    const body = await res.json();
    if (!body.access_token) throw new Error(`login to ${tenantId} failed: ${JSON.stringify(body)}`);
    return body.access_token;
  };
}
export const auth = (token) => ({ 'cube-auth': `bearer ${token}` });

/** Adds parameters through the product's API until its list holds `rows` of them (more than one page). */
export async function ensureParameters(origin, token, rows, listPath) {
  const existing = (await (await fetch(`${origin}${listPath}`, { headers: auth(token) })).json()).data.total;
  for (let i = existing; i < rows; i++) {
    const res = await fetch(`${origin}/api/cube-system/param/submit`, {
      method: 'POST',
      headers: { ...auth(token), 'content-type': 'application/json' },
      body: JSON.stringify({
        paramName: `压测参数 ${i}`,
        paramKey: `bench.param.${i}`,
        paramValue: String(i),
      }),
    });
    if (!res.ok) throw new Error(`adding parameter ${i} failed: ${await res.text()}`);
  }
}

/** The load settings every bench reads from its environment. */
export const loadSettings = () => ({
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  warmup: Number(process.env.BENCH_WARMUP ?? 1),
  // Before a pair's rounds, each side serves its path this long unmeasured, once: the rounds then compare steady
  // states. A product of a few hundred modules takes longer to compile its hot paths than a 30-line baseline;
  // without it the first round measured mostly V8's compilers (docs/operations.md, "Speed and memory").
  prewarm: Number(process.env.BENCH_PREWARM ?? 5),
  rounds: Number(process.env.BENCH_ROUNDS ?? 2),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
});

/**
 * One load run (scripts/bench/load.mjs in a process of its own) against `port`: its figures and the server's CPU
 * time per answered request over the measured window only (`cpuUs`; the process `pid`, its children not counted).
 */
export function load({
  port,
  pid,
  path: requestPath,
  headers,
  connections = 50,
  seconds = 5,
  warmup = 1,
  rate,
}) {
  return new Promise((resolve, reject) => {
    let cpuBefore = cpuSeconds(pid);
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'scripts/bench/load.mjs'),
        JSON.stringify({ port, path: requestPath, headers, connections, seconds, warmup, rate }),
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
      result.cpuUs = ((cpuSeconds(pid) - cpuBefore) * 1e6) / result.requests;
      resolve(result);
    });
  });
}

export const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
/** The mean of several runs of one side. */
export const summary = (rs) => ({
  rps: mean(rs.map((r) => r.rps)),
  p99: mean(rs.map((r) => r.p99)),
  cpuUs: mean(rs.map((r) => r.cpuUs)),
  generatorCpu: Math.max(...rs.map((r) => r.generatorCpu)),
  failed: rs.reduce((n, r) => n + r.non2xx + r.errors, 0),
  requests: rs.reduce((n, r) => n + r.requests, 0),
});

/**
 * Runs each pair `settings.rounds` times, baseline then product alternately (one server under load at a time),
 * and returns `{ pair, baseline, product }` summaries. A pair: `{ key, name, target, p99Factor?, baseline: { label,
 * port, pid, path, headers? }, product: { port, pid, path, headers? } }`.
 */
export async function measurePairs(pairs, settings, verbose = Boolean(process.env.BENCH_VERBOSE)) {
  const rows = [];
  for (const pair of pairs) {
    const runs = { baseline: [], product: [] };
    if (settings.prewarm > 0)
      for (const side of ['baseline', 'product'])
        await load({ ...settings, ...pair[side], seconds: settings.prewarm, warmup: 0 });
    for (let round = 0; round < settings.rounds; round++) {
      for (const side of ['baseline', 'product']) runs[side].push(await load({ ...settings, ...pair[side] }));
      if (verbose) {
        const [b, p] = [runs.baseline.at(-1), runs.product.at(-1)];
        console.info(
          `  ${pair.key} round ${round + 1}: baseline ${b.rps.toFixed(0)} req/s p99 ${b.p99.toFixed(1)} ms ${b.cpuUs.toFixed(0)} µs, product ${p.rps.toFixed(0)} req/s p99 ${p.p99.toFixed(1)} ms ${p.cpuUs.toFixed(0)} µs`,
        );
      }
    }
    rows.push({ pair, baseline: summary(runs.baseline), product: summary(runs.product) });
  }
  return rows;
}

/**
 * The verdicts of one measured pair: the product against its baseline by server CPU per request (baseline µs ÷
 * product µs) and by throughput (product req/s ÷ baseline req/s), each against the pair's target, and p99 (product
 * ÷ baseline) against `p99Factor` when the pair has one. A side that answered nothing fails rather than divides by 0.
 */
export function judge({ pair, baseline, product }) {
  const cpuRatio = product.cpuUs > 0 && Number.isFinite(product.cpuUs) ? baseline.cpuUs / product.cpuUs : 0;
  const rpsRatio = baseline.rps ? product.rps / baseline.rps : 0;
  const p99Ratio = baseline.p99 ? product.p99 / baseline.p99 : Number.POSITIVE_INFINITY;
  const cpuOk = cpuRatio >= pair.target;
  const rpsOk = rpsRatio >= pair.target;
  const p99Ok = pair.p99Factor ? p99Ratio <= pair.p99Factor : true;
  return { cpuRatio, rpsRatio, p99Ratio, cpuOk, rpsOk, p99Ok, ok: cpuOk && rpsOk && p99Ok };
}

const fmt = (n, w, d = 0) => n.toFixed(d).padStart(w);
const met = (ok) => (ok ? 'met' : 'MISSED');

/** Prints the table of measured pairs (label column `width` wide); returns how many pairs missed a target. */
export function printPairs(rows, width = 44) {
  console.info(
    `${''.padEnd(width)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(7)} ${'CPU µs/req'.padStart(10)} ${'gen CPU'.padStart(7)}`,
  );
  let missed = 0;
  for (const row of rows) {
    const { pair, baseline, product: p } = row;
    const v = judge(row);
    if (!v.ok) missed++;
    const line = (label, s) =>
      `  ${label.padEnd(width - 2)} ${fmt(s.rps, 8)} ${fmt(s.p99, 7, 1)} ${fmt(s.cpuUs, 10)} ${fmt(s.generatorCpu, 7, 2)}${s.failed ? `  (${s.failed} failed)` : ''}`;
    console.info(pair.name);
    console.info(line(`baseline: ${pair.baseline.label}`, baseline));
    console.info(line('product', p));
    console.info(
      `  ratio by CPU/req ${v.cpuRatio.toFixed(2)}x ≥ ${pair.target}x ${met(v.cpuOk)}; by throughput ${v.rpsRatio.toFixed(2)}x ≥ ${pair.target}x ${met(v.rpsOk)}${
        pair.p99Factor ? `; p99 ${v.p99Ratio.toFixed(2)}x ≤ ${pair.p99Factor}x ${met(v.p99Ok)}` : ''
      }`,
    );
  }
  return missed;
}
