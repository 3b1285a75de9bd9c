import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, sharedHarness } from '../harness.js';
import { collectPageErrors, consoleShell, DEMO_TENANT_ADMIN, PLATFORM_ADMIN, signIn } from '../steps.js';

/**
 * 专利管理 as the demo tenant's administrator: a correction notice recorded on the seeded
 * invention case P2026-001 shows its deemed receipt date and the deadline it gives — dispatched 17 Jul 2026, deemed
 * received 1 Aug (15-day rule), two months end on 1 Oct, inside the National Day holiday, so the official date is
 * Thu 8 Oct and the internal date five working days earlier Wed 23 Sep (Mid-Autumn 25–27 Sep skipped). Then the
 * dashboard and the company directory.
 */
describe('the patent screens', () => {
  let h: Harness;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    h = await sharedHarness();
    page = await h.newPage({ width: 1440, height: 900 });
    await signIn(page, DEMO_TENANT_ADMIN);
    pageErrors = collectPageErrors(page);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('records a notice on a case and shows the computed deadline', async () => {
    await page.goto('/patent/application/index');
    const { main, message } = consoleShell(page);
    await consoleShell(page).tab('专利案件').waitFor();
    const row = main.getByRole('row').filter({ hasText: 'P2026-001' });
    await row.waitFor();
    expect(await row.textContent()).toContain('苏州恒芯微电子有限公司');
    await h.screenshot(page, 'patent-cases-1440-zh');

    await row.getByRole('button', { name: /通知书与期限/ }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByText('案件 P2026-001').waitFor();
    await drawer
      .getByRole('button', { name: /新\s*增/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: '新增' });
    await dialog.getByLabel('通知书类型').click();
    await page.locator('.ant-select-dropdown:visible').getByText('补正通知书', { exact: true }).click();
    await dialog.getByLabel('发文日').click();
    await dialog.getByLabel('发文日').fill('2026-07-17');
    await dialog.getByLabel('发文日').press('Enter');
    await dialog.getByLabel('送达规则').click();
    await page
      .locator('.ant-select-dropdown:visible')
      .getByText('发文日起15日推定收到', { exact: true })
      .click();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await message('新增成功').waitFor();
    const noticeRow = drawer.getByRole('row').filter({ hasText: '补正通知书' }).first();
    await expect.poll(async () => (await noticeRow.textContent()) ?? '').toContain('2026-08-01');

    await drawer.getByRole('tab', { name: '期限' }).click();
    const deadlineRow = drawer.getByRole('row').filter({ hasText: '答复补正通知书' }).first();
    await deadlineRow.waitFor();
    await expect.poll(async () => (await deadlineRow.textContent()) ?? '').toContain('2026-10-08');
    expect(await deadlineRow.textContent()).toContain('2026-09-23');
    await h.screenshot(page, 'patent-deadline-computed-1440-zh');
    expect(pageErrors).toEqual([]);
  });

  it('shows the deadline dashboard and the company directory', async () => {
    await page.goto('/patent/deadline/index');
    await page.getByTestId('patent-dashboard').getByText('按代理师').waitFor();
    await page.getByText(/今天：\d{4}-\d{2}-\d{2}/).waitFor();
    // The notice recorded above is due 8 Oct 2026: overdue by the time this runs, and counted for its agent.
    await page
      .getByTestId('patent-dashboard')
      .getByRole('row')
      .filter({ hasText: '答复补正通知书' })
      .first()
      .waitFor();
    await h.screenshot(page, 'patent-dashboard-1440-zh');

    await page.goto('/agent/company/index');
    const { main } = consoleShell(page);
    const row = main.getByRole('row').filter({ hasText: '苏州恒芯微电子有限公司' });
    await row.waitFor();
    await row.getByRole('button', { name: /专利案件/ }).click();
    await page.getByRole('dialog').getByText('一种芯片散热结构及其制造方法').waitFor();
    await h.screenshot(page, 'agent-company-cases-1440-zh');
    await page.keyboard.press('Escape');

    // The seeded rules, every one awaiting an attorney's sign-off.
    await page.goto('/patent/rule/index');
    await page.getByText('须经专利代理师逐条审核确认').waitFor();
    const rule = main.getByRole('row').filter({ hasText: 'SE_REQUEST' });
    await rule.waitFor();
    expect(await rule.textContent()).toContain('提出实质审查请求');
    await h.screenshot(page, 'patent-rules-1440-zh');
    expect(pageErrors).toEqual([]);
  });

  it('lets the platform administrator keep the holiday calendar', async () => {
    const admin = await h.newPage({ width: 1440, height: 900 });
    await signIn(admin, PLATFORM_ADMIN);
    await admin.goto('/patent/holiday/index');
    const { main } = consoleShell(admin);
    // 2026-10-10 is a Saturday worked in lieu of the National Day holiday.
    const row = main.getByRole('row').filter({ hasText: '2026-10-10' });
    await main.getByLabel('说明').fill('国庆节调休');
    await main.getByRole('button', { name: /搜\s*索/ }).click();
    await row.waitFor();
    expect(await row.textContent()).toContain('调休上班');
    await h.screenshot(admin, 'patent-holiday-1440-zh');
  });
});
