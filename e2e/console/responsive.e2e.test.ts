import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, sharedHarness } from '../harness.js';
import { consoleShell, waitForLevel } from '../steps.js';

/** The console on narrow screens: 800 px (level 1, the sidebar folds away) and a 390 px phone (level 0). */
describe('the console on narrow screens', () => {
  let h: Harness;
  let page: Page;
  let shell: ReturnType<typeof consoleShell>;

  beforeAll(async () => {
    h = await sharedHarness();
    page = await h.newAdminPage('/system/param/index', { width: 1440, height: 900 });
    shell = consoleShell(page);
    await shell.tab('参数管理').waitFor();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('fits the console into 800 px', async () => {
    const { tab } = shell;
    await tab('首页').click();
    await page.waitForURL('**/wel/index');
    await page.setViewportSize({ width: 800, height: 900 });
    await waitForLevel(page, 1);
    // The sidebar folds away on narrow screens.
    await page.getByRole('button', { name: '展开菜单' }).waitFor();
    await page.getByText('快捷入口').first().waitFor();
    await h.screenshot(page, 'console-800-zh');

    await page.getByRole('button', { name: '展开菜单' }).click();
    const shade = page.getByRole('button', { name: '关闭侧边栏' });
    await shade.waitFor();
    await page.waitForTimeout(300); // the sidebar slides in
    await h.screenshot(page, 'console-800-zh-menu');
    await shade.click();
    await shade.waitFor({ state: 'detached' });

    await tab('参数管理').click();
    await page.waitForURL('**/system/param/index');
    await page.getByRole('main').getByRole('row').nth(1).waitFor();
    await h.screenshot(page, 'param-800-zh');

    await page.setViewportSize({ width: 1440, height: 900 });
    await waitForLevel(page, 3);
  });

  it('fits a phone: the search folds, the notice popover stays on screen', async () => {
    const { tab } = shell;
    const main = page.getByRole('main');
    // A key filter set on the desktop keeps its field in view on the phone.
    await tab('参数管理').click();
    await page.waitForURL('**/system/param/index');
    await main.getByRole('search').getByLabel('参数键名').fill('e2e.no.such.key');
    await main.getByRole('button', { name: /搜\s*索/ }).click();
    await main.getByRole('cell', { name: 'account.failCount' }).waitFor({ state: 'detached' });

    await page.setViewportSize({ width: 390, height: 844 });
    await waitForLevel(page, 0);
    expect(await main.getByLabel('参数键名').isVisible()).toBe(true);
    await main.getByRole('button', { name: /清\s*空/ }).click();
    await main.getByRole('cell', { name: 'account.failCount' }).waitFor();
    // One search field, then 展开 for the rest, so the data is on the first screen.
    expect(await main.getByLabel('参数名称').isVisible()).toBe(true);
    expect(await main.getByLabel('参数键名').isVisible()).toBe(false);
    await h.screenshot(page, 'param-390-zh');
    await main.getByRole('button', { name: /展开/ }).click();
    await main.getByLabel('参数键名').waitFor();
    await main.getByRole('button', { name: /收起/ }).click();
    await main.getByLabel('参数键名').waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: /消息通知/ }).click();
    const popover = page.locator('.ant-popover').filter({ hasText: '通知' });
    await popover.getByRole('tab').first().waitFor();
    await page.waitForTimeout(300); // the popover zooms in
    const box = await popover.locator('.ant-popover-container').boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await h.screenshot(page, 'console-390-zh-notices');
    await page.keyboard.press('Escape');
    await page.mouse.click(200, 700);

    await page.setViewportSize({ width: 1440, height: 900 });
    await waitForLevel(page, 3);
  });
});
