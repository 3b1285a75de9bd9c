import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, sharedHarness } from '../harness.js';
import { collectPageErrors, consoleShell, signIn, twoChars } from '../steps.js';

/**
 * 租户管理 as the platform administrator: a tenant created with a package shows its administrator's generated
 * first password once; 授权配置 sets two tenants at once; the new administrator then signs in in another browser,
 * must replace the first password, and sees only what the package allows.
 */
describe('the tenant screen', () => {
  let h: Harness;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    h = await sharedHarness();
    page = await h.newAdminPage('/system/tenant/index', { width: 1440, height: 900 });
    pageErrors = collectPageErrors(page);
    await consoleShell(page).tab('租户管理').waitFor();
  });
  afterAll(async () => {
    await h?.close();
  });

  /** What the first test created, for the sign-in of its administrator. */
  let tenantId = '';
  let password = '';

  it('creates a tenant with a package, shows its first password once and licenses it', {
    timeout: 120_000,
  }, async () => {
    const { main, message } = consoleShell(page);
    await main.getByRole('row').filter({ hasText: '华数云智信息技术有限公司' }).waitFor();
    await h.screenshot(page, 'tenant-1440-zh');

    await main.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.getByRole('dialog', { name: '新增' });
    await dialog.getByRole('button', { name: twoChars('保存') }).click();
    await dialog.getByText('请输入租户名称').waitFor();
    await dialog.getByText('请输入联系人').waitFor();

    const name = `端到端科技${Date.now().toString(36)}有限公司`;
    await dialog.getByLabel('租户名称').fill(name);
    await dialog.getByLabel('联系人').fill('吴端到');
    await dialog.getByLabel('联系电话').fill('010-6262 8888');
    await dialog.getByLabel('联系地址').fill('北京市海淀区上地十街 10 号');
    await dialog.getByLabel('产品包').click();
    await page.locator('.ant-select-tree-title', { hasText: /^标准版$/ }).click();
    await dialog.getByLabel('管理员初始密码').fill('short');
    await dialog.getByText('管理员密码长度必须在8到32个字符之间，且同时包含字母和数字').waitFor();
    await dialog.getByLabel('管理员初始密码').fill('');
    await h.screenshot(page, 'tenant-add-1440-zh');
    await dialog.getByRole('button', { name: twoChars('保存') }).click();

    // The generated first password: shown once, in the answer to the create.
    const created = page.getByTestId('tenant-created');
    await created.waitFor();
    password = (await page.getByTestId('tenant-admin-password').textContent())?.trim() ?? '';
    tenantId = /(\d{6})/.exec((await created.textContent()) ?? '')?.[1] ?? '';
    expect(password).toMatch(/^\S{14}$/);
    expect(tenantId).toMatch(/^\d{6}$/);
    await h.screenshot(page, 'tenant-created-1440-zh');
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定|知道了|OK/ })
      .click();

    const row = main.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.textContent()).toContain('标准版');
    expect(await row.textContent()).toContain(tenantId);

    // 授权配置 for two tenants at once.
    await row.getByRole('checkbox').check();
    await main.getByRole('row').filter({ hasText: '华数云智信息技术有限公司' }).getByRole('checkbox').check();
    await main.getByRole('button', { name: /授权配置/ }).click();
    const setting = page.getByRole('dialog', { name: '授权配置' });
    await setting.getByText(name).waitFor();
    await setting.getByLabel('账号额度').fill('50');
    await setting.getByLabel('过期时间').click();
    await setting.getByLabel('过期时间').fill('2099-12-31 23:59:59');
    await setting.getByLabel('过期时间').press('Enter');
    await h.screenshot(page, 'tenant-setting-1440-zh');
    await setting
      .getByRole('button', { name: /确\s*定|OK/ })
      .last()
      .click();
    await message('更新成功').waitFor();
    await row.filter({ hasText: '2099-12-31 23:59:59' }).waitFor();
    expect(await row.textContent()).toContain('50');
    await h.screenshot(page, 'tenant-licensed-1440-zh');
    expect(pageErrors).toEqual([]);
  });

  it('lets the new administrator sign in elsewhere, change the first password and see the package', {
    timeout: 120_000,
  }, async () => {
    expect(tenantId).toMatch(/^\d{6}$/);

    // The new administrator, in a browser of their own: first the password change, then the package's menus.
    const other = await h.newPage({ width: 1440, height: 900 });
    const otherErrors = collectPageErrors(other);
    await signIn(other, { tenantId, username: 'admin', password });
    await other.getByText('请先修改初始密码').first().waitFor();
    await h.screenshot(other, 'tenant-new-admin-first-login-1440-zh');
    await other.goto('/info/index?tab=password');
    await other.getByLabel('原密码').fill(password);
    await other.getByLabel('新密码').fill('NewAdmin@2026');
    await other.getByLabel('确认密码').fill('NewAdmin@2026');
    await other.getByRole('button', { name: twoChars('提交') }).click();
    await other.locator('.ant-message').getByText('操作成功!').waitFor();

    await other.goto('/wel/index');
    const side = consoleShell(other).side;
    await side
      .getByRole('menuitem', { name: /工作台/ })
      .first()
      .waitFor();
    expect(await side.getByRole('menuitem', { name: /租户管理/ }).count()).toBe(0);
    expect(await side.getByRole('menuitem', { name: /产品包管理/ }).count()).toBe(0);
    expect(await side.getByRole('menuitem', { name: /参数管理/ }).count()).toBe(0);
    await h.screenshot(other, 'tenant-new-admin-1440-zh');
    await other.context().close();
    expect(otherErrors).toEqual([]);
  });

  it('shows the seeded 200000 only what its package allows', { timeout: 120_000 }, async () => {
    // The seeded 200000 runs on the 标准版 package too: its administrator's grants beyond it do not show.
    const seeded = await h.newPage({ width: 1440, height: 900 });
    await signIn(seeded, { tenantId: '200000', username: 'admin', password: 'Demo@2026' });
    const seededSide = consoleShell(seeded).side;
    await seededSide
      .getByRole('menuitem', { name: /系统管理/ })
      .first()
      .click();
    await seededSide
      .getByRole('menuitem', { name: /用户管理/ })
      .first()
      .waitFor();
    expect(await seededSide.getByRole('menuitem', { name: /租户管理/ }).count()).toBe(0);
    await h.screenshot(seeded, 'tenant-200000-admin-1440-zh');
    await seeded.context().close();
  });
});
