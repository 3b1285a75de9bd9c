import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, sharedHarness } from '../harness.js';
import { collectPageErrors, consoleShell, DEMO_TENANT_ADMIN, signIn } from '../steps.js';

/** 客户咨询: a visitor's submission from the public form shows in the console, where staff follow it up. */
describe('the customer leads screen', () => {
  let h: Harness;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    h = await sharedHarness();
    // What the public site's form sends (no token).
    const res = await fetch(`${h.baseUrl}/api/cube-pr/prkhzx/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: '端到端访客',
        phone: '13911112222',
        consent: true,
        company: '端到端科技有限公司',
        service: '商标注册',
        message: '想注册一个新商标，请联系我。',
        requestId: `e2e-${Date.now()}`,
      }),
    });
    expect(res.status).toBe(200);
    // The lead belongs to the site's tenant (the default tenant 100000 on an address no tenant claims).
    page = await h.newPage({ width: 1440, height: 900 });
    await signIn(page, DEMO_TENANT_ADMIN);
    await page.goto('/desk/lead/index');
    pageErrors = collectPageErrors(page);
    await consoleShell(page).tab('客户咨询').waitFor();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lists the submission and records a follow-up', async () => {
    const { main, message } = consoleShell(page);
    const row = main.getByRole('row').filter({ hasText: '端到端访客' });
    await row.waitFor();
    expect(await row.textContent()).toContain('新咨询');
    await h.screenshot(page, 'lead-1440-zh');

    await row.getByRole('button', { name: /编辑/ }).click();
    const dialog = page.getByRole('dialog', { name: '编辑' });
    await dialog.getByLabel('跟进记录').fill('已电话联系，约下周面谈。');
    await dialog.getByLabel('跟进状态').click();
    await page.locator('.ant-select-dropdown:visible').getByText('已联系', { exact: true }).click();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await message('更新成功').waitFor();
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('已联系');
    await h.screenshot(page, 'lead-followed-1440-zh');
    expect(pageErrors).toEqual([]);
  });
});
