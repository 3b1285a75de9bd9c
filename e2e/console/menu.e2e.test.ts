import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, sharedHarness } from '../harness.js';
import { collectPageErrors, consoleShell, signIn, twoChars } from '../steps.js';

/**
 * 菜单管理 as the platform administrator: the lazy tree table with buttons as children, 新增子项 with the icon
 * picker, and a rename that a second signed-in browser (a session of its own) sees after a reload — no restart.
 * The menu it adds is an external link opened in a new window, so the second browser also shows the
 * confirmation before anything opens.
 */
describe('the menu screen', () => {
  let h: Harness;
  let admin: Page;
  let other: Page;
  let pageErrors: string[];
  const stamp = Date.now().toString(36);
  const name = `端到端菜单${stamp}`;
  const renamed = `端到端改名${stamp}`;

  beforeAll(async () => {
    h = await sharedHarness();
    admin = await h.newAdminPage('/system/menu/index', { width: 1440, height: 900 });
    pageErrors = collectPageErrors(admin);
    await consoleShell(admin).tab('菜单管理').waitFor();
    other = await h.newPage({ width: 1440, height: 900 });
    await signIn(other);
  });
  afterAll(async () => {
    await h?.close();
  });

  // A long walk through two browsers on a shared, busy machine.
  it('shows the tree with buttons as children, adds a child with an icon, and a rename reaches another browser', {
    timeout: 240_000,
  }, async () => {
    const { main, message } = consoleShell(admin);
    const systemRow = main.getByRole('row').filter({ hasText: '系统管理' }).first();
    await systemRow.waitFor();
    // Open 系统管理, then 参数管理: its buttons are its children.
    await systemRow
      .getByRole('button', { name: /展开|expand/i })
      .first()
      .click();
    const paramRow = main.getByRole('row').filter({ hasText: '参数管理' }).first();
    await paramRow.waitFor();
    await paramRow
      .getByRole('button', { name: /展开|expand/i })
      .first()
      .click();
    await main.getByRole('row').filter({ hasText: 'param_add' }).waitFor();
    expect(await main.getByRole('row').filter({ hasText: 'param_add' }).textContent()).toContain('按钮');
    await h.screenshot(admin, 'menu-tree-1440-zh');

    // 新增子项 under 系统管理: the parent is preset; a page needs its route path.
    await systemRow.getByRole('button', { name: /新增子项/ }).click();
    const addDialog = admin.getByRole('dialog', { name: '新增' });
    await addDialog.getByLabel('菜单名称').fill(name);
    await addDialog.getByLabel('菜单编号').fill(`e2e_${stamp}`);
    await addDialog.getByLabel('路由地址').fill('https://example.com/cube-e2e');
    await addDialog.getByLabel('新窗口打开').click();
    await addDialog.getByLabel('菜单图标').click();
    await admin.locator('.ant-select-dropdown [data-icon-name="link"]').click();
    await h.screenshot(admin, 'menu-add-dialog-1440-zh');
    await addDialog.getByRole('button', { name: twoChars('保存') }).click();
    await message('新增成功').waitFor();
    await addDialog.waitFor({ state: 'hidden' });
    const row = main.getByRole('row').filter({ hasText: name });
    await row.waitFor();

    // The second browser's sidebar shows it after a reload, and asks before opening the outside link.
    await other.reload();
    const otherSide = consoleShell(other).side;
    // The 系统管理 branch of the other browser's sidebar, opened unless it already is (a click would fold it).
    const openSystem = async () => {
      const branch = otherSide.getByRole('menuitem', { name: /系统管理/ });
      await branch.waitFor();
      if ((await branch.getAttribute('aria-expanded')) !== 'true') await branch.click();
    };
    await openSystem();
    await otherSide.getByRole('menuitem', { name }).click();
    const confirm = other.getByRole('dialog').filter({ hasText: '即将在新标签页中打开外部链接' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('https://example.com/cube-e2e');
    await h.screenshot(other, 'menu-external-confirm-1440-zh');
    await confirm.getByRole('button', { name: twoChars('取消') }).click();
    await confirm.waitFor({ state: 'detached' });

    // Rename it here; the other browser reloads and reads the new name (no restart, no cache to clear).
    await row.getByRole('button', { name: /编辑/ }).click();
    const editDialog = admin.getByRole('dialog', { name: '编辑' });
    const nameInput = editDialog.getByLabel('菜单名称');
    await expect.poll(() => nameInput.inputValue()).toBe(name);
    await nameInput.fill(renamed);
    await editDialog.getByRole('button', { name: twoChars('保存') }).click();
    await message('更新成功').waitFor();
    await editDialog.waitFor({ state: 'hidden' });
    await main.getByRole('row').filter({ hasText: renamed }).waitFor();

    await other.reload();
    await openSystem();
    await otherSide.getByRole('menuitem', { name: renamed }).waitFor();
    expect(await otherSide.getByRole('menuitem', { name }).count()).toBe(0);
    await h.screenshot(other, 'menu-renamed-other-browser-1440-zh');

    // Removing 系统管理 is refused (it has children); the test menu goes.
    await systemRow.getByRole('button', { name: /删除/ }).click();
    let sure = admin.getByRole('dialog').filter({ hasText: '确定将选择数据删除?' });
    await sure.getByRole('button', { name: twoChars('确定') }).click();
    await message('请先删除子节点!').waitFor();
    const renamedRow = main.getByRole('row').filter({ hasText: renamed });
    await renamedRow.getByRole('button', { name: /删除/ }).click();
    sure = admin.getByRole('dialog').filter({ hasText: '确定将选择数据删除?' });
    await sure.getByRole('button', { name: twoChars('确定') }).click();
    await message('删除成功').waitFor();
    await renamedRow.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
  });
});
