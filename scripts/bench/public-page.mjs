#!/usr/bin/env node
// The public home page's budgets, part of `npm run bench`: the initial JavaScript of `/` (the sum of the gzip
// sizes of every script the page loads, ≤ 100 kB) and its Largest Contentful Paint in headless Chromium (≤ 800 ms,
// the median of BENCH_LCP_RUNS cold loads, default 7); and the bytes over the wire of two first views, the page
// and every script and style sheet the browser loads for it, each fetched as a browser does
// (`Accept-Encoding: br, gzip`): the public home (≤ 90 kB) and the console's login page (≤ 350 kB). It runs what
// `npm run build` produced: the product (apps/server/dist/main.js, demo data, SQLite in a temporary directory, its
// default log level and destination) on loopback, Debian's /usr/bin/chromium through playwright-core, each load in
// a fresh browser context (no cache). Before the browser, `/` is served under load against bare Fastify sending the
// same HTML string (≥ 0.5× its requests per second, p99 ≤ 3×).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import {
  freePort,
  load,
  processGroup,
  productEnv,
  requireBuilt,
  root,
  serverEntry,
  summary,
  waitFor,
} from './harness.mjs';

const RUNS = Number(process.env.BENCH_LCP_RUNS ?? 7);
const JS_BUDGET_KB = 100;
const LCP_BUDGET_MS = 800;
/** First view over the wire (page, scripts, style sheets; brotli or gzip as the browser accepts). */
const WIRE_BUDGETS_KB = { '/': 90, '/login': 350 };
/** Serving `/` under load against bare Fastify sending the same HTML: at least half its rate, p99 at most 3×. */
const SERVE_RPS_TARGET = 0.5;
const SERVE_P99_TARGET = 3;
const webDist = path.join(root, 'apps/web/dist');
requireBuilt([serverEntry, path.join(root, 'apps/web/dist-ssr/entry-server.js')]);

const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'cube-bench-site-'));
// The product as `npm start` runs it (its default level and log destination), its log read and dropped as a log
// collector would.
const group = processGroup('bench');
const server = group.start([], {
  product: true,
  stdout: 'pipe',
  env: productEnv({ HOST: '127.0.0.1', PORT: String(port), CUBE_DATA_DIR: dataDir }),
});
server.stdout.resume();

/** Bytes of the body of `pathname` as sent to a client that accepts `encoding`. */
const bodyBytes = (origin, pathname, encoding) =>
  new Promise((resolve, reject) => {
    http
      .get(`${origin}${pathname}`, { headers: { 'accept-encoding': encoding } }, (res) => {
        let bytes = 0;
        res.on('data', (d) => {
          bytes += d.length;
        });
        res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'identity' }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
/** The same-origin page, scripts and style sheets the browser requests for `page` (collected as it loads). */
function firstViewRequests(page, origin) {
  const requested = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === origin && ['document', 'script', 'stylesheet'].includes(request.resourceType()))
      requested.push(url.pathname + url.search);
  });
  return requested;
}

/**
 * Serving `/` under load: the product (its pages rendered once per publish and kept with their compressed
 * variants) against bare Fastify sending the same HTML string, alternated BENCH_HOME_ROUNDS times (default 2),
 * each without `Accept-Encoding` (both send the same bytes) and, for the product, as a browser asks (brotli).
 */
async function homeUnderLoad(origin) {
  const html = await (await fetch(`${origin}/`, { headers: { 'accept-encoding': 'identity' } })).text();
  const htmlFile = path.join(dataDir, 'home.html');
  writeFileSync(htmlFile, html);
  const basePort = await freePort();
  const bare = group.start([
    path.join(root, 'scripts/bench/baseline.mjs'),
    'html',
    String(basePort),
    htmlFile,
  ]);
  try {
    await waitFor(`http://127.0.0.1:${basePort}/`);
    const rounds = Number(process.env.BENCH_HOME_ROUNDS ?? 2);
    const runs = { bare: [], product: [], productBr: [] };
    for (let round = 0; round < rounds; round++) {
      runs.bare.push(await load({ port: basePort, pid: bare.pid, path: '/' }));
      runs.product.push(await load({ port, pid: server.pid, path: '/' }));
      runs.productBr.push(
        await load({ port, pid: server.pid, path: '/', headers: { 'Accept-Encoding': 'br, gzip' } }),
      );
    }
    const summaries = Object.fromEntries(Object.entries(runs).map(([k, list]) => [k, summary(list)]));
    return { bytes: Buffer.byteLength(html), ...summaries };
  } finally {
    bare.kill('SIGTERM');
  }
}

let browser;
const cleanup = async () => {
  await browser?.close().catch(() => {});
  group.stop('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};

try {
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}/api/ready`, 60);
  // Warm the server (renderer loaded, statements prepared) before anything is measured.
  for (let i = 0; i < 5; i++) await (await fetch(`${origin}/`)).text();
  const home = await homeUnderLoad(origin);

  browser = await chromium.launch({
    executablePath: process.env.CUBE_CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });

  const lcps = [];
  let scripts = [];
  let homeRequests = [];
  for (let run = 0; run < RUNS + 1; run++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
    const page = await context.newPage();
    const requested = firstViewRequests(page, origin);
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
    homeRequests = requested;
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

  // The console's first view: the single-page app's login screen, with the chunks its route loads.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  const page = await context.newPage();
  const loginRequests = firstViewRequests(page, origin);
  await page.goto(`${origin}/login`, { waitUntil: 'networkidle' });
  await context.close();
  let wireOk = true;
  for (const [view, requested] of [
    ['/', homeRequests],
    ['/login', loginRequests],
  ]) {
    let wire = 0;
    let raw = 0;
    const encodings = new Set();
    for (const pathname of new Set(requested)) {
      const sent = await bodyBytes(origin, pathname, 'br, gzip');
      wire += sent.bytes;
      encodings.add(sent.encoding);
      raw += (await bodyBytes(origin, pathname, 'identity')).bytes;
    }
    const budget = WIRE_BUDGETS_KB[view];
    const ok = wire / 1000 <= budget;
    wireOk &&= ok;
    console.info(
      `  first view ${view.padEnd(7)} over the wire ${(wire / 1000).toFixed(1)} kB (${new Set(requested).size} files, ${[...encodings].join('/')}; ${(raw / 1000).toFixed(1)} kB uncompressed) (≤ ${budget} ${ok ? 'met' : 'MISSED'})`,
    );
  }
  // Serving `/` under load (50 connections, 5 s per run), against bare Fastify sending the same HTML string.
  const rpsRatio = home.product.rps / home.bare.rps;
  const p99Ratio = home.product.p99 / home.bare.p99;
  const serveOk = rpsRatio >= SERVE_RPS_TARGET && p99Ratio <= SERVE_P99_TARGET;
  console.info(
    `  serving / (${(home.bytes / 1000).toFixed(1)} kB HTML, 50 connections): bare Fastify ${home.bare.rps.toFixed(0)} req/s p99 ${home.bare.p99.toFixed(1)} ms ${home.bare.cpuUs.toFixed(0)} µs CPU/req; product ${home.product.rps.toFixed(0)} req/s p99 ${home.product.p99.toFixed(1)} ms ${home.product.cpuUs.toFixed(0)} µs CPU/req (${rpsRatio.toFixed(2)}x ≥ ${SERVE_RPS_TARGET}x, p99 ${p99Ratio.toFixed(2)}x ≤ ${SERVE_P99_TARGET}x ${serveOk ? 'met' : 'MISSED'}); as a browser asks (br) ${home.productBr.rps.toFixed(0)} req/s p99 ${home.productBr.p99.toFixed(1)} ms ${home.productBr.cpuUs.toFixed(0)} µs CPU/req`,
  );
  if (!jsOk || !lcpOk || !wireOk || !serveOk) console.info('  public page or first-view target(s) missed');
  await cleanup();
  process.exit(0);
} catch (error) {
  console.error(`bench: ${error instanceof Error ? error.stack : error}`);
  await cleanup();
  process.exit(1);
}
