import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../harness.js';
import { collectPageErrors, consoleShell, twoChars } from '../steps.js';
import { e2eTargets, openTarget } from './targets.js';

/** 行政区划 as the platform administrator: the seeded divisions as a lazy tree, a child added and removed, export. */
describe.each(e2eTargets)('the region screen (%s)', (target) => {
  let h: Harness;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    h = await openTarget(target);
    page = await h.newAdminPage('/base/region/index', { width: 1440, height: 900 });
    pageErrors = collectPageErrors(page);
    await consoleShell(page).tab('行政区划').waitFor();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('shows the provinces and opens cities and counties level by level', async () => {
    const { main } = consoleShell(page);
    const zhejiang = main.getByRole('row').filter({ hasText: '浙江省' });
    await zhejiang.waitFor();
    await main.getByRole('row').filter({ hasText: '北京市' }).first().waitFor();
    await zhejiang.getByRole('button', { name: /展开|Expand/ }).click();
    const hangzhou = main.getByRole('row').filter({ hasText: '杭州市' });
    await hangzhou.waitFor();
    await hangzhou.getByRole('button', { name: /展开|Expand/ }).click();
    await main.getByRole('row').filter({ hasText: '西湖区' }).waitFor();
    await h.screenshot(page, `region-tree-1440-zh-${target}`);
  });

  it('adds a town under a county with the parent preset, then deletes it', async () => {
    const { main, message } = consoleShell(page);
    const xihu = main.getByRole('row').filter({ hasText: '西湖区' });
    await xihu.getByRole('button', { name: /新增子项/ }).click();
    const dialog = page.getByRole('dialog', { name: /新增/ });
    // The parent is preset in the region cascader, shown by name.
    await dialog.getByText('浙江省 / 杭州市 / 西湖区').filter({ visible: true }).waitFor();
    await dialog.getByLabel('区划编号', { exact: true }).fill('330106901');
    await dialog.getByLabel('区划名称').fill('端到端测试街道');
    await h.screenshot(page, `region-add-child-1440-zh-${target}`);
    await dialog.getByRole('button', { name: twoChars('保存') }).click();
    await message('新增成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const town = main.getByRole('row').filter({ hasText: '端到端测试街道' });
    await town.waitFor();
    expect(await town.textContent()).toContain('乡镇');

    await town.getByRole('button', { name: /删除/ }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定将选择数据删除?' });
    await confirm.getByRole('button', { name: twoChars('确定') }).click();
    await message('删除成功').waitFor();
    await town.waitFor({ state: 'detached' });
  });

  it('adds a region from 新增 by choosing its parent level by level in the region cascader', async () => {
    const { main, message } = consoleShell(page);
    await main
      .getByRole('button', { name: /新\s*增/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: '新增' });
    await dialog.getByLabel('上级区划编号').click();
    const menus = page.locator('.ant-cascader-dropdown:not(.ant-select-dropdown-hidden)');
    await menus.getByText('浙江省', { exact: true }).click();
    await menus.getByText('杭州市', { exact: true }).click();
    await menus.getByText('西湖区', { exact: true }).click();
    // A county is as deep as a parent goes: choosing it closes the cascader (Escape now would close the dialog).
    await menus.waitFor({ state: 'hidden' });
    await dialog.getByText('浙江省 / 杭州市 / 西湖区').filter({ visible: true }).waitFor();
    await dialog.getByLabel('区划编号', { exact: true }).fill('330106902');
    await dialog.getByLabel('区划名称', { exact: true }).fill('级联选择街道');
    await h.screenshot(page, `region-cascader-1440-zh-${target}`);
    await dialog.getByRole('button', { name: twoChars('保存') }).click();
    await message('新增成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // It lands under 西湖区, which now has a child to open.
    const xihu = main.getByRole('row').filter({ hasText: '西湖区' }).filter({ hasText: '3301' }).first();
    await xihu.getByRole('button', { name: /展开|Expand/ }).click();
    const town = main.getByRole('row').filter({ hasText: '级联选择街道' });
    await town.waitFor();
    expect(await town.textContent()).toContain('乡镇');
    await town.getByRole('button', { name: /删除/ }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定将选择数据删除?' });
    await confirm.getByRole('button', { name: twoChars('确定') }).click();
    await message('删除成功').waitFor();
    await town.waitFor({ state: 'detached' });
  });

  it('searches by name at any level and exports what it shows as xlsx', async () => {
    const { main } = consoleShell(page);
    const search = page.getByRole('search');
    await search.getByLabel('区划名称', { exact: true }).fill('西湖');
    await search.getByRole('button', { name: /搜\s*索/ }).click();
    await main.getByRole('row').filter({ hasText: '330106' }).waitFor();
    const download = page.waitForEvent('download');
    await main.getByRole('button', { name: /导\s*出/ }).click();
    expect((await download).suggestedFilename()).toBe('行政区划数据.xlsx');
    await h.screenshot(page, `region-search-1440-zh-${target}`);
    expect(pageErrors).toEqual([]);
  });
});
