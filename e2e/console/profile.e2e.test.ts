import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, sharedHarness } from '../harness.js';
import { consoleShell, openAccountMenu, twoChars } from '../steps.js';

/** The personal information page: the avatar upload and its 500 KB limit. */

/** A real 1×1 PNG. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
/** Starts like a PNG, but 600 KB: over the 500 KB avatar limit. */
const BIG_PNG = Buffer.concat([TINY_PNG, Buffer.alloc(600 * 1024)]);

const PUT_FILE = '/api/cube-resource/oss/endpoint/put-file';

describe('the profile page', () => {
  let h: Harness;
  let page: Page;

  beforeAll(async () => {
    h = await sharedHarness();
    page = await h.newAdminPage('/wel/index', { width: 1440, height: 900 });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('refuses an avatar over 500 KB without uploading it and takes one that fits', async () => {
    const { tab, message } = consoleShell(page);
    await openAccountMenu(page);
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
});
