import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, sharedHarness } from '../harness.js';
import { type AccountApi, accountApi, collectPageErrors, consoleShell, twoChars } from '../steps.js';

/**
 * What only a browser shows of the platform's administration: a new tenant's administrator goes through the
 * forced first-password change as one screen (no red error beside the green success) and lands in a console whose
 * menus are loaded at once — without any of the platform's own screens; the platform administrator's user
 * screen names each user's tenant and works in a chosen one; 在线用户 lists live sessions.
 */
describe('the platform administers tenants', () => {
  let h: Harness;
  let admin: Page;
  let api: AccountApi;
  let tenantId: string;
  const firstPassword = 'First@2026e2e';

  beforeAll(async () => {
    h = await sharedHarness();
    admin = await h.newPage({ width: 1440, height: 900 });
    api = await accountApi(admin, { tenantId: '000000', username: 'admin', password: 'Admin@2026' });
    const created = await api.post<{ tenantId: string }>('/api/cube-system/tenant/submit', {
      tenantName: `浏览器测试公司${Date.now().toString(36).slice(-4)}`,
      linkman: '周测试',
      contactNumber: '021-5555 6666',
      adminPassword: firstPassword,
    });
    tenantId = created.tenantId;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('takes a new tenant administrator through the first password to a loaded console', async () => {
    const page = await h.newPage({ width: 1440, height: 900 });
    const errors = collectPageErrors(page);
    await page.goto('/login');
    await page.locator('input[name="tenantId"]').fill(tenantId);
    await page.locator('input[name="username"]').fill('admin');
    await page.locator('input[name="password"]').fill(firstPassword);
    await page.locator('button[type="submit"]').click();
    await page.getByText('请先修改初始密码').first().waitFor();
    await h.screenshot(page, 'first-password-1440-zh');
    // Nothing of the console asked the server while the password is pending: no red toast.
    expect(await page.locator('.ant-message-error').count()).toBe(0);

    await page.getByLabel('原密码').fill(firstPassword);
    await page.getByLabel('新密码', { exact: true }).fill('Changed@2026e2e');
    await page.getByLabel('确认密码').fill('Changed@2026e2e');
    await page.getByRole('button', { name: twoChars('提交') }).click();
    const { side } = consoleShell(page);
    await page
      .locator('.ant-message')
      .getByText(/操作成功/)
      .first()
      .waitFor();
    await h.screenshot(page, 'first-password-after-submit-1440-zh');
    // The sidebar is there without a reload, and holds the tenant's own screens only.
    await side.getByRole('menuitem', { name: /系统管理/ }).waitFor();
    await side.getByRole('menuitem', { name: /系统管理/ }).click();
    await side.getByRole('menuitem', { name: /用户管理/ }).waitFor();
    for (const platformOnly of ['菜单管理', '系统字典', '应用管理', '租户管理', '参数管理'])
      expect(await side.getByRole('menuitem', { name: new RegExp(platformOnly) }).count(), platformOnly).toBe(
        0,
      );
    expect(await page.locator('.ant-message-error').count()).toBe(0);
    await h.screenshot(page, 'first-password-done-1440-zh');
    expect(errors).toEqual([]);
  });

  it('shows the platform administrator each user’s tenant and works in a chosen one', async () => {
    await admin.goto('/system/user/index');
    const { main } = consoleShell(admin);
    await main.getByRole('columnheader', { name: '所属租户' }).waitFor();
    await admin.getByLabel('租户', { exact: true }).click();
    await admin.getByTitle('立方知识产权代理有限公司（100000）').click();
    await main.getByRole('row').filter({ hasText: 'wangjianguo' }).waitFor();
    await h.screenshot(admin, 'user-platform-1440-zh');
    const row = main.getByRole('row').filter({ hasText: 'wangjianguo' });
    await row.getByRole('button', { name: /更多/ }).click();
    await admin.getByRole('menuitem', { name: '平台配置' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText('平台扩展信息').waitFor();
    await h.screenshot(admin, 'user-platform-dialog-1440-zh');
    await dialog.getByRole('button', { name: twoChars('取消') }).click();
  });

  it('lists live sessions with a true count', async () => {
    await admin.goto('/system/online/index');
    const { main } = consoleShell(admin);
    await main.getByText(/共 \d+ 个在线会话/).waitFor();
    await main.getByText('当前会话').waitFor();
    await h.screenshot(admin, 'online-1440-zh');
  });
});
