import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, sharedHarness } from '../harness.js';
import { collectPageErrors, consoleShell, openAccountMenu, signIn, twoChars } from '../steps.js';

/**
 * 业务字典 and 系统字典 as the platform administrator: the two panes (dictionaries, then the items of the chosen
 * one as a tree), the item form with its code and parent fixed, the sealed switch, and a change that a second
 * signed-in browser (a session of its own) sees on its next page load — the `flow` business dictionary feeds the
 * patent-flow entries of the account menu — without a restart.
 */
describe('the dictionary screens', () => {
  let h: Harness;
  let admin: Page;
  let other: Page;
  let pageErrors: string[];
  const stamp = Date.now().toString(36);
  const label = `端到端流程${stamp}`;

  beforeAll(async () => {
    h = await sharedHarness();
    admin = await h.newAdminPage('/system/dictbiz/index', { width: 1920, height: 1000 });
    pageErrors = collectPageErrors(admin);
    await consoleShell(admin).tab('业务字典').waitFor();
    other = await h.newPage({ width: 1440, height: 900 });
    await signIn(other);
  });
  afterAll(async () => {
    await h?.close();
  });

  const pane = (page: Page, name: RegExp | string): Locator => page.getByRole('region', { name });
  const flowEntries = async (page: Page) => {
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('button', { name: '账号菜单' }).waitFor();
    await openAccountMenu(page);
    const texts = await page
      .locator('.ant-dropdown:not(.ant-dropdown-hidden) [role="menuitem"]')
      .allTextContents();
    await page.keyboard.press('Escape');
    await page.mouse.move(5, 450);
    return texts;
  };

  it('edits the flow business dictionary; another browser sees the change on its next page', {
    timeout: 240_000,
  }, async () => {
    const { message } = consoleShell(admin);
    expect(await flowEntries(other)).toContain('发明专利全流程');

    const parents = pane(admin, '业务字典');
    await parents.getByRole('row').nth(1).waitFor();
    // The parent form asks for its code.
    await parents.getByRole('button', { name: /新\s*增/ }).click();
    const parentDialog = admin.getByRole('dialog', { name: '新增' });
    await parentDialog.getByRole('button', { name: twoChars('保存') }).click();
    await parentDialog.getByText('请输入字典编号').waitFor();
    await parentDialog.getByText('请输入字典名称').waitFor();
    await parentDialog.getByRole('button', { name: twoChars('取消') }).click();
    await parentDialog.waitFor({ state: 'hidden' });

    await parents.getByRole('search').getByLabel('字典编号').fill('flow');
    await parents
      .getByRole('search')
      .getByRole('button', { name: /搜\s*索/ })
      .click();
    const flowRow = parents.getByRole('row').filter({ hasText: '流程类型' });
    await flowRow.waitFor();
    await expect.poll(() => parents.getByRole('row').count()).toBe(2);
    await flowRow.getByRole('button', { name: /字典配置/ }).click();

    const items = pane(admin, /字典配置：流程类型（flow）/);
    await items.getByRole('row').filter({ hasText: '专利申请审批流程' }).waitFor();
    await h.screenshot(admin, 'dictbiz-1920-zh');

    // A new item: code and parent come from the chosen dictionary and cannot be changed.
    await items.getByRole('button', { name: /^(plus )?新\s*增$/ }).click();
    const add = admin.getByRole('dialog', { name: '新增' });
    expect(await add.getByLabel('字典编号').inputValue()).toBe('flow');
    expect(await add.getByLabel('字典编号').isDisabled()).toBe(true);
    await add.getByText('流程类型').first().waitFor();
    await add.getByRole('button', { name: twoChars('保存') }).click();
    await add.getByText('请输入字典名称').waitFor();
    await add.getByText('请输入字典键值').waitFor();
    await add.getByLabel('字典名称').fill(label);
    await add.getByLabel('字典键值').fill('9');
    await add.getByLabel('字典排序').fill('9');
    await add.getByLabel('字典备注').fill(`e2e-${stamp}`);
    await h.screenshot(admin, 'dictbiz-item-dialog-1920-zh');
    await add.getByRole('button', { name: twoChars('保存') }).click();
    await message('新增成功').waitFor();
    await add.waitFor({ state: 'hidden' });
    const row = items.getByRole('row').filter({ hasText: label });
    await row.waitFor();

    // The other browser, signed in before the change, finds it on its next page load.
    expect(await flowEntries(other)).toContain(label);
    await openAccountMenu(other);
    await other.getByRole('menuitem', { name: label }).waitFor();
    await h.screenshot(other, 'dictbiz-flow-menu-other-browser');
    await other.keyboard.press('Escape');

    // Sealed: the switch saves at once (0 → 1) and the entry leaves the other browser's menu; back to 0.
    const sealed = row.getByRole('switch');
    await sealed.click();
    await message('更新成功').waitFor();
    await expect.poll(() => sealed.getAttribute('aria-checked')).toBe('true');
    expect(await flowEntries(other)).not.toContain(label);
    await sealed.click();
    await expect.poll(() => sealed.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => flowEntries(other)).toContain(label);

    // A dictionary with items cannot go; the item can.
    await flowRow.getByRole('button', { name: /删除/ }).click();
    await admin
      .getByRole('dialog')
      .getByRole('button', { name: twoChars('确定') })
      .click();
    await message('请先删除子节点!').waitFor();
    await row.getByRole('button', { name: /删除/ }).click();
    await admin
      .getByRole('dialog')
      .getByRole('button', { name: twoChars('确定') })
      .click();
    await message('删除成功').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await flowEntries(other)).not.toContain(label);
    expect(pageErrors).toEqual([]);
  });

  it('shows the system dictionaries and the items of one as a tree', async () => {
    await admin.goto('/system/dict/index');
    await consoleShell(admin).tab('系统字典').waitFor();
    const parents = pane(admin, '系统字典');
    const sexRow = parents.getByRole('row').filter({ hasText: '性别' });
    await sexRow.waitFor();
    await sexRow.getByRole('button', { name: /字典配置/ }).click();
    const items = pane(admin, /字典配置：性别（sex）/);
    await items.getByRole('row').filter({ hasText: '男' }).waitFor();
    await h.screenshot(admin, 'dict-1920-zh');
    // Narrower, the items follow the list and are scrolled into view when a dictionary is chosen.
    await admin.setViewportSize({ width: 1440, height: 900 });
    const yesNo = parents.getByRole('row').filter({ hasText: 'yes_no' });
    await yesNo.getByRole('button', { name: /字典配置/ }).click();
    const yesNoItems = pane(admin, /字典配置：是否（yes_no）/);
    await yesNoItems.getByRole('row').filter({ hasText: '是' }).first().waitFor();
    await expect.poll(() => yesNoItems.isVisible()).toBe(true);
    await h.screenshot(admin, 'dict-1440-zh');
    expect(pageErrors).toEqual([]);
  });
});
