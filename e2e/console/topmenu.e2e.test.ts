import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, sharedHarness } from '../harness.js';
import { collectPageErrors, consoleShell, DEMO_TENANT_ADMIN, signIn, twoChars } from '../steps.js';

/**
 * 顶部菜单 as the platform administrator: add a top menu, link pages to it in the 菜单配置 dialog, and the
 * header shows it at once; choosing it limits the sidebar to the linked pages. Removing it drops it again.
 */
describe('the top menu screen', () => {
  let h: Harness;
  let page: Page;
  let pageErrors: string[];
  const stamp = Date.now().toString(36);
  const name = `端到端顶部${stamp}`;

  beforeAll(async () => {
    h = await sharedHarness();
    page = await h.newAdminPage('/system/topmenu/index', { width: 1440, height: 900 });
    pageErrors = collectPageErrors(page);
    await consoleShell(page).tab('顶部菜单').waitFor();
  });
  afterAll(async () => {
    await h?.close();
  });

  // A long walk through two browsers on a shared, busy machine.
  it('adds a top menu, grants it pages, and the header and sidebar follow at once', {
    timeout: 240_000,
  }, async () => {
    const { main, message, side } = consoleShell(page);
    await main.getByRole('row').filter({ hasText: '工作台' }).waitFor();

    await main.getByRole('button', { name: /新\s*增/ }).click();
    const addDialog = page.getByRole('dialog', { name: '新增' });
    await addDialog.getByRole('button', { name: twoChars('保存') }).click();
    await addDialog.getByText('请输入菜单名称').waitFor();
    await addDialog.getByText('请输入菜单编号').waitFor();
    await addDialog.getByLabel('菜单名称').fill(name);
    await addDialog.getByLabel('菜单编号').fill(`e2e_${stamp}`);
    await addDialog.getByLabel('菜单图标').click();
    await page.locator('.ant-select-dropdown [data-icon-name="tool"]').click();
    await addDialog.getByRole('button', { name: twoChars('保存') }).click();
    await message('新增成功').waitFor();
    await addDialog.waitFor({ state: 'hidden' });
    const row = main.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    // A top menu without pages promises nothing: the header leaves it out until pages are linked.
    expect(await page.locator('.ant-menu-horizontal').getByRole('menuitem', { name }).count()).toBe(0);

    await row.getByRole('button', { name: /菜单配置/ }).click();
    const grant = page.getByRole('dialog', { name: `菜单配置：${name}` });
    await grant.getByText('顶部菜单').waitFor();
    await grant
      .getByRole('treeitem', { name: /顶部菜单/ })
      .getByRole('checkbox')
      .click();
    await h.screenshot(page, 'topmenu-grant-1440-zh');
    await grant.getByRole('button', { name: twoChars('保存') }).click();
    await message('配置成功').waitFor();
    await grant.waitFor({ state: 'hidden' });
    await page.locator('.ant-menu-horizontal').getByRole('menuitem', { name }).waitFor();

    // The header's new top menu shows only the linked page (with its parent) in the sidebar and opens it. (The
    // page is this one: its code is loaded already, so a build running beside the test cannot fail its chunk.)
    await page.locator('.ant-menu-horizontal').getByRole('menuitem', { name }).click();
    await page.waitForURL('**/system/topmenu/index');
    await side.getByRole('menuitem', { name: /顶部菜单/ }).waitFor();
    await expect.poll(() => side.getByRole('menuitem', { name: /参数管理/ }).count()).toBe(0);
    expect(await side.getByRole('menuitem', { name: /工作台/ }).count()).toBe(0);
    await h.screenshot(page, 'topmenu-sidebar-1440-zh');

    // The dialog reads the links back.
    const again = main.getByRole('row').filter({ hasText: name });
    await again.getByRole('button', { name: /菜单配置/ }).click();
    const reopened = page.getByRole('dialog', { name: `菜单配置：${name}` });
    await expect
      .poll(() =>
        reopened.locator('.ant-tree-treenode-checkbox-checked').filter({ hasText: '顶部菜单' }).count(),
      )
      .toBe(1);
    await reopened.getByRole('button', { name: twoChars('取消') }).click();

    await again.getByRole('button', { name: /删除/ }).click();
    const sure = page.getByRole('dialog').filter({ hasText: '确定将选择数据删除?' });
    await sure.getByRole('button', { name: twoChars('确定') }).click();
    await message('删除成功').waitFor();
    await again.waitFor({ state: 'detached' });
    await page.locator('.ant-menu-horizontal').getByRole('menuitem', { name }).waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
  });

  it("shows a tenant administrator their tenant's top menus and only the pages they may hand on", {
    timeout: 180_000,
  }, async () => {
    const tenant = await h.newPage({ width: 1440, height: 900 });
    const errors = collectPageErrors(tenant);
    await signIn(tenant, DEMO_TENANT_ADMIN);
    await tenant.goto('/system/topmenu/index');
    const { main, side } = consoleShell(tenant);
    // The platform's menu administration is not theirs; the top-menu page is.
    await side.getByRole('menuitem', { name: /顶部菜单/ }).waitFor({ state: 'attached' });
    expect(await side.getByRole('menuitem', { name: /菜单管理/ }).count()).toBe(0);
    const desk = main.getByRole('row').filter({ hasText: '工作台' });
    await desk.waitFor();
    await desk.getByRole('button', { name: /菜单配置/ }).click();
    const grant = tenant.getByRole('dialog', { name: '菜单配置：工作台' });
    await grant.getByText('通知公告').waitFor();
    expect(await grant.getByText('菜单管理', { exact: true }).count()).toBe(0);
    expect(await grant.getByText('参数管理', { exact: true }).count()).toBe(0);
    await h.screenshot(tenant, 'topmenu-tenant-admin-grant-1440-zh');
    await grant.getByRole('button', { name: twoChars('取消') }).click();
    expect(errors).toEqual([]);
  });
});
