import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, sharedHarness } from '../harness.js';
import { collectPageErrors, consoleShell, twoChars } from '../steps.js';

/**
 * The notice screen (a CrudPage with a dictionary and a date-time field) as the platform administrator, who sees
 * the platform's own notices only.
 */
const PLATFORM_NOTICE = '立方门户管理平台正式上线运行';
const DEMO_TENANT_NOTICE = '关于开展专利申请文件质量专项检查的通知';

describe('the notice screen', () => {
  let h: Harness;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    h = await sharedHarness();
    page = await h.newAdminPage('/desk/notice/index', { width: 1440, height: 900 });
    pageErrors = collectPageErrors(page);
    await consoleShell(page).tab('通知公告').waitFor();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lists the platform’s notices with their dictionary category, and no other tenant’s', async () => {
    const { main } = consoleShell(page);
    const row = main.getByRole('row').filter({ hasText: PLATFORM_NOTICE });
    await row.waitFor();
    await main.getByText('共 3 条').waitFor();
    // The category shows as its dictionary label, not its key.
    expect(await row.getByRole('cell').nth(2).textContent()).toMatch(/通知|公告/);
    expect(await main.getByText(DEMO_TENANT_NOTICE).count()).toBe(0);
    await h.screenshot(page, 'notice-1440-zh');
  });

  it('views a notice read-only', async () => {
    const { main } = consoleShell(page);
    await main
      .getByRole('row')
      .filter({ hasText: PLATFORM_NOTICE })
      .getByRole('button', { name: /查看/ })
      .click();
    const view = page.getByRole('dialog', { name: '查看' });
    await view.getByText(PLATFORM_NOTICE).waitFor();
    expect(await view.locator('input, textarea').count()).toBe(0);
    expect(await view.getByRole('button', { name: twoChars('保存') }).count()).toBe(0);
    await h.screenshot(page, 'notice-1440-zh-view');
    // The footer's button (the corner's × is named 关闭 too).
    await view
      .locator('.ant-modal-footer')
      .getByRole('button', { name: twoChars('关闭') })
      .click();
    await view.waitFor({ state: 'hidden' });
  });

  it('adds a notice with a category and a release time, finds it by title and deletes it', async () => {
    const { main, message } = consoleShell(page);
    const title = `端到端测试通知 ${Date.now().toString(36)}`;
    await main.getByRole('button', { name: /新\s*增/ }).click();
    const add = page.getByRole('dialog', { name: '新增' });
    await add.getByRole('button', { name: twoChars('保存') }).click();
    await add.getByText('请输入通知标题').waitFor();

    await add.getByLabel('通知标题').fill(title);
    await add.getByLabel('通知类型').click();
    await page.locator('.ant-select-dropdown:visible').getByText('发布通知', { exact: true }).click();
    const releaseTime = add.getByLabel('通知时间');
    await releaseTime.click();
    await releaseTime.fill('2026-01-02 09:30:00');
    await releaseTime.press('Enter');
    await add.getByLabel('通知内容').fill('端到端测试的通知内容');
    await add.getByRole('button', { name: twoChars('保存') }).click();
    await message('新增成功').waitFor();
    await add.waitFor({ state: 'hidden' });

    const search = page.getByRole('search');
    await search.getByLabel('通知标题').fill(title);
    await search.getByRole('button', { name: /搜\s*索/ }).click();
    const row = main.getByRole('row').filter({ hasText: title });
    await row.waitFor();
    expect(await row.textContent()).toContain('发布通知');
    expect(await row.textContent()).toContain('2026-01-02 09:30:00');
    await expect.poll(() => main.getByRole('row').count()).toBe(2);

    await row.getByRole('button', { name: /删除/ }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定将选择数据删除?' });
    await confirm.getByRole('button', { name: twoChars('确定') }).click();
    await message('删除成功').waitFor();
    await row.waitFor({ state: 'detached' });

    await search.getByRole('button', { name: /清\s*空/ }).click();
    await main.getByRole('row').filter({ hasText: PLATFORM_NOTICE }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
