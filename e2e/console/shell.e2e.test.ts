import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, sharedHarness } from '../harness.js';
import {
  collectPageErrors,
  consoleShell,
  openAccountMenu,
  pathname,
  signIn,
  twoChars,
  waitForLevel,
} from '../steps.js';

/**
 * The console shell in Chromium as the platform administrator (tenant 000000): sidebar menus and the tab strip,
 * screen lock, theme, menu search, logout.
 */
describe('the console shell as the platform administrator, in Chinese', () => {
  let h: Harness;
  let page: Page;
  let shell: ReturnType<typeof consoleShell>;
  let pageErrors: string[];

  beforeAll(async () => {
    h = await sharedHarness();
    page = await h.newPage({ width: 1440, height: 900 });
    pageErrors = collectPageErrors(page);
    shell = consoleShell(page);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('signs in with tenant 000000 and shows the console with the home tab', async () => {
    const { side, tabNames, activeTab } = shell;
    await signIn(page);
    await waitForLevel(page, 3);
    await side.getByRole('menuitem', { name: /系统管理/ }).waitFor();
    await page.getByRole('button', { name: '账号菜单' }).getByText('管理员').waitFor();
    await expect.poll(tabNames).toEqual(['首页']);
    await expect.poll(() => activeTab().textContent()).toBe('首页');
    await page.getByText('快捷入口').first().waitFor();
    await h.screenshot(page, 'console-1440-zh');
  });

  it('opens three menus from the sidebar as tabs, closes the active tab and then the others', async () => {
    const { side, tags, tab, tabNames, activeTab } = shell;
    await side.getByRole('menuitem', { name: /系统管理/ }).click();
    await side.getByRole('menuitem', { name: /参数管理/ }).click();
    await page.waitForURL('**/system/param/index');
    await tab('参数管理').waitFor();

    await side.getByRole('menuitem', { name: /工作台/ }).click();
    await side.getByRole('menuitem', { name: /通知公告/ }).click();
    await page.waitForURL('**/desk/notice/index');
    await tab('通知公告').waitFor();

    await side.getByRole('menuitem', { name: /系统监控/ }).click();
    await side.getByRole('menuitem', { name: /日志管理/ }).click();
    await side.getByRole('menuitem', { name: /错误日志/ }).click();
    await page.waitForURL('**/monitor/log/error/index');
    await tab('错误日志').waitFor();

    await expect.poll(tabNames).toEqual(['首页', '参数管理', '通知公告', '错误日志']);
    await expect.poll(() => activeTab().textContent()).toBe('错误日志');

    // Closing the active (last) tab shows the previous one.
    await tags.locator('[data-node-key="/monitor/log/error/index"]').getByRole('button').click();
    await page.waitForURL('**/desk/notice/index');
    await expect.poll(tabNames).toEqual(['首页', '参数管理', '通知公告']);
    await expect.poll(() => activeTab().textContent()).toBe('通知公告');

    // 关闭其他 from the tab's context menu keeps the home tab and this one.
    await tab('通知公告').click({ button: 'right' });
    await page.getByRole('menuitem', { name: /关闭其他/ }).click();
    await expect.poll(tabNames).toEqual(['首页', '通知公告']);
    await expect.poll(() => activeTab().textContent()).toBe('通知公告');
    expect(pathname(page)).toBe('/desk/notice/index');
  });

  it('locks the screen behind a password and unlocks only with the right one', async () => {
    const { tabNames, activeTab } = shell;
    await page.getByRole('button', { name: '锁屏' }).click();
    const dialog = page.getByRole('dialog', { name: '设置锁屏密码' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: twoChars('确定') }).click();
    await dialog.getByText('锁屏密码不能为空').waitFor();
    expect(pathname(page)).toBe('/desk/notice/index');

    await dialog.getByLabel('锁屏密码').fill('e2e-lock-1');
    await dialog.getByRole('button', { name: twoChars('确定') }).click();
    await page.waitForURL('**/lock');
    const password = page.getByLabel('锁屏密码');
    await password.waitFor();

    await password.fill('not-the-password');
    await password.press('Enter');
    await page.getByText('锁屏密码错误，请重新输入').waitFor();
    expect(pathname(page)).toBe('/lock');

    // While locked, every other address leads back to the lock page.
    await page.goto('/system/param/index');
    await page.waitForURL('**/lock');

    await page.getByLabel('锁屏密码').fill('e2e-lock-1');
    await page.getByRole('button', { name: /解\s*锁/ }).click();
    // Unlocking returns to the active tab; the locked visit to the parameter page never became one.
    await page.waitForURL('**/desk/notice/index');
    await expect.poll(() => activeTab().textContent()).toBe('通知公告');
    expect(await tabNames()).toEqual(['首页', '通知公告']);
  });

  it('keeps the chosen theme across a reload', async () => {
    const shellRoot = page.locator('[data-theme]');
    expect(await shellRoot.getAttribute('data-theme')).toBe('theme-bule');

    await page.getByRole('button', { name: '主题', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '主题' });
    const dark = dialog.getByRole('button', { name: /黑色主题/ });
    await dark.click();
    await expect.poll(() => dark.getAttribute('aria-pressed')).toBe('true');
    await page.locator('[data-theme="theme-dark"]').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await page.reload();
    await page.locator('[data-theme="theme-dark"]').waitFor();
    const stored = await page.evaluate(() => localStorage.getItem('cube-themeName'));
    expect(JSON.parse(stored ?? '{}').content).toBe('theme-dark');
    await h.screenshot(page, 'console-1440-zh-dark');

    // Back to the default theme for the rest of the session.
    await page.getByRole('button', { name: '主题', exact: true }).click();
    await dialog.getByRole('button', { name: /智能主题/ }).click();
    await page.locator('[data-theme="theme-bule"]').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('finds a menu with the search overlay; Esc closes it', async () => {
    const { tags, tab, activeTab } = shell;
    await tab('首页').click();
    await page.waitForURL('**/wel/index');

    const more = tags.getByRole('button', { name: /更多/ });
    const overlay = page.getByRole('dialog', { name: '菜单搜索' });
    const openOverlay = async () => {
      await more.hover();
      await page.getByRole('menuitem', { name: /搜索$/ }).click();
      await overlay.waitFor();
    };

    await openOverlay();
    await page.keyboard.press('Escape');
    await overlay.waitFor({ state: 'detached' });

    await openOverlay();
    await overlay.getByRole('textbox').fill('参数');
    await overlay.getByRole('option', { name: /参数管理/ }).waitFor();
    expect(await overlay.getByRole('option').count()).toBe(1);
    await overlay.getByRole('textbox').press('Enter');
    await page.waitForURL('**/system/param/index');
    await overlay.waitFor({ state: 'detached' });
    await expect.poll(() => activeTab().textContent()).toBe('参数管理');
  });

  it('logs out from the account menu after the confirmation', async () => {
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: /退出系统/ }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '退出系统, 是否继续?' });
    await confirm.getByRole('button', { name: twoChars('确定') }).click();
    await page.waitForURL('**/login');
    await page.locator('input[name="username"]').waitFor();
    expect(pageErrors).toEqual([]);
  });
});
