import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, sharedHarness } from '../harness.js';
import { collectPageErrors, consoleShell, twoChars } from '../steps.js';

/** The parameter screen (the first CrudPage) as the platform administrator: its whole life, with its messages. */
describe('the parameter screen', () => {
  let h: Harness;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    h = await sharedHarness();
    page = await h.newAdminPage('/system/param/index', { width: 1440, height: 900 });
    pageErrors = collectPageErrors(page);
    await consoleShell(page).tab('参数管理').waitFor();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('creates, edits and deletes a parameter with the expected messages', async () => {
    const { main, message } = consoleShell(page);
    await main.getByRole('row').nth(1).waitFor();
    await h.screenshot(page, 'param-1440-zh');

    const key = `e2e.param.${Date.now().toString(36)}`;
    const add = main.getByRole('button', { name: /新\s*增/ });

    // Nothing filled in: the first required field complains.
    await add.click();
    const addDialog = page.getByRole('dialog', { name: '新增' });
    await addDialog.getByRole('button', { name: twoChars('保存') }).click();
    await addDialog.getByText('请输入参数名称').waitFor();
    await addDialog.getByText('请输入参数键名').waitFor();
    await addDialog.getByText('请输入参数键值').waitFor();

    await addDialog.getByLabel('参数名称').fill('端到端测试参数');
    await addDialog.getByLabel('参数键名').fill(key);
    await addDialog.getByLabel('参数键值').fill('first value');
    await addDialog.getByRole('button', { name: twoChars('保存') }).click();
    await message('新增成功').waitFor();
    await addDialog.waitFor({ state: 'hidden' });

    const search = page.getByRole('search');
    await search.getByLabel('参数键名').fill(key);
    await search.getByRole('button', { name: /搜\s*索/ }).click();
    const row = main.getByRole('row').filter({ hasText: key });
    await row.waitFor();
    expect(await row.textContent()).toContain('first value');
    await expect.poll(() => main.getByRole('row').count()).toBe(2); // the header and the one match

    await row.getByRole('button', { name: /编辑/ }).click();
    const editDialog = page.getByRole('dialog', { name: '编辑' });
    const value = editDialog.getByLabel('参数键值');
    await expect.poll(() => value.inputValue()).toBe('first value');
    await value.fill('second value');
    await editDialog.getByRole('button', { name: twoChars('保存') }).click();
    await message('更新成功').waitFor();
    await editDialog.waitFor({ state: 'hidden' });
    await row.filter({ hasText: 'second value' }).waitFor();

    const batchDelete = main.getByRole('button', { name: /批量删除/ });
    await batchDelete.click();
    await message('请选择至少一条数据').waitFor();
    expect(await page.getByText('确定将选择数据删除?').count()).toBe(0);

    await row.getByRole('checkbox').check();
    await main.getByText('已选择 1 项').waitFor();
    await batchDelete.click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定将选择数据删除?' });
    await confirm.getByRole('button', { name: twoChars('确定') }).click();
    await message('删除成功').waitFor();
    await row.waitFor({ state: 'detached' });
    await confirm.waitFor({ state: 'detached' });
    expect(await main.getByRole('row').filter({ hasText: key }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
