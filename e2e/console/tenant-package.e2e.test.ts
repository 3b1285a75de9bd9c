import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, sharedHarness } from '../harness.js';
import { collectPageErrors, consoleShell, twoChars } from '../steps.js';

/** Checks a node of the open tree-select dropdown by its exact title. */
async function checkTreeNode(page: Page, title: string): Promise<void> {
  const node = page.locator('.ant-select-tree-treenode', {
    has: page.locator('.ant-select-tree-title', { hasText: new RegExp(`^${title}$`) }),
  });
  await node.locator('.ant-select-tree-checkbox').first().click();
}

/** 产品包管理 as the platform administrator: the two validation messages, a menu tree choice, edit and delete. */
describe('the tenant package screen', () => {
  let h: Harness;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    h = await sharedHarness();
    page = await h.newAdminPage('/system/tenantpackage/index', { width: 1440, height: 900 });
    pageErrors = collectPageErrors(page);
    await consoleShell(page).tab('产品包管理').waitFor();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('creates a package from the menu tree, edits and deletes it; there is no separate view button', async () => {
    const { main, message } = consoleShell(page);
    // By the name cell: 专利代理版's remark mentions 标准版 too.
    const seeded = main
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: '标准版', exact: true }) });
    await seeded.waitFor();
    // Add, edit and delete, never the separate view button.
    expect(await seeded.getByRole('button', { name: /编辑/ }).count()).toBe(1);
    expect(await seeded.getByRole('button', { name: /删除/ }).count()).toBe(1);
    expect(await seeded.getByRole('button', { name: /查看/ }).count()).toBe(0);
    await h.screenshot(page, 'tenant-package-1440-zh');

    await main.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.getByRole('dialog', { name: '新增' });
    await dialog.getByRole('button', { name: twoChars('保存') }).click();
    await dialog.getByText('请输入产品包名称', { exact: true }).waitFor();
    await dialog.getByText('请选择菜单', { exact: true }).waitFor();

    const name = `端到端产品包${Date.now().toString(36)}`;
    await dialog.getByLabel('产品包名称').fill(name);
    await dialog.getByLabel('菜单列表').click();
    await checkTreeNode(page, '工作台');
    await checkTreeNode(page, '系统监控');
    await h.screenshot(page, 'tenant-package-add-1440-zh');
    // Closes the tree's dropdown (it covers the fields below it).
    await dialog.locator('.ant-modal-title').click();
    await dialog.getByRole('button', { name: twoChars('保存') }).click();
    await message('新增成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const row = main.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    await row.getByRole('button', { name: /编辑/ }).click();
    const edit = page.getByRole('dialog', { name: '编辑' });
    // The stored comma list comes back as the checked tree.
    await edit.getByText('工作台').first().waitFor();
    await edit.getByLabel('备注').fill('端到端测试修改');
    await edit.getByRole('button', { name: twoChars('保存') }).click();
    await message('更新成功').waitFor();
    await edit.waitFor({ state: 'hidden' });
    await row.filter({ hasText: '端到端测试修改' }).waitFor();

    await row.getByRole('button', { name: /删除/ }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: /删除/ }).last();
    await confirm.getByRole('button', { name: twoChars('确定') }).click();
    await message('删除成功').waitFor();
    await row.waitFor({ state: 'detached' });

    // A package a tenant uses stays: the server answers why.
    await seeded.getByRole('button', { name: /删除/ }).click();
    const again = page.getByRole('dialog').filter({ hasText: /删除/ }).last();
    await again.getByRole('button', { name: twoChars('确定') }).click();
    await page.getByText('产品包正在被租户使用，不能删除').first().waitFor();
    await seeded.waitFor();
    expect(pageErrors).toEqual([]);
  });
});
