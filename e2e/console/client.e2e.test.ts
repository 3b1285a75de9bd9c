import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, sharedHarness } from '../harness.js';
import { collectPageErrors, consoleShell, PLATFORM_ADMIN, twoChars } from '../steps.js';

/**
 * 应用管理 as the platform administrator: a new client's secret shown once and working at the token endpoint,
 * 重置密钥 replacing it, the validity edited, and the console's own client refused removal.
 */
describe('the client screen', () => {
  let h: Harness;
  let page: Page;
  let pageErrors: string[];
  const clientId = `e2e_${Date.now().toString(36)}`;

  beforeAll(async () => {
    h = await sharedHarness();
    page = await h.newAdminPage('/system/client/index', { width: 1440, height: 900 });
    pageErrors = collectPageErrors(page);
    await consoleShell(page).tab('应用管理').waitFor();
  });
  afterAll(async () => {
    await h?.close();
  });

  /** A password sign-in through the client, as an integrator's application makes it. */
  const signInWith = async (secret: string) => {
    const query = new URLSearchParams({
      tenantId: PLATFORM_ADMIN.tenantId,
      username: PLATFORM_ADMIN.username,
      password: createHash('md5').update(PLATFORM_ADMIN.password).digest('hex'),
      grant_type: 'password',
      scope: 'all',
    });
    const res = await fetch(`${h.baseUrl}/api/cube-auth/oauth/token?${query}`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
        'tenant-id': PLATFORM_ADMIN.tenantId,
      },
    });
    return res.status;
  };
  const shownSecret = async () => {
    const dialog = page.getByRole('dialog', { name: '客户端密钥' });
    const secret = (await dialog.getByTestId('client-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return { dialog, secret };
  };

  it('creates a client whose secret shows once, resets it, edits it, and keeps the console client', {
    timeout: 180_000,
  }, async () => {
    const { main, message } = consoleShell(page);
    const webRow = main.getByRole('row').filter({ hasText: 'cube_web' });
    await webRow.getByText('控制台').waitFor();
    await h.screenshot(page, 'client-1440-zh');

    await main.getByRole('button', { name: /新\s*增/ }).click();
    const add = page.getByRole('dialog', { name: '新增' });
    await add.getByLabel('客户端ID').fill(clientId);
    await add.getByRole('button', { name: twoChars('保存') }).click();
    await message('新增成功').waitFor();
    const created = await shownSecret();
    await h.screenshot(page, 'client-secret-once-1440-zh');
    await created.dialog.getByRole('button', { name: twoChars('确定') }).click();
    await created.dialog.waitFor({ state: 'hidden' });
    expect(await signInWith(created.secret)).toBe(200);

    const row = main.getByRole('row').filter({ hasText: clientId });
    await row.waitFor();
    await row.getByRole('button', { name: /重置密钥/ }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: '重置后旧密钥立即失效' })
      .getByRole('button', { name: twoChars('确定') })
      .click();
    const reset = await shownSecret();
    expect(reset.secret).not.toBe(created.secret);
    await reset.dialog.getByRole('button', { name: twoChars('确定') }).click();
    expect(await signInWith(created.secret)).toBe(401);
    expect(await signInWith(reset.secret)).toBe(200);

    await row.getByRole('button', { name: /编辑/ }).click();
    const edit = page.getByRole('dialog', { name: '编辑' });
    const validity = edit.getByRole('spinbutton', { name: /^\*?\s*令牌秒数$/ });
    await expect.poll(() => validity.inputValue()).toBe('3600');
    await validity.fill('7200');
    await edit.getByRole('button', { name: twoChars('保存') }).click();
    await message('更新成功').waitFor();
    await row.filter({ hasText: '7200' }).waitFor();

    // The console's own client has no 重置密钥, and removing it is refused.
    expect(await webRow.getByRole('button', { name: /重置密钥/ }).count()).toBe(0);
    await webRow.getByRole('button', { name: /删除/ }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: '确定将选择数据删除?' })
      .getByRole('button', { name: twoChars('确定') })
      .click();
    await message('控制台自身的客户端不能删除').waitFor();

    await row.getByRole('button', { name: /删除/ }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: '确定将选择数据删除?' })
      .getByRole('button', { name: twoChars('确定') })
      .click();
    await message('删除成功').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await signInWith(reset.secret)).toBe(401);
    expect(pageErrors).toEqual([]);
  });
});
