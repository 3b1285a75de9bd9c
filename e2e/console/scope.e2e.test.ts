import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, sharedHarness } from '../harness.js';
import { collectPageErrors, consoleShell, twoChars } from '../steps.js';

/**
 * 数据权限 and 接口权限 as the platform administrator: pages on the left, the chosen page's rules on the right; a
 * custom rule is built from parts (field, operator, value) and a field that is no identifier is refused.
 */
describe('the data-scope and API-scope screens', () => {
  let h: Harness;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    h = await sharedHarness();
    page = await h.newAdminPage('/authority/datascope/index', { width: 1440, height: 900 });
    pageErrors = collectPageErrors(page);
    await consoleShell(page).tab('数据权限').waitFor();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lists the rules of the chosen page', async () => {
    const { main } = consoleShell(page);
    await main.getByRole('row').filter({ hasText: '本机构及下级机构' }).waitFor();
    await main
      .locator('.ant-tree-title', { hasText: /^通知公告$/ })
      .first()
      .click();
    await main.getByRole('row').filter({ hasText: '本人发布的通知' }).waitFor();
    await expect.poll(() => main.getByText('本机构及下级机构').count()).toBe(0);
    await h.screenshot(page, 'datascope-1440-zh');
  });

  it('builds a custom rule from parts, refusing a field that is no identifier', async () => {
    const { main, message } = consoleShell(page);
    const add = page.getByRole('dialog', { name: '新增' });
    const dropdown = page.locator('.ant-select-dropdown:visible');
    const treeNode = (title: string) =>
      dropdown.locator('.ant-select-tree-treenode', {
        has: page.locator('.ant-select-tree-title', { hasText: new RegExp(`^${title}$`) }),
      });
    const name = `仅通知类${Date.now().toString(36).slice(-4)}`;
    /** Opens 新增 on a custom rule for 通知公告 with one condition on `field`. */
    const openCustomRule = async (field: string) => {
      await main.getByRole('button', { name: /新\s*增/ }).click();
      await add.getByLabel('所属菜单').click();
      await treeNode('工作台').locator('.ant-select-tree-switcher').click();
      await treeNode('通知公告').locator('.ant-select-tree-title').click();
      await add.getByLabel('权限名称').fill(name);
      await add.getByLabel('规则类型').click();
      await page.locator('.ant-select-dropdown:visible').getByText('自定义', { exact: true }).click();
      await add.getByRole('button', { name: /添加条件/ }).click();
      await add.getByLabel('字段', { exact: true }).fill(field);
    };
    // The rule is built from parts: a field of the page, an operator, a value. A field that is no identifier is refused.
    await openCustomRule("category' or '1'='1");
    await add.getByRole('button', { name: twoChars('保存') }).click();
    await page.locator('.ant-message').getByText('自定义规则字段不合法').waitFor();
    // A fresh dialog for the valid rule: in some full runs a dialog's 保存 stayed loading after a refusal, with
    // nothing sent (as in the role e2e; the likely cause, a save paused by an `offline` event, is fixed in
    // app/queryClient.ts, but this step checks the refusal, not the re-save).
    await add.getByRole('button', { name: twoChars('取消') }).click();
    await add.waitFor({ state: 'hidden' });
    await openCustomRule('category');
    await add.getByLabel('运算符').click();
    await page.locator('.ant-select-dropdown:visible').getByText('属于（逗号分隔）', { exact: true }).click();
    await add.getByLabel('值或变量').fill('1,2');
    await h.screenshot(page, 'datascope-1440-zh-custom');
    await add.getByRole('button', { name: twoChars('保存') }).click();
    await message('新增成功').waitFor();
    const saved = main.getByRole('row').filter({ hasText: name });
    await saved.waitFor();
    expect(await saved.textContent()).toContain('category 属于（逗号分隔） 1,2');
    expect(pageErrors).toEqual([]);
  });

  it('lists the API rules of a page', async () => {
    const other = await h.newAdminPage('/authority/apiscope/index', { width: 1440, height: 900 });
    const errors = collectPageErrors(other);
    const { main, tab } = consoleShell(other);
    await tab('接口权限').waitFor();
    const row = main.getByRole('row').filter({ hasText: '通知只读接口' });
    await row.waitFor();
    expect(await row.textContent()).toContain('/api/cube-desk/notice/**');
    await main
      .locator('.ant-tree-title', { hasText: /^部门管理$/ })
      .first()
      .click();
    await main.getByRole('row').filter({ hasText: '部门只读接口' }).waitFor();
    await expect.poll(() => main.getByText('通知只读接口').count()).toBe(0);
    await h.screenshot(other, 'apiscope-1440-zh');
    await other.context().close();
    expect(errors).toEqual([]);
  });
});
