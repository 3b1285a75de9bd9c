import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, sharedHarness } from '../harness.js';
import { collectPageErrors, consoleShell, DEMO_TENANT_ADMIN, signIn, twoChars } from '../steps.js';

/** 岗位管理 as the demo tenant's administrator: the validation messages, add with a category, search, edit, delete. */
describe('the post screen', () => {
  let h: Harness;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    h = await sharedHarness();
    page = await h.newPage({ width: 1440, height: 900 });
    pageErrors = collectPageErrors(page);
    await signIn(page, DEMO_TENANT_ADMIN);
    await page.goto('/system/post/index');
    await consoleShell(page).tab('岗位管理').waitFor();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('creates, edits and deletes a post', async () => {
    const { main, message } = consoleShell(page);
    await main.getByRole('row').filter({ hasText: '专利代理师' }).waitFor();
    await h.screenshot(page, 'post-1440-zh');

    const code = `e2e_${Date.now().toString(36)}`;
    await main.getByRole('button', { name: /新\s*增/ }).click();
    const add = page.getByRole('dialog', { name: '新增' });
    await add.getByLabel('岗位排序').fill('');
    await add.getByRole('button', { name: twoChars('保存') }).click();
    await add.getByText('请选择岗位类型').first().waitFor();
    await add.getByText('请输入岗位编号').first().waitFor();
    await add.getByText('请输入岗位名称').first().waitFor();
    await add.getByLabel('岗位类型').click();
    await page.locator('.ant-select-dropdown:visible').getByText('基层', { exact: true }).click();
    await add.getByLabel('岗位编号').fill(code);
    await add.getByLabel('岗位名称').fill('专利流程专员');
    await add.getByLabel('岗位排序').fill('20');
    await add.getByLabel('岗位描述').fill('负责专利申请流程节点的跟踪与提醒');
    await h.screenshot(page, 'post-1440-zh-add');
    await add.getByRole('button', { name: twoChars('保存') }).click();
    await message('新增成功').waitFor();
    await add.waitFor({ state: 'hidden' });

    const search = page.getByRole('search');
    await search.getByLabel('岗位编号').fill(code);
    await search.getByRole('button', { name: /搜\s*索/ }).click();
    const row = main.getByRole('row').filter({ hasText: code });
    await row.waitFor();
    expect(await row.textContent()).toContain('基层');
    await expect.poll(() => main.getByRole('row').count()).toBe(2);

    // The code is unique within the tenant.
    await main.getByRole('button', { name: /新\s*增/ }).click();
    const dup = page.getByRole('dialog', { name: '新增' });
    await dup.getByLabel('岗位类型').click();
    await page.locator('.ant-select-dropdown:visible').getByText('中层', { exact: true }).click();
    await dup.getByLabel('岗位编号').fill(code);
    await dup.getByLabel('岗位名称').fill('重复的岗位');
    await dup.getByRole('button', { name: twoChars('保存') }).click();
    await message('岗位编号已存在').waitFor();
    await dup.getByRole('button', { name: twoChars('取消') }).click();

    await row.getByRole('button', { name: /编辑/ }).click();
    const edit = page.getByRole('dialog', { name: '编辑' });
    const name = edit.getByLabel('岗位名称');
    await expect.poll(() => name.inputValue()).toBe('专利流程专员');
    await name.fill('专利流程主管');
    await edit.getByRole('button', { name: twoChars('保存') }).click();
    await message('更新成功').waitFor();
    await row.filter({ hasText: '专利流程主管' }).waitFor();

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
});
