#!/usr/bin/env node
// The console's budgets, part of `npm run bench`. Bytes over the wire (every same-origin page, script and style
// sheet the browser loads, each fetched again as a browser does, `Accept-Encoding: br, gzip`, and counted as
// sent): the login page's first view (≤ 350 kB) and the console after sign-in, the login page plus everything the
// welcome page needed to be usable (≤ 600 kB). The start's request waterfall: how many round trips of code and
// boot data follow one another after the document (≤ 2). Timings in headless Chromium, each the median of
// BENCH_CONSOLE_RUNS cold runs (default 5, a fresh browser context each, so no cache): sign-in to a usable welcome
// page (≤ 1.5 s), a menu screen's first data after a click in the side menu (≤ 1 s; once clicked as soon as the welcome page is usable, once after the user read it a few seconds, when idle prefetching has loaded the screens), the BPMN designer opened from
// the model list (≤ 2 s) and the API documentation page (≤ 2 s). It runs what `npm run build` produced: the
// product (apps/server/dist/main.js, demo data, SQLite in a temporary directory, its default log level) on
// loopback, Debian's /usr/bin/chromium through playwright-core.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { freePort, processGroup, productEnv, requireBuilt, root, serverEntry, waitFor } from './harness.mjs';

const RUNS = Number(process.env.BENCH_CONSOLE_RUNS ?? 5);
const VERBOSE = Boolean(process.env.BENCH_VERBOSE);
const WIRE_BUDGETS_KB = { login: 350, signedIn: 600 };
const ROUND_TRIPS_BUDGET = 2;
const TIME_BUDGETS_MS = {
  signIn: 1500,
  menuScreenCold: 1000,
  menuScreen: 1000,
  designer: 2000,
  apiDocs: 2000,
};
/** How long the user reads the welcome page before the second menu screen (the browser idle meanwhile). */
const READING_MS = 4000;
const DEMO_ADMIN = { tenantId: '100000', username: 'admin', password: 'Demo@2026' };
const PLATFORM_ADMIN = { tenantId: '000000', username: 'admin', password: 'Admin@2026' };
/** Screens opened from the side menu (group, item, address). */
const MENU_SCREENS = [
  ['系统管理', '用户管理', '/system/user/index'],
  ['权限管理', '角色管理', '/authority/role/index'],
  ['系统管理', '岗位管理', '/system/post/index'],
];
requireBuilt([serverEntry, path.join(root, 'apps/web/dist/index.html')]);

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'cube-bench-console-'));
// The product as `npm start` runs it (its default level and log destination; the log read and dropped).
const group = processGroup('bench');
const server = group.start([], {
  product: true,
  stdout: 'pipe',
  env: productEnv({ HOST: '127.0.0.1', PORT: String(port), CUBE_DATA_DIR: dataDir }),
});
server.stdout.resume();

/** Bytes of the body of `pathname` as sent to a client that accepts `br, gzip`. */
const wireBytes = (pathname) =>
  new Promise((resolve, reject) => {
    http
      .get(`${origin}${pathname}`, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (d) => {
          bytes += d.length;
        });
        res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'identity' }));
        res.on('error', reject);
      })
      .on('error', reject);
  });

/**
 * The same-origin requests of a page as it loads, with when each started and ended (ms since the recorder
 * started). Code (document, scripts, style sheets) is what the byte budgets count; the boot's API calls join it
 * for the waterfall.
 */
function recordRequests(page) {
  const started = performance.now();
  const requests = [];
  const byRequest = new Map();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== origin) return;
    const entry = {
      path: url.pathname + url.search,
      type: request.resourceType(),
      start: performance.now() - started,
      end: Number.POSITIVE_INFINITY,
    };
    byRequest.set(request, entry);
    requests.push(entry);
  });
  const finish = (request) => {
    const entry = byRequest.get(request);
    if (entry) entry.end = performance.now() - started;
  };
  page.on('requestfinished', finish);
  page.on('requestfailed', finish);
  return requests;
}

const isCode = (r) => ['document', 'script', 'stylesheet'].includes(r.type);
/** The boot call every console page makes before it can mount (the site and tenant information). */
const isBootCall = (r) => r.path.startsWith('/api/cube-system/tenant/info');
/** Round-trip time simulated while the waterfall is measured, so that each wait on the network shows. */
const WATERFALL_LATENCY_MS = 100;

/**
 * The longest chain of requests each of which started only after the previous one ended, among the code (the
 * document, scripts and style sheets) and the boot call made before the page was usable, measured with
 * {@link WATERFALL_LATENCY_MS} of latency on every request: the document is round 0.
 */
function roundTrips(requests, until) {
  const relevant = requests
    .filter((r) => r.start <= until && (isCode(r) || isBootCall(r)))
    .sort((a, b) => a.start - b.start);
  const depth = new Map();
  for (const r of relevant) {
    let d = 0;
    for (const q of relevant) if (q !== r && q.end <= r.start) d = Math.max(d, (depth.get(q) ?? 0) + 1);
    depth.set(r, d);
  }
  let deepest = 0;
  let chain = [];
  for (const [r, d] of depth)
    if (d > deepest) {
      deepest = d;
      chain = [r];
    }
  if (deepest > 0) {
    // Walk back from the deepest request to show the chain.
    let current = chain[0];
    for (let d = deepest - 1; d >= 0; d--) {
      current = relevant.find((q) => depth.get(q) === d && q.end <= current.start) ?? current;
      chain.unshift(current);
    }
  }
  return {
    rounds: deepest,
    chain: chain.map((r) => `${r.path.replace(/^\/assets\//, '').replace(/\?.*/, '')}`),
  };
}

/** The start's waterfall of `address` in a fresh page of `context` over a slow network (see roundTrips). */
async function waterfallOf(context, address, usable) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: WATERFALL_LATENCY_MS,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const requests = recordRequests(page);
  const opened = performance.now();
  await page.goto(`${origin}${address}`);
  await usable(page);
  const result = roundTrips(requests, performance.now() - opened);
  await page.close();
  return result;
}

async function totalWire(paths, label) {
  let bytes = 0;
  const encodings = new Set();
  for (const p of new Set(paths)) {
    const sent = await wireBytes(p);
    bytes += sent.bytes;
    encodings.add(sent.encoding);
    if (VERBOSE) console.info(`  ${label}: ${(sent.bytes / 1000).toFixed(1).padStart(6)} kB ${p}`);
  }
  return { kb: bytes / 1000, files: new Set(paths).size, encodings: [...encodings].join('/') };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

let browser;
const cleanup = async () => {
  await browser?.close().catch(() => {});
  group.stop('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};

const newContext = () =>
  browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', serviceWorkers: 'block' });

/** The login form filled and sent; resolves once the welcome page shows its content and the side menu. */
async function signIn(page, account) {
  await page.locator('input[name="username"]').waitFor();
  await page.locator('input[name="tenantId"]').fill(account.tenantId);
  await page.locator('input[name="username"]').fill(account.username);
  await page.locator('input[name="password"]').fill(account.password);
  const sent = performance.now();
  await page.locator('button[type="submit"]').click();
  await page.waitForURL('**/wel/index');
  await welcomeUsable(page);
  return performance.now() - sent;
}

/**
 * BENCH_VERBOSE: where a menu screen's time goes. Marks, on the page's own clock, when the click reaches the page
 * (a busy main thread delays it), when the screen's table is first drawn and when its first row is; answers that
 * clock's start.
 */
function markScreenSteps(page) {
  return page.evaluate(() => {
    const marks = {};
    window.__benchSteps = marks;
    document.addEventListener('pointerdown', () => (marks.click ??= performance.now()), {
      capture: true,
      once: true,
    });
    // (The screen before stays in the page, hidden, when it is kept alive: only what shows counts.)
    const shows = (selector) =>
      [...(document.querySelector('main')?.querySelectorAll(selector) ?? [])].some(
        (e) => e.offsetParent !== null,
      );
    new MutationObserver((_, observer) => {
      if (!marks.table && shows('.ant-table')) marks.table = performance.now();
      if (!marks.rows && shows('.ant-table-row')) {
        marks.rows = performance.now();
        observer.disconnect();
      }
    }).observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['style', 'class', 'hidden'],
    });
    return performance.now();
  });
}

/** The steps {@link markScreenSteps} saw, and the API calls made since, in ms after the bench's click started. */
async function screenSteps(page, since) {
  const { marks, calls } = await page.evaluate((since) => {
    const calls = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime >= since && new URL(entry.name).pathname.startsWith('/api/'))
      .map((entry) => [new URL(entry.name).pathname, entry.startTime, entry.responseEnd]);
    return { marks: window.__benchSteps, calls };
  }, since);
  const at = (t) => (t === undefined ? '?' : `+${(t - since).toFixed(0)}`);
  const api = calls.map(([p, start, end]) => `${p.replace(/^\/api\//, '')} ${at(start)}…${at(end)}`);
  return `click reached the page ${at(marks.click)}, table drawn ${at(marks.table)}, first row ${at(marks.rows)} ms; ${api.join(', ')}`;
}

/** The welcome page is usable when its identity card and the side menu's items show. */
async function welcomeUsable(page) {
  await page.getByRole('main').locator('.ant-descriptions').first().waitFor();
  await page.getByRole('complementary', { name: '侧边栏' }).getByRole('menuitem').first().waitFor();
}

try {
  await waitFor(`${origin}/api/ready`, 60);
  browser = await chromium.launch({
    executablePath: process.env.CUBE_CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  // A warm-up run (browser start-up, the server's first sign-in), not counted.
  {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${origin}/login`);
    await signIn(page, DEMO_ADMIN);
    await context.close();
  }

  const timings = { signIn: [], menuScreenCold: [], menuScreen: [], designer: [], apiDocs: [] };
  let login;
  let signedIn;
  let reload;
  for (let run = 0; run < RUNS; run++) {
    // The login page, cold; then sign-in to the welcome page; then a menu screen's first data.
    const context = await newContext();
    const page = await context.newPage();
    const requests = recordRequests(page);
    await page.goto(`${origin}/login`);
    await page.locator('input[name="username"]').waitFor();
    await page.waitForLoadState('networkidle');
    const loginCode = requests.filter(isCode).map((r) => r.path);
    const signInMs = await signIn(page, DEMO_ADMIN);
    timings.signIn.push(signInMs);
    const signedInCode = requests.filter(isCode).map((r) => r.path);
    if (run === 0) {
      const slow = await newContext();
      const waterfall = await waterfallOf(slow, '/login', (p) =>
        p.locator('input[name="username"]').waitFor(),
      );
      await slow.close();
      login = { ...(await totalWire(loginCode, 'login')), waterfall };
      signedIn = await totalWire(signedInCode, 'signed in');
    }
    // A screen from the side menu clicked as soon as the welcome page is usable (its code not loaded yet), then,
    // after the user has read the welcome page a moment (the browser idle, menu screens prefetched), another.
    const side = page.getByRole('complementary', { name: '侧边栏' });
    const openScreen = async ([group, item, address]) => {
      const leaf = side.getByRole('menuitem', { name: new RegExp(item) });
      if (!(await leaf.isVisible())) await side.getByRole('menuitem', { name: new RegExp(group) }).click();
      await leaf.hover();
      const stepsFrom = VERBOSE ? await markScreenSteps(page) : 0;
      const clicked = performance.now();
      await leaf.click();
      await page.waitForURL(`**${address}`);
      await page.getByRole('main').locator('.ant-table-row:visible').first().waitFor();
      const ms = performance.now() - clicked;
      if (VERBOSE) console.info(`  ${item}: ${await screenSteps(page, stepsFrom)}`);
      return ms;
    };
    timings.menuScreenCold.push(await openScreen(MENU_SCREENS[run % MENU_SCREENS.length]));
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(READING_MS);
    timings.menuScreen.push(await openScreen(MENU_SCREENS[(run + 1) % MENU_SCREENS.length]));
    if (VERBOSE)
      console.info(
        `run ${run}: sign-in ${signInMs.toFixed(0)} ms, menu screen ${timings.menuScreenCold.at(-1).toFixed(0)} ms at once, ${timings.menuScreen.at(-1).toFixed(0)} ms after reading`,
      );
    await context.close();

    // A signed-in visit to /wel/index, cold (a new tab with the session kept): its start's waterfall.
    if (run === 0) {
      const again = await newContext();
      const first = await again.newPage();
      await first.goto(`${origin}/login`);
      await signIn(first, DEMO_ADMIN);
      const state = await again.storageState();
      await again.close();
      const fresh = await browser.newContext({
        viewport: { width: 1440, height: 900 },
        locale: 'zh-CN',
        storageState: state,
      });
      const tab = await fresh.newPage();
      const tabRequests = recordRequests(tab);
      const opened = performance.now();
      await tab.goto(`${origin}/wel/index`);
      await welcomeUsable(tab);
      const usable = performance.now() - opened;
      reload = {
        ...(await totalWire(
          tabRequests.filter(isCode).map((r) => r.path),
          'welcome',
        )),
        waterfall: await waterfallOf(fresh, '/wel/index', welcomeUsable),
        ms: usable,
      };
      await fresh.close();
    }

    // The BPMN designer: the platform administrator opens the model list and the designer of the built-in process.
    {
      const designerContext = await newContext();
      const designerPage = await designerContext.newPage();
      await designerPage.goto(`${origin}/login`);
      await signIn(designerPage, PLATFORM_ADMIN);
      await designerPage.goto(`${origin}/flow/model/index`);
      const row = designerPage.getByRole('main').getByRole('row').filter({ hasText: 'patent_approval' });
      await row.waitFor();
      await designerPage.waitForLoadState('networkidle');
      const opened = performance.now();
      await row.getByRole('button', { name: /设\s*计/ }).click();
      await designerPage.locator('[data-testid="bpmn-modeler"][data-state="ready"]').waitFor();
      await designerPage.locator('[data-element-id="ip_review"]').waitFor();
      timings.designer.push(performance.now() - opened);
      await designerContext.close();
    }

    // The API documentation page, cold: until its operations are listed.
    {
      const docsContext = await newContext();
      const docsPage = await docsContext.newPage();
      const opened = performance.now();
      await docsPage.goto(`${origin}/api/docs`);
      await docsPage.locator('.opblock').first().waitFor({ timeout: 30_000 });
      timings.apiDocs.push(performance.now() - opened);
      await docsContext.close();
    }
  }

  let ok = true;
  const verdict = (value, budget) => {
    const met = value <= budget;
    ok &&= met;
    return `(≤ ${budget} ${met ? 'met' : 'MISSED'})`;
  };
  console.info(`\nconsole (1440 px, headless Chromium, ${RUNS} cold runs, Node ${process.version})`);
  console.info(
    `  first view /login over the wire ${login.kb.toFixed(1)} kB (${login.files} files, ${login.encodings}) ${verdict(login.kb, WIRE_BUDGETS_KB.login)}`,
  );
  console.info(
    `  login + sign-in to the welcome page over the wire ${signedIn.kb.toFixed(1)} kB (${signedIn.files} files) ${verdict(signedIn.kb, WIRE_BUDGETS_KB.signedIn)}`,
  );
  console.info(
    `  first view /wel/index signed in over the wire ${reload.kb.toFixed(1)} kB (${reload.files} files), usable in ${reload.ms.toFixed(0)} ms ${verdict(reload.kb, WIRE_BUDGETS_KB.signedIn)}`,
  );
  for (const [view, { waterfall }] of [
    ['/login', login],
    ['/wel/index', reload],
  ])
    console.info(
      `  start of ${view}: ${waterfall.rounds} round trips of code and boot call after the document at ${WATERFALL_LATENCY_MS} ms latency (${waterfall.chain.join(' → ')}) ${verdict(waterfall.rounds, ROUND_TRIPS_BUDGET)}`,
    );
  const labels = {
    signIn: 'sign-in to a usable welcome page',
    menuScreenCold: `a menu screen's first data, clicked as the welcome page becomes usable (${MENU_SCREENS.map((s) => s[1]).join(', ')})`,
    menuScreen: `a menu screen's first data, clicked after ${READING_MS / 1000} s on the welcome page`,
    designer: 'the BPMN designer opened',
    apiDocs: 'the API docs page (/api/docs) listed',
  };
  for (const [key, values] of Object.entries(timings)) {
    const m = median(values);
    console.info(
      `  ${labels[key]}: median ${m.toFixed(0)} ms (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)}) ${verdict(m, TIME_BUDGETS_MS[key])}`,
    );
  }
  if (!ok) console.info('  console target(s) missed');
  await cleanup();
  process.exit(0);
} catch (error) {
  console.error(`bench: ${error instanceof Error ? error.stack : error}`);
  await cleanup();
  process.exit(1);
}
