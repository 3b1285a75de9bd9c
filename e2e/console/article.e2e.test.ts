import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, sharedHarness } from '../harness.js';
import { collectPageErrors, consoleShell, DEMO_TENANT_ADMIN, signIn, twoChars } from '../steps.js';

/**
 * 门户管理 → 文章管理: the demo tenant's administrator writes a party-building article in the rich-text
 * editor, first as a draft (not on the site), then publishes it, and it shows on the public site at once.
 */
describe('the article screen', () => {
  let h: Harness;
  let page: Page;
  let pageErrors: string[];
  const title = `端到端党建文章${Date.now()}`;

  beforeAll(async () => {
    h = await sharedHarness();
    page = await h.newPage({ width: 1440, height: 900 });
    pageErrors = collectPageErrors(page);
    await signIn(page, DEMO_TENANT_ADMIN);
    await page.goto('/portal/article/index');
    await consoleShell(page).tab('文章管理').waitFor();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lists the seeded articles with their category and publish state', async () => {
    const { main, side } = consoleShell(page);
    await main.getByRole('row').filter({ hasText: '党员先锋岗：知识产权志愿服务走进社区' }).waitFor();
    expect(await side.getByRole('menuitem', { name: /文章管理/ }).count()).toBeGreaterThan(0);
    await h.screenshot(page, 'portal-article-1440-zh');
  });

  it('saves a draft that the site does not show, then publishes it and the site shows it at once', async () => {
    const { main, message } = consoleShell(page);
    await main.getByRole('button', { name: /新\s*增/ }).click();
    const add = page.getByRole('dialog', { name: '新增' });
    await add.getByRole('button', { name: twoChars('保存') }).click();
    const errors = add.locator('.ant-form-item-explain-error');
    await errors.getByText('请输入文章标题').waitFor();
    await errors.getByText('请选择文章分类').waitFor();

    await add.getByLabel('文章标题').fill(title);
    await add.getByLabel('文章分类').click();
    await page.locator('.ant-select-dropdown:visible').getByText('党建要闻', { exact: true }).click();
    await add.getByLabel('来源').fill('公司党支部');
    await add.getByLabel('摘要').fill('端到端测试写下的党建文章摘要。');
    const editor = add.getByLabel('正文编辑区');
    await editor.click();
    await page.keyboard.type('支部组织党员集中学习，');
    await add.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('交流研讨热烈。');
    await h.screenshot(page, 'portal-article-editor-1440-zh');
    await add.getByRole('button', { name: twoChars('保存') }).click();
    await message('新增成功').waitFor();

    const row = main.getByRole('row').filter({ hasText: title });
    await row.waitFor();
    expect(await row.textContent()).toContain('草稿');
    const site = await h.newPage({ width: 390, height: 844 });
    await site.goto('/partyBuilding');
    expect(await site.content()).not.toContain(title);

    await row.getByRole('button', { name: /编辑/ }).click();
    const edit = page.getByRole('dialog', { name: '编辑' });
    await expect.poll(() => edit.getByLabel('正文编辑区').textContent()).toContain('交流研讨热烈。');
    await edit.getByLabel('发布状态').click();
    await page.locator('.ant-select-dropdown:visible').getByText('已发布', { exact: true }).click();
    await edit.getByRole('button', { name: twoChars('保存') }).click();
    await message('更新成功').waitFor();
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('已发布');
    await h.screenshot(page, 'portal-article-published-1440-zh');

    await site.goto('/partyBuilding');
    await site.getByRole('link', { name: new RegExp(title) }).click();
    await site.getByRole('heading', { name: title }).waitFor();
    expect(await site.locator('.s-rich strong').textContent()).toBe('交流研讨热烈。');
    await h.screenshot(site, 'portal-article-on-site-390');
    expect(pageErrors).toEqual([]);
  });
});
