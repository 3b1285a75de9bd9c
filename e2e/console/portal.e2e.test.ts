import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, sharedHarness } from '../harness.js';
import { collectPageErrors, consoleShell, DEMO_TENANT_ADMIN, signIn, twoChars } from '../steps.js';

/**
 * 门户管理's other screens: 产品服务, 体系认证 and 首页轮播 list the demo tenant's content; 站点设置 changes
 * the ICP number and contact phone, and the public site's footer shows them on its next request.
 */
describe('the portal screens', () => {
  let h: Harness;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    h = await sharedHarness();
    page = await h.newPage({ width: 1440, height: 900 });
    pageErrors = collectPageErrors(page);
    await signIn(page, DEMO_TENANT_ADMIN);
  });
  afterAll(async () => {
    await h?.close();
  });

  it.each([
    ['/portal/product/index', '产品服务', '商标注册与查询', 'portal-product-1440-zh'],
    ['/portal/certification/index', '体系认证', 'GB/T 29490-2023', 'portal-certification-1440-zh'],
    ['/portal/banner/index', '首页轮播', '高价值专利培育计划', 'portal-banner-1440-zh'],
  ])('%s lists the seeded rows', async (url, tab, text, shot) => {
    await page.goto(url);
    const { main } = consoleShell(page);
    await consoleShell(page).tab(tab).waitFor();
    await main.getByRole('row').filter({ hasText: text }).first().waitFor();
    await h.screenshot(page, shot);
  });

  it('站点设置 saves branding and contact details, and the site shows them at once', async () => {
    await page.goto('/portal/site/index');
    await consoleShell(page).tab('站点设置').waitFor();
    const { main } = consoleShell(page);
    const icp = main.getByLabel('ICP备案号');
    await expect.poll(() => icp.inputValue()).toBe('苏ICP备2024058321号-1');
    await main.getByLabel('主题色').fill('red');
    await main.getByRole('button', { name: twoChars('保存') }).click();
    await main.locator('.ant-form-item-explain-error').getByText('主题色须为 #RRGGBB 格式').waitFor();
    await main.getByLabel('主题色').fill('#1f5fbf');
    await icp.fill('苏ICP备2026000188号-1');
    await main.getByLabel('联系电话').fill('0512-6688 1234');
    await h.screenshot(page, 'portal-site-1440-zh');
    await main.getByRole('button', { name: twoChars('保存') }).click();
    await consoleShell(page).message('更新成功').waitFor();

    const site = await h.newPage({ width: 390, height: 844 });
    await site.goto('/');
    await site.getByText('苏ICP备2026000188号-1').waitFor();
    expect(await site.content()).toContain('0512-6688 1234');
    expect(pageErrors).toEqual([]);
  });
});
