import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, sharedHarness } from '../harness.js';
import {
  accountApi,
  collectPageErrors,
  consoleShell,
  DEMO_TENANT_ADMIN,
  signIn,
  twoChars,
} from '../steps.js';

/**
 * The three log screens (系统监控 > 日志管理): a call the demo tenant's administrator makes in the console shows up
 * in that tenant's API log within seconds; the usual log shows the sign-ins; an error caught in the browser and
 * uploaded from the header's error log shows up in the error log. Each with its charts and detail drawer.
 */
const stamp = Date.now().toString(36);

/** Clicks the list's refresh button until `row` is there (rows reach the log a second or so after the call). */
async function refreshUntil(main: Locator, row: Locator, seconds = 15): Promise<void> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    if ((await row.count()) > 0) return;
    if (Date.now() > until) throw new Error('row did not appear');
    await main.getByRole('button', { name: '刷新' }).click();
    await new Promise((resolve) => setTimeout(resolve, 700));
  }
}

const drawer = (page: Page) => page.locator('.ant-drawer').filter({ hasText: '日志详情' });
/** Rows of the log list (the charts' screen-reader tables have rows too). */
const listRows = (main: Locator) => main.locator('.ant-table-tbody').getByRole('row');

describe('the log screens', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await sharedHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it("shows a tenant administrator's console call in that tenant's API log, with its detail", async () => {
    const page = await h.newPage({ width: 1440, height: 900 });
    const pageErrors = collectPageErrors(page);
    await signIn(page, DEMO_TENANT_ADMIN);
    const { main, tab } = consoleShell(page);

    // The call: the profile saved with an address nobody else uses (successful reads are not API-logged).
    const email = `e2e-${stamp}@example.cn`;
    await page.goto('/info/index');
    // The form is filled once the profile has loaded (it is re-created with the loaded values).
    const emailInput = main.getByLabel('邮箱');
    await expect.poll(() => emailInput.inputValue()).toContain('@');
    await emailInput.fill(email);
    // Whatever the save answers (a refusal is API-logged too), the call is what the log must show.
    const saved = page.waitForResponse((response) => response.url().includes('/api/cube-user/update-info'));
    await main.getByRole('button', { name: twoChars('提交') }).click();
    const status = (await saved).status();

    await page.goto('/monitor/log/api/index');
    await tab('接口日志').waitFor();
    await main.getByText('近 24 小时每小时请求数').first().waitFor();
    const logSearch = page.getByRole('search');
    await logSearch.getByLabel('请求接口').fill('/api/cube-user/update-info');
    await logSearch.getByRole('button', { name: /搜\s*索/ }).click();
    // This call's row: other accounts of the tenant save their profiles too (the phone sign-in e2e does), and a
    // row shows up a second or so after its call, so an older row of another account may be there first.
    const row = listRows(main)
      .filter({ hasText: '/api/cube-user/update-info' })
      .filter({ hasText: 'admin' })
      .filter({ hasText: String(status) })
      .first();
    await refreshUntil(main, row);
    // A tenant administrator has no tenant picker: it reads its own tenant only.
    expect(await page.getByLabel('租户编号').count()).toBe(0);
    await h.screenshot(page, 'log-api-1440-zh');

    // The newest matching row is this save (its parameters carry the address).
    await row.getByRole('button', { name: /详情/ }).click();
    const details = drawer(page);
    await details.getByText(email, { exact: false }).first().waitFor();
    expect(await details.textContent()).toContain('100000');
    expect(await details.textContent()).toContain('用户管理-修改个人信息');
    await h.screenshot(page, 'log-api-1440-zh-detail');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
    expect(pageErrors).toEqual([]);
  });

  it("lets the platform administrator read the tenant's API log by naming the tenant, not by default", async () => {
    const page = await h.newAdminPage('/monitor/log/api/index');
    const { main, tab } = consoleShell(page);
    await tab('接口日志').waitFor();
    const logSearch = page.getByRole('search');
    await logSearch.getByLabel('请求接口').fill('/api/cube-user/update-info');
    await logSearch.getByLabel('操作账号').fill('admin');
    await logSearch.getByRole('button', { name: /搜\s*索/ }).click();
    await main.getByRole('button', { name: '刷新' }).waitFor();
    // The platform's own log may hold its own administrator's profile saves; naming the tenant shows the
    // tenant's, whose details carry the tenant id.
    const tenantPicker = page.getByLabel('租户编号');
    await tenantPicker.fill('100000');
    await tenantPicker.press('Enter');
    const row = listRows(main).filter({ hasText: '/api/cube-user/update-info' }).first();
    await refreshUntil(main, row);
    await row.getByRole('button', { name: /详情/ }).click();
    const details = drawer(page);
    await details.getByText('100000').first().waitFor();
    await h.screenshot(page, 'log-api-1440-zh-platform-tenant');
    await page.keyboard.press('Escape');
  });

  it('shows the sign-ins in the usual log with their detail', async () => {
    const page = await h.newAdminPage('/monitor/log/usual/index');
    const pageErrors = collectPageErrors(page);
    const { main, tab } = consoleShell(page);
    await tab('通用日志').waitFor();
    await main.getByText('近 7 天最多的事件').first().waitFor();
    const row = listRows(main).filter({ hasText: '登录成功' }).first();
    await row.waitFor();
    await h.screenshot(page, 'log-usual-1440-zh');
    await row.getByRole('button', { name: /详情/ }).click();
    const details = drawer(page);
    await details.getByText('auth.login').waitFor();
    expect(await details.textContent()).toContain('/api/cube-auth/oauth/token');
    await h.screenshot(page, 'log-usual-1440-zh-detail');
    await page.keyboard.press('Escape');
    expect(pageErrors).toEqual([]);
  });

  it("shows a tenant's change in the usual log as an operation record, its fields before and after", async () => {
    const page = await h.newPage({ width: 1440, height: 900 });
    const pageErrors = collectPageErrors(page);
    const api = await accountApi(page, DEMO_TENANT_ADMIN);
    // Sorted last, and removed at the end: the post screen's own test reads the seeded first page.
    const post = { category: 3, postCode: `op-${stamp}`, postName: '档案管理员', sort: 999 };
    const { id } = await api.post<{ id: string }>('/api/cube-system/post/submit', post);
    await api.post('/api/cube-system/post/submit', { ...post, id, postName: '档案主管' });
    await page.goto('/monitor/log/usual/index');
    const { main, tab } = consoleShell(page);
    await tab('通用日志').waitFor();
    const logSearch = page.getByRole('search');
    await logSearch.getByLabel('事件编码').fill('op.post.update');
    await logSearch.getByRole('button', { name: /搜\s*索/ }).click();
    const row = listRows(main).filter({ hasText: '修改岗位管理' }).first();
    await refreshUntil(main, row);
    await h.screenshot(page, 'log-operation-1440-zh');
    await row.getByRole('button', { name: /详情/ }).click();
    const details = drawer(page);
    await details.getByText('op.post.update').waitFor();
    const text = await details.textContent();
    expect(text).toContain('档案管理员');
    expect(text).toContain('档案主管');
    await h.screenshot(page, 'log-operation-1440-zh-detail');
    await page.keyboard.press('Escape');
    await api.post(`/api/cube-system/post/remove?ids=${id}`, {});
    expect(pageErrors).toEqual([]);
  });

  it('shows an error caught in the browser and uploaded from the header in the error log', async () => {
    const page = await h.newAdminPage('/monitor/log/error/index');
    const { main, tab, message } = consoleShell(page);
    await tab('错误日志').waitFor();
    const text = `端到端错误 ${stamp}`;
    // An uncaught error: the console adds it to the local error log.
    await page.evaluate((m) => {
      setTimeout(() => {
        throw new Error(m);
      }, 0);
    }, text);
    await page.getByRole('button', { name: '错误日志' }).click();
    const dialog = page.getByRole('dialog', { name: '错误日志' });
    await dialog.getByText(text).waitFor();
    await dialog.getByRole('button', { name: /上传服务器/ }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: '确定上传本地日志到服务器?' })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await message('发送成功!').waitFor();

    const search = page.getByRole('search');
    await search.getByLabel('异常信息').fill(stamp);
    await search.getByRole('button', { name: /搜\s*索/ }).click();
    const row = listRows(main).filter({ hasText: text });
    await refreshUntil(main, row);
    expect(await row.textContent()).toContain('浏览器端');
    await main.getByText('近 7 天最多的异常').first().waitFor();
    await h.screenshot(page, 'log-error-1440-zh');
    await row.getByRole('button', { name: /详情/ }).click();
    const details = drawer(page);
    await details.getByText('堆栈信息').waitFor();
    expect(await details.textContent()).toContain(text);
    await h.screenshot(page, 'log-error-1440-zh-detail');
    await page.keyboard.press('Escape');
  });

  it('serves the API documentation page in Chromium', async () => {
    const page = await h.newPage({ width: 1440, height: 900 });
    const pageErrors = collectPageErrors(page);
    const blocked: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy|Refused/.test(msg.text()))
        blocked.push(msg.text());
    });
    // The light page lists every operation by tag at once; an operation opens its parameters and security.
    await page.goto('/api/docs');
    await page.getByRole('heading', { name: '认证授权' }).waitFor();
    await page.getByText('Cube Portal API').first().waitFor();
    const captcha = page.locator('.opblock').filter({ hasText: '/api/cube-auth/oauth/captcha' }).first();
    await captcha.locator('.opblock-summary').click();
    await captcha.getByText('认证授权-获取验证码').waitFor();
    await captcha.locator('.opblock-body').getByText('无需认证').waitFor();
    await page.getByPlaceholder('按路径、名称或模块筛选').fill('update-password');
    await page.locator('.opblock:visible').first().waitFor();
    expect(await page.locator('.opblock:visible').count()).toBeGreaterThan(0);
    expect(await page.locator('.opblock:visible').count()).toBeLessThan(5);
    await h.screenshot(page, 'api-docs-light-1440');
    // swagger-ui, linked from it, for trying calls out.
    await page.getByRole('link', { name: /Swagger UI/ }).click();
    await page.locator('.swagger-ui').first().waitFor();
    await page.getByRole('heading', { name: '认证授权' }).waitFor();
    await page
      .locator('.opblock-summary')
      .filter({ hasText: '/api/cube-auth/oauth/captcha' })
      .first()
      .click();
    await page.getByText('认证授权-获取验证码').first().waitFor();
    await page.locator('.opblock-body').first().waitFor();
    await page.getByRole('button', { name: /Authorize/ }).waitFor();
    await h.screenshot(page, 'api-docs-1440');
    expect(blocked).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
