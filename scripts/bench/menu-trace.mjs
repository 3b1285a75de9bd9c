#!/usr/bin/env node
// Diagnostic: where a menu screen clicked the instant the welcome page shows spends its time.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { freePort, processGroup, productEnv, waitFor } from './harness.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'cube-trace-'));
const group = processGroup('trace');
const server = group.start([], { product: true, stdout: 'pipe', env: productEnv({ HOST: '127.0.0.1', PORT: String(port), CUBE_DATA_DIR: dataDir }) });
server.stdout.resume();
const SCREENS = [
  ['系统管理', '用户管理', '/system/user/index'],
  ['权限管理', '角色管理', '/authority/role/index'],
  ['系统管理', '岗位管理', '/system/post/index'],
];
await waitFor(`${origin}/api/ready`, 60);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
async function signIn(page) {
  await page.locator('input[name="username"]').waitFor();
  await page.locator('input[name="tenantId"]').fill('100000');
  await page.locator('input[name="username"]').fill('admin');
  await page.locator('input[name="password"]').fill('Demo@2026');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL('**/wel/index');
  await page.getByRole('main').locator('.ant-descriptions').first().waitFor();
  await page.getByRole('complementary', { name: '侧边栏' }).getByRole('menuitem').first().waitFor();
}
for (let run = -1; run < RUNS; run++) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', serviceWorkers: 'block' });
  const page = await context.newPage();
  const t0 = performance.now();
  const reqs = [];
  const by = new Map();
  page.on('request', (r) => { const u = new URL(r.url()); if (u.origin !== origin) return; const e = { p: u.pathname + u.search, s: performance.now() - t0, e: NaN }; by.set(r, e); reqs.push(e); });
  page.on('requestfinished', (r) => { const e = by.get(r); if (e) e.e = performance.now() - t0; });
  await page.goto(`${origin}/login`);
  await page.waitForLoadState('networkidle');
  await signIn(page);
  const [grp, item, address] = SCREENS[(run + 3) % 3];
  const side = page.getByRole('complementary', { name: '侧边栏' });
  const leaf = side.getByRole('menuitem', { name: new RegExp(item) });
  if (!(await leaf.isVisible())) await side.getByRole('menuitem', { name: new RegExp(grp) }).click();
  const hovered = performance.now() - t0;
  await leaf.hover();
  const clicked = performance.now() - t0;
  const before = await page.evaluate(() => {
    const w = window;
    w.__marks = {};
    for (const type of ['pointerdown', 'mousedown', 'click'])
      document.addEventListener(type, () => { w.__marks[type] ??= performance.now(); }, true);
    new MutationObserver(() => {
      if (!w.__marks.rows && document.querySelector('main .ant-table-row')) w.__marks.rows = performance.now();
      if (!w.__marks.table && document.querySelector('main .ant-table')) w.__marks.table = performance.now();
    }).observe(document.body, { childList: true, subtree: true });
    return performance.now();
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  await leaf.click();
  await page.waitForURL(`**${address}`);
  await page.getByRole('main').locator('.ant-table-row:visible').first().waitFor();
  const shown = performance.now() - t0;
  const { profile } = await cdp.send('Profiler.stop');
  if (run < 0) { await context.close(); continue; }
  console.info(`\nrun ${run} ${item}: group-open→hover ${(clicked - hovered).toFixed(0)} ms, click→rows ${(shown - clicked).toFixed(0)} ms`);
  for (const r of reqs.filter((r) => r.s >= hovered - 5)) console.info(`  ${(r.s - clicked).toFixed(0).padStart(6)} → ${(r.e - clicked).toFixed(0).padStart(6)}  ${r.p.replace(/\?.*/, (q) => q.slice(0, 60))}`);
  const seen = await page.evaluate((t) => ({ marks: window.__marks, res: performance.getEntriesByType('resource').filter((r) => r.startTime >= t - 300).map((r) => [r.name.replace(/^https?:\/\/[^/]+/, ''), r.startTime, r.responseEnd]) }), before);
  const rel = (v) => (v - before).toFixed(0).padStart(6);
  console.info(`  page clock from before click: ${Object.entries(seen.marks).map(([k, v]) => `${k} ${rel(v)}`).join(', ')}`);
  for (const [n, s0, e] of seen.res) console.info(`   ${rel(s0)} → ${rel(e)} ${n.slice(0, 90)}`);
  writeFileSync(`/tmp/menuclick/profile-${run}.cpuprofile`, JSON.stringify(profile));
  const self = new Map();
  const byFn = new Map();
  const dt = profile.timeDeltas; const idx = new Map(profile.nodes.map((n) => [n.id, n]));
  const time = new Map();
  profile.samples.forEach((id, i) => time.set(id, (time.get(id) ?? 0) + (dt[i] ?? 0) / 1000));
  for (const [id, ms] of time) { const n = idx.get(id); const cf = n.callFrame; const k = cf.url ? cf.url.replace(/.*\//, '') : `(${cf.functionName || 'native'})`; self.set(k, (self.get(k) ?? 0) + ms); const f = `${k}:${cf.functionName}:${cf.lineNumber}:${cf.columnNumber}`; byFn.set(f, (byFn.get(f) ?? 0) + ms); }
  const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${v.toFixed(0).padStart(6)} ${k}`).join('\n');
  console.info(`  self time by script:\n${top(self, 14)}\n  by function:\n${top(byFn, 20)}`);
  await context.close();
}
await browser.close();
group.stop('SIGTERM');
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
