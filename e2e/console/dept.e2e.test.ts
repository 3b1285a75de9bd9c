import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, sharedHarness } from '../harness.js';
import { collectPageErrors, consoleShell, DEMO_TENANT_ADMIN, signIn, twoChars } from '../steps.js';

/**
 * 部门管理 as the demo tenant's administrator: the organisation loads one level per expand, a child department is
 * added under 专利代理部 and removed again; the 部门经理 account sees its department and below only.
 */
describe('the department screen', () => {
  let h: Harness;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    h = await sharedHarness();
    page = await h.newPage({ width: 1440, height: 900 });
    pageErrors = collectPageErrors(page);
    await signIn(page, DEMO_TENANT_ADMIN);
    await page.goto('/system/dept/index');
    await consoleShell(page).tab('部门管理').waitFor();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('opens the tree one level at a time', async () => {
    const { main } = consoleShell(page);
    const root = main.getByRole('row').filter({ hasText: '立方知识产权' }).first();
    await root.waitFor();
    expect(await main.getByText('机械电学组', { exact: true }).count()).toBe(0);
    await root.locator('.ant-table-row-expand-icon').click();
    const patent = main.getByRole('row').filter({ hasText: '专利代理部' }).first();
    await patent.waitFor();
    await patent.locator('.ant-table-row-expand-icon').click();
    await main.getByRole('row').filter({ hasText: '机械电学组' }).waitFor();
    await h.screenshot(page, 'dept-1440-zh');
  });

  it('adds a child department and removes it', async () => {
    const { main, message } = consoleShell(page);
    const name = `涉外专利组${Date.now().toString(36).slice(-4)}`;
    await main
      .getByRole('row')
      .filter({ hasText: '专利代理部' })
      .first()
      .getByRole('button', { name: /新增子项/ })
      .click();
    const add = page.getByRole('dialog', { name: /新增/ });
    await add.getByRole('button', { name: twoChars('保存') }).click();
    await add.getByText('请输入机构名称').waitFor();
    await add.getByLabel('机构名称').fill(name);
    await add.getByLabel('机构全称').fill(`专利代理部${name}`);
    await h.screenshot(page, 'dept-1440-zh-add-child');
    await add.getByRole('button', { name: twoChars('保存') }).click();
    await message('新增成功').waitFor();
    const row = main.getByRole('row').filter({ hasText: name });
    await row.waitFor();

    // A department with children is refused.
    await main
      .getByRole('row')
      .filter({ hasText: '专利代理部' })
      .first()
      .getByRole('button', { name: /删除/ })
      .click();
    await page
      .getByRole('dialog')
      .filter({ hasText: '确定将选择数据删除?' })
      .getByRole('button', { name: twoChars('确定') })
      .click();
    await page.locator('.ant-message').getByText('请先删除子节点!').waitFor();

    await row.getByRole('button', { name: /删除/ }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: '确定将选择数据删除?' })
      .getByRole('button', { name: twoChars('确定') })
      .click();
    await message('删除成功').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
  });

  it('shows the 部门经理 account its own department and below only', async () => {
    const other = await h.newPage({ width: 1440, height: 900 });
    const otherErrors = collectPageErrors(other);
    await signIn(other, { tenantId: '100000', username: 'manager', password: 'Manager@2026' });
    await other.goto('/system/dept/index');
    const { main } = consoleShell(other);
    const patent = main.getByRole('row').filter({ hasText: '专利代理部' }).first();
    await patent.waitFor();
    expect(await main.getByText('商标事务部', { exact: true }).count()).toBe(0);
    expect(await main.getByText('综合管理部', { exact: true }).count()).toBe(0);
    await patent.locator('.ant-table-row-expand-icon').click();
    await main.getByRole('row').filter({ hasText: '化学生物组' }).waitFor();
    // The manager holds the view button only.
    expect(await main.getByRole('button', { name: /新\s*增/ }).count()).toBe(0);
    await h.screenshot(other, 'dept-manager-1440-zh');
    await other.context().close();
    expect(otherErrors).toEqual([]);
  });
});
