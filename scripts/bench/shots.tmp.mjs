import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { freePort, processGroup, productEnv, waitFor } from './harness.mjs';
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'cube-shots-'));
const group = processGroup('shots');
const server = group.start([], { product: true, stdout: 'pipe', env: productEnv({ HOST: '127.0.0.1', PORT: String(port), CUBE_DATA_DIR: dataDir }) });
server.stdout.resume();
await waitFor(`${origin}/api/ready`, 60);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', serviceWorkers: 'block' });
const page = await context.newPage();
const errors = [];
page.on('pageerror', (e) => errors.push(String(e)));
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
const apiCalls = [];
page.on('request', (r) => { const u = new URL(r.url()); if (u.pathname.startsWith('/api/') && !u.pathname.includes('menu')) apiCalls.push(u.pathname + u.search); });
await page.goto(`${origin}/login`);
await page.locator('input[name="tenantId"]').fill('100000');
await page.locator('input[name="username"]').fill('admin');
await page.locator('input[name="password"]').fill('Demo@2026');
await page.locator('button[type="submit"]').click();
await page.waitForURL('**/wel/index');
await page.getByRole('main').locator('.ant-descriptions').first().waitFor();
const side = page.getByRole('complementary', { name: '侧边栏' });
for (const [grp, item, address, file] of [
  ['系统管理', '用户管理', '/system/user/index', 'user'],
  ['系统管理', '岗位管理', '/system/post/index', 'post'],
  ['权限管理', '角色管理', '/authority/role/index', 'role'],
]) {
  const leaf = side.getByRole('menuitem', { name: new RegExp(item) });
  if (!(await leaf.isVisible())) await side.getByRole('menuitem', { name: new RegExp(grp) }).click();
  const before = apiCalls.length;
  await leaf.click();
  await page.waitForURL(`**${address}`);
  await page.getByRole('main').locator('.ant-table-row:visible').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `/tmp/menuclick/shot-${file}.png` });
  console.info(file, apiCalls.slice(before).join(' '));
}
// Back to 用户管理 (kept alive): no second early call; and a reload button still asks the server.
console.info('errors', JSON.stringify(errors));
await browser.close();
group.stop('SIGTERM');
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
