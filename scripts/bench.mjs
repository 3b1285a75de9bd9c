#!/usr/bin/env node
// Throughput of the product's hot paths as ratios against a bare Fastify server measured in the same run, so that
// the numbers compare across machines. Needs `npm run build` first. Loopback only; bounded in time.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';

const root = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 32;

async function load(origin, requestFor) {
  const pool = new Pool(origin, { connections: CONNECTIONS });
  let done = 0;
  let failed = 0;
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const res = await pool.request(requestFor());
        await res.body.dump();
        if (res.statusCode === 200) done++;
        else failed++;
      }
    }),
  );
  await pool.close();
  return { rps: done / SECONDS, failed };
}

// The baseline runs in its own process, like the product, so that neither shares a core with the load generator.
const basePort = 19000 + Math.floor(Math.random() * 1000);
const baseline = spawn(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    `import Fastify from 'fastify'; const app = Fastify(); app.get('/api/health', async () => ({ status: 'UP' })); await app.listen({ port: ${basePort}, host: '127.0.0.1' });`,
  ],
  { cwd: path.join(root, 'apps/server'), stdio: 'ignore' },
);
const baseOrigin = `http://127.0.0.1:${basePort}`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'cube-bench-'));
const port = 18000 + Math.floor(Math.random() * 1000);
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    CUBE_DATA_DIR: dataDir,
    CUBE_LOG_LEVEL: 'warn',
  },
  stdio: 'ignore',
});
const origin = `http://127.0.0.1:${port}`;
async function waitFor(url) {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}
await waitFor(`${origin}/api/ready`);
await waitFor(`${baseOrigin}/api/health`);
const secret = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')).webClientSecret;
const basic = `Basic ${Buffer.from(`cube_web:${secret}`).toString('base64')}`;
const md5 = createHash('md5').update('Demo@2026').digest('hex');
const login = await fetch(
  `${origin}/api/cube-auth/oauth/token?tenantId=100000&username=admin&password=${md5}&grant_type=password&scope=all`,
  {
    method: 'POST',
    headers: { authorization: basic },
  },
);
const token = (await login.json()).access_token;
const adminMd5 = createHash('md5').update('Admin@2026').digest('hex');
const adminLogin = await fetch(
  `${origin}/api/cube-auth/oauth/token?tenantId=000000&username=admin&password=${adminMd5}&grant_type=password&scope=all`,
  { method: 'POST', headers: { authorization: basic } },
);
const adminToken = (await adminLogin.json()).access_token;

const results = [];
const measure = async (name, o, req) => {
  const r = await load(o, () => req);
  results.push({ name, ...r });
};
await measure('baseline: bare Fastify /api/health', baseOrigin, { method: 'GET', path: '/api/health' });
await measure('liveness /api/health', origin, { method: 'GET', path: '/api/health' });
await measure('parameter list (token, permission, page)', origin, {
  method: 'GET',
  path: '/api/cube-system/param/list?current=1&size=10',
  headers: { 'cube-auth': `bearer ${adminToken}` },
});
await measure('user-info (token + session check)', origin, {
  method: 'GET',
  path: '/api/cube-auth/oauth/user-info',
  headers: { 'cube-auth': `bearer ${token}` },
});
server.kill('SIGTERM');
baseline.kill('SIGTERM');
rmSync(dataDir, { recursive: true, force: true });

const base = results[0].rps;
console.info(`\n${CONNECTIONS} connections, ${SECONDS}s each\n`);
for (const r of results) {
  console.info(
    `${r.name.padEnd(40)} ${r.rps.toFixed(0).padStart(8)} req/s  ratio ${(r.rps / base).toFixed(2)}${r.failed ? `  (${r.failed} non-200)` : ''}`,
  );
}
const mem = process.memoryUsage();
console.info(`\nbench process rss ${(mem.rss / 1048576).toFixed(0)} MiB`);
