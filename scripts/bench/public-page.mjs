#!/usr/bin/env node
// The public home page's budgets, part of `npm run bench`: the initial JavaScript of `/` (the sum of the
// gzip sizes of every script the page loads, ≤ 100 kB) and its Largest Contentful Paint in headless Chromium
// (≤ 800 ms, the median of BENCH_LCP_RUNS cold loads, default 7). It runs what `npm run build` produced: the
// product (apps/server/dist/main.js, demo data, SQLite in a temporary directory) on loopback, Debian's
// /usr/bin/chromium through playwright-core, each load in a fresh browser context (no cache).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env.BENCH_LCP_RUNS ?? 7);
const JS_BUDGET_KB = 100;
const LCP_BUDGET_MS = 800;
const webDist = path.join(root, 'apps/web/dist');
const serverEntry = path.join(root, 'apps/server/dist/main.js');
for (const built of [serverEntry, path.join(root, 'apps/web/dist-ssr/entry-server.js')]) {
  if (!existsSync(built)) {
    console.error(`bench: ${path.relative(root, built)} is missing — run \`npm run build\` first.`);
    process.exit(1);
  }
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'cube-bench-site-'));
const server = spawn(process.execPath, [serverEntry], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    CUBE_DATA_DIR: dataDir,
    CUBE_LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'pipe'],
});
let stderr = '';
server.stderr.on('data', (d) => {
  stderr += d;
});
let browser;
const cleanup = async () => {
  await browser?.close().catch(() => {});
  if (server.exitCode === null) server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};

try {
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${origin}/api/ready`)).ok) break;
    } catch {}
    if (server.exitCode !== null || i > 300) throw new Error(`server did not start:\n${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  // Warm the server (renderer loaded, statements prepared) before anything is measured.
  for (let i = 0; i < 5; i++) await (await fetch(`${origin}/`)).text();

  browser = await chromium.launch({
    executablePath: process.env.CUBE_CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });

  const lcps = [];
  let scripts = [];
  for (let run = 0; run < RUNS + 1; run++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(`${origin}/`, { waitUntil: 'load' });
    const lcp = await page.evaluate(
      () =>
        new Promise((resolve) => {
          let last = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) last = entry.startTime;
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          // LCP entries are final once the page has painted after load; a short wait collects the last one.
          setTimeout(() => resolve(last), 300);
        }),
    );
    // Every script the page fetched (entry, preloaded and imported chunks), as the browser's resource timing saw it.
    const loaded = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((pathname) => pathname.endsWith('.js')),
    );
    // The first load of the browser itself (process start-up, font cache) is not the page's cost.
    if (run > 0) lcps.push(lcp);
    scripts = loaded;
    if (process.env.BENCH_VERBOSE)
      console.info(`load ${run}: LCP ${lcp.toFixed(0)} ms, scripts ${loaded.join(' ')}`);
    await context.close();
  }

  if (scripts.length === 0)
    throw new Error(
      'the home page loaded no script: is apps/web/dist being rebuilt, or was the public build skipped?',
    );
  const sizes = [...new Set(scripts)].map((pathname) => {
    const file = path.join(webDist, pathname);
    const raw = readFileSync(file);
    return { pathname, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
  });
  const gzipKb = sizes.reduce((n, s) => n + s.gzip, 0) / 1000;
  const sorted = [...lcps].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];

  console.info(`\npublic home page (/, 390 px, cold loads in headless Chromium, Node ${process.version})`);
  for (const s of sizes)
    console.info(
      `  script ${s.pathname.padEnd(36)} ${(s.raw / 1000).toFixed(1).padStart(7)} kB raw ${(s.gzip / 1000).toFixed(1).padStart(6)} kB gzip`,
    );
  const jsOk = gzipKb <= JS_BUDGET_KB;
  const lcpOk = median <= LCP_BUDGET_MS;
  console.info(
    `  initial JavaScript ${gzipKb.toFixed(1)} kB gzip (≤ ${JS_BUDGET_KB} ${jsOk ? 'met' : 'MISSED'})`,
  );
  console.info(
    `  LCP median ${median.toFixed(0)} ms over ${lcps.length} loads (min ${sorted[0].toFixed(0)}, max ${sorted.at(-1).toFixed(0)}) (≤ ${LCP_BUDGET_MS} ${lcpOk ? 'met' : 'MISSED'})`,
  );
  await cleanup();
  process.exit(0);
} catch (error) {
  console.error(`bench: ${error instanceof Error ? error.stack : error}`);
  await cleanup();
  process.exit(1);
}
