import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, sharedHarness } from '../harness.js';
import { collectPageErrors, consoleShell, twoChars } from '../steps.js';

/** A PostgreSQL server the datasource may connect to (its `postgres` database is only connected to, never bound). */
const PG_URL = process.env.CUBE_E2E_PG_URL ?? process.env.CUBE_TEST_PG_URL;

/** 数据源管理 and the tenant screen's 数据源配置, as the platform administrator. */
describe('the datasource screen', () => {
  let h: Harness;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    h = await sharedHarness();
    page = await h.newAdminPage('/tool/datasource/index', { width: 1440, height: 900 });
    pageErrors = collectPageErrors(page);
    await consoleShell(page).tab('数据源管理').waitFor();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('refuses an unreachable database with the reason, saves a reachable one with its password masked', async () => {
    const { main, message } = consoleShell(page);
    await main.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.getByRole('dialog', { name: '新增' });
    await dialog.getByRole('button', { name: twoChars('保存') }).click();
    await dialog.getByText('请输入数据源名称', { exact: true }).waitFor();

    const name = `端到端数据源${Date.now().toString(36)}`;
    await dialog.getByLabel('数据源名称').fill(name);
    await dialog.getByLabel('连接地址').fill('postgres://127.0.0.1:1/nowhere');
    await dialog.getByLabel('用户名').fill('cube');
    await dialog.getByLabel('密码').fill('Secret-2026');
    await h.screenshot(page, 'datasource-add-1440-zh');
    await dialog.getByRole('button', { name: twoChars('保存') }).click();
    await message('数据源连接失败: 无法连接数据库服务器').waitFor();
    expect(await dialog.isVisible()).toBe(true);

    if (!PG_URL) return;
    const server = new URL(PG_URL);
    await dialog.getByLabel('连接地址').fill(`postgres://${server.hostname}:${server.port || 5432}/postgres`);
    await dialog.getByLabel('用户名').fill(decodeURIComponent(server.username) || 'postgres');
    await dialog.getByRole('button', { name: twoChars('保存') }).click();
    await message('新增成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = main.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await main.textContent()).not.toContain('Secret-2026');
    await h.screenshot(page, 'datasource-list-1440-zh');
    expect(pageErrors).toEqual([]);
  });

  it("offers 数据源配置 on a tenant's row, the master database when none is chosen", async () => {
    await page.goto('/system/tenant/index');
    const { main } = consoleShell(page);
    const row = main.getByRole('row').filter({ hasText: '100000' });
    await row.waitFor();
    await row.getByRole('button', { name: /数据源配置/ }).click();
    const dialog = page.getByRole('dialog', { name: '数据源配置' });
    await dialog.waitFor();
    await dialog.getByText('主库', { exact: true }).waitFor();
    await h.screenshot(page, 'tenant-datasource-1440-zh');
    await dialog.getByRole('button', { name: twoChars('取消') }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(pageErrors).toEqual([]);
  });
});
