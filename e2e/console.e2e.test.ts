import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

/**
 * The signed-in console in Chromium as the platform administrator (tenant 000000): sidebar menus and the tab
 * strip, screen lock, theme, menu search, the parameter screen's whole life, the avatar upload, logout — and
 * the same console in English with the language switch on.
 */

const PLATFORM_ADMIN = { tenantId: '000000', username: 'admin', password: 'Admin@2026' };

/** A real 1×1 PNG. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
/** Starts like a PNG, but 600 KB: over the 500 KB avatar limit. */
const BIG_PNG = Buffer.concat([TINY_PNG, Buffer.alloc(600 * 1024)]);

const PUT_FILE = '/api/cube-resource/oss/endpoint/put-file';

const pathname = (page: Page) => new URL(page.url()).pathname;
/** Matches a button whether or not antd put a space between its two Chinese characters ('确 定'). */
const twoChars = (text: string) => new RegExp(`^\\s*${text[0]}\\s*${text[1]}\\s*$`);

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="tenantId"]').fill(PLATFORM_ADMIN.tenantId);
  await page.locator('input[name="username"]').fill(PLATFORM_ADMIN.username);
  await page.locator('input[name="password"]').fill(PLATFORM_ADMIN.password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL('**/wel/index');
}

/** Waits until the console shell shows the given layout level (3 at 1200 px and wider, 1 from 768 px). */
async function waitForLevel(page: Page, level: number): Promise<void> {
  await page.locator(`[data-level="${level}"]`).waitFor();
}

/** Opens the account menu under the avatar (it opens on click and on hover). */
async function openAccountMenu(page: Page, accountLabel: string): Promise<void> {
  const button = page.getByRole('button', { name: accountLabel });
  await button.hover();
  await button.click();
}

describe('the console as the platform administrator, in Chinese', () => {
  let h: Harness;
  let page: Page;
  let tags: Locator;
  let side: Locator;
  const pageErrors: string[] = [];

  const tab = (name: string) => tags.getByRole('tab', { name, exact: true });
  const activeTab = () => tags.getByRole('tab', { selected: true });
  const tabNames = () => tags.getByRole('tab').allTextContents();
  const message = (text: string) => page.locator('.ant-message').getByText(text, { exact: true });

  beforeAll(async () => {
    h = await startHarness();
    page = await h.newPage({ width: 1440, height: 900 });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    tags = page.getByTestId('tags-bar');
    side = page.getByRole('complementary', { name: '侧边栏' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('signs in with tenant 000000 and shows the console with the home tab', async () => {
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
    const shell = page.locator('[data-theme]');
    expect(await shell.getAttribute('data-theme')).toBe('theme-bule');

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

  it('creates, edits and deletes a parameter with the messages of the spec', async () => {
    const main = page.getByRole('main');
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
  });

  it('refuses an avatar over 500 KB without uploading it and takes one that fits', async () => {
    await openAccountMenu(page, '账号菜单');
    await page.getByRole('menuitem', { name: /个人信息/ }).click();
    await page.waitForURL('**/info/index');
    await tab('个人信息').waitFor();
    const main = page.getByRole('main');
    await main.getByLabel('姓名').waitFor();

    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(PUT_FILE)) uploads.push(request.url());
    });
    const fileInput = main.locator('input[type="file"]').first();
    const formAvatar = main.locator('button[aria-label="上传头像"] img');
    const headerAvatar = page.getByRole('button', { name: '账号菜单' }).locator('img');
    const srcOf = async (avatar: Locator) =>
      (await avatar.count()) === 0 ? null : avatar.getAttribute('src');
    const avatarBefore = await headerAvatar.getAttribute('src');
    const formAvatarBefore = await srcOf(formAvatar);

    await fileInput.setInputFiles({ name: 'too-big.png', mimeType: 'image/png', buffer: BIG_PNG });
    await message('上传头像图片大小不能超过 500KB!').waitFor();
    expect(uploads).toEqual([]);
    expect(await srcOf(formAvatar)).toBe(formAvatarBefore);

    const stored = page.waitForResponse((response) => response.url().includes(PUT_FILE));
    await fileInput.setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: TINY_PNG });
    const answer = await stored;
    expect(answer.status()).toBe(200);
    const link: string = (await answer.json()).data.link;
    expect(link).toBeTruthy();
    expect(link).not.toBe(formAvatarBefore);
    expect(uploads).toHaveLength(1);
    await expect.poll(() => formAvatar.getAttribute('src')).toBe(link);
    await expect
      .poll(() => formAvatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1);

    // Saved with the profile, the header shows it too.
    await main.getByRole('button', { name: twoChars('提交') }).click();
    await message('操作成功!').waitFor();
    await expect.poll(() => headerAvatar.getAttribute('src')).toBe(link);
    expect(link).not.toBe(avatarBefore);
  });

  it('fits the console into 800 px', async () => {
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
    await page.setViewportSize({ width: 390, height: 844 });
    await waitForLevel(page, 0);
    await tab('参数管理').click();
    await page.waitForURL('**/system/param/index');
    const main = page.getByRole('main');
    // The earlier test left a key filter, which keeps its field in view; cleared, the empty fields fold.
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

  it('logs out from the account menu after the confirmation', async () => {
    await openAccountMenu(page, '账号菜单');
    await page.getByRole('menuitem', { name: /退出系统/ }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '退出系统, 是否继续?' });
    await confirm.getByRole('button', { name: twoChars('确定') }).click();
    await page.waitForURL('**/login');
    await page.locator('input[name="username"]').waitFor();
    expect(pageErrors).toEqual([]);
  });
});

describe('the console in English, with the language switch on', () => {
  let h: Harness;
  let page: Page;

  beforeAll(async () => {
    h = await startHarness({ CUBE_LANGUAGE_MODE: 'true' });
    page = await h.newPage({ width: 1440, height: 900 });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('switches to English from the language menu and keeps it across a reload', async () => {
    await signIn(page);
    await waitForLevel(page, 3);
    const language = page.getByRole('button', { name: '语言' });
    await language.click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');

    await page.reload();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    const tags = page.getByTestId('tags-bar');
    await expect.poll(() => tags.getByRole('tab').allTextContents()).toEqual(['Home']);
    await page.getByRole('button', { name: 'Language' }).waitFor();
    await page.getByText('Quick links').first().waitFor();
    await h.screenshot(page, 'console-1440-en');
  });

  it('shows the parameter screen and the narrow console in English', async () => {
    const side = page.getByRole('complementary', { name: 'Sidebar' });
    await side
      .getByRole('menuitem', { name: /System/ })
      .first()
      .click();
    await side.getByRole('menuitem', { name: /Parameters/ }).click();
    await page.waitForURL('**/system/param/index');
    await page.getByRole('main').getByRole('row').nth(1).waitFor();
    await h.screenshot(page, 'param-1440-en');

    await page.getByTestId('tags-bar').getByRole('tab', { name: 'Home' }).click();
    await page.waitForURL('**/wel/index');
    await page.setViewportSize({ width: 800, height: 900 });
    await waitForLevel(page, 1);
    await page.getByText('Quick links').first().waitFor();
    await h.screenshot(page, 'console-800-en');
  });
});
