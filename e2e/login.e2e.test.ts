import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, sharedHarness } from './harness.js';

describe('signing in and out in Chromium', () => {
  let h: Harness;
  let page: Page;
  beforeAll(async () => {
    h = await sharedHarness();
    page = await h.newPage();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('opens the login page with the tenant field defaulting to 100000', async () => {
    await page.goto('/login');
    await page.locator('input[name="username"]').waitFor();
    expect(await page.locator('input[name="tenantId"]').inputValue()).toBe('100000');
    expect(await page.title()).toContain('立方企业门户管理平台');
    await h.screenshot(page, 'login');
  });

  it('shows the server message for a wrong password and stays on the login page', async () => {
    await page.locator('input[name="username"]').fill('admin');
    await page.locator('input[name="password"]').fill('wrong-password');
    await page.locator('button[type="submit"]').click();
    await page.getByText('用户名或密码错误').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('signs in as the demo tenant admin and lands on /wel/index', async () => {
    await page.locator('input[name="password"]').fill('Demo@2026');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL('**/wel/index');
    await page.getByText('张经理').first().waitFor();
    await h.screenshot(page, 'welcome');
  });

  it('stays signed in across a reload', async () => {
    await page.reload();
    await page.getByText('张经理').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/wel/index');
  });

  it('logs out after the confirmation and lands on /login, where the console is closed again', async () => {
    await page.getByRole('button', { name: '账号菜单' }).click();
    await page.getByRole('menuitem', { name: /退出系统/ }).click();
    await page.getByText('退出系统, 是否继续?').waitFor();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL('**/login');
    const stored = await page.evaluate(() =>
      Object.keys(window.localStorage).filter((k) => /token/i.test(k)),
    );
    expect(stored).toEqual([]);
    await page.goto('/wel/index');
    await page.waitForURL((url) => url.pathname !== '/wel/index');
  });
});
