import { applicationCheckDigit } from '@cube/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, sharedHarness } from '../harness.js';
import {
  type Account,
  accountApi,
  collectPageErrors,
  consoleShell,
  DEMO_TENANT_ADMIN,
  openAccountMenu,
  pathname,
  signIn,
  twoChars,
} from '../steps.js';

/**
 * 我的事务 and a patent case's flow, in tenant 100000: the clerk starts an invention case from the top
 * bar's 发明专利全流程 entry, the agent drafts (同意), the reviewer claims the group task 内部审核 and approves;
 * a handle page opened after someone else completed its task says so; the dashboard counts the open task. On the
 * case's detail page a 第一次审查意见通知书 is recorded: dispatched Thu 5 Feb 2026, deemed received 20 Feb (15-day
 * rule), four months end Sat 20 Jun, inside the Dragon Boat holiday (19–21 Jun), so the official date is Mon 22 Jun
 * and the internal date ten working days earlier Fri 5 Jun (19 Jun is a holiday). The detail shows the timeline
 * and the diagram with the passed steps and the current one (递交申请) marked.
 *
 * Runs on SQLite; `CUBE_E2E_PG_URL=postgres://postgres@127.0.0.1:5432/postgres` runs the server on PostgreSQL.
 */
const CLERK: Account = { tenantId: '100000', username: 'user', password: 'User@2026' };
const AGENT: Account = { tenantId: '100000', username: 'agent', password: 'Agent@2026' };
const REVIEWER: Account = { tenantId: '100000', username: 'manager', password: 'Manager@2026' };

const DOCKET = `FW-${Date.now().toString(36).toUpperCase()}`;
const TITLE = '一种流程联动的专利撰写辅助装置';

describe('我的事务: an invention case from start to review', { timeout: 180_000 }, () => {
  let h: Harness;
  const errors: string[] = [];
  /** The case's detail address (`/work/process/invention/detail/<instance>/<case>`), found by the clerk. */
  let detailPath = '';
  /** The reviewer's handle page of 内部审核, opened again after completing it. */
  let reviewHandlePath = '';

  const open = async (account: Account): Promise<Page> => {
    const page = await h.newPage({ width: 1440, height: 900 });
    errors.push(...collectPageErrors(page));
    await signIn(page, account);
    return page;
  };
  const rowOf = (page: Page) => consoleShell(page).main.getByRole('row').filter({ hasText: DOCKET });

  /** Opens a task of the case from 待办事务 and completes it with 同意 and a comment. */
  const approve = async (
    page: Page,
    step: string,
    comment: string,
    next: string,
    shot?: string,
    fill?: (task: Locator) => Promise<void>,
  ) => {
    await page.goto('/work/todo/index');
    const row = rowOf(page);
    await row.waitFor();
    expect(await row.textContent()).toContain(step);
    await row.getByRole('button', { name: /办理/ }).click();
    await page.waitForURL('**/work/process/invention/handle/**');
    const task = page.getByTestId('flow-task');
    await task.getByText(`当前环节：${step}`).waitFor();
    // The comment is required: 同意 without one is refused on the page.
    await task.getByRole('button', { name: /同\s*意/ }).click();
    await task.getByText('请输入审批意见').waitFor();
    await task.getByLabel('审批意见').fill(comment);
    // The step's form, drawn from its declaration in the contract.
    if (fill) await fill(task);
    if (shot) {
      await page.getByTestId('bpmn-viewer').and(page.locator('[data-state="ready"]')).waitFor();
      await h.screenshot(page, shot);
    }
    const handlePath = pathname(page);
    await task.getByRole('button', { name: /同\s*意/ }).click();
    await consoleShell(page).message(`办理成功，下一环节：${next}`).waitFor();
    await page.waitForURL('**/work/todo/index');
    return handlePath;
  };

  beforeAll(async () => {
    h = await sharedHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lets the clerk start an invention case from the top bar', async () => {
    const page = await open(CLERK);
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: '发明专利全流程' }).click();
    await page.waitForURL('**/work/process/invention/form');
    const form = page.getByTestId('flow-form');
    await form.getByText('发起流程：发明专利全流程').waitFor();
    // The definition's diagram is drawn by bpmn-js, loaded only now, with the bpmn.io watermark left visible.
    await page.locator('[data-testid="bpmn-viewer"][data-state="ready"]').waitFor();
    expect(await page.locator('.bjs-powered-by').isVisible()).toBe(true);

    await form.getByRole('button', { name: /提\s*交/ }).click();
    await form.getByText('请输入我方案号').waitFor();
    await form.getByText('请选择代理人').waitFor();

    await form.getByLabel('我方案号').fill(DOCKET);
    await form.getByLabel('专利名称').fill(TITLE);
    await form.getByLabel('发明人').fill('张工，李工');
    await form.getByLabel('代理人').click();
    await page.locator('.ant-select-dropdown:visible').getByText('王芳', { exact: true }).click();
    await h.screenshot(page, 'flow-work-form-1440-zh');
    await form.getByRole('button', { name: /提\s*交/ }).click();
    await consoleShell(page).message('流程已发起，当前环节：撰写申请文件').waitFor();

    // Sent: the case shows in 已发事务, unfinished, waiting at 撰写申请文件.
    await page.waitForURL('**/work/send/index');
    const row = rowOf(page);
    await row.waitFor();
    expect(await row.textContent()).toContain('撰写申请文件');
    expect(await row.textContent()).toContain('未完结');
    await h.screenshot(page, 'flow-work-send-1440-zh');
    await row.getByRole('button', { name: /详情/ }).click();
    await page.waitForURL('**/work/process/invention/detail/**');
    detailPath = pathname(page);
    await page.context().close();
  });

  it('lets the agent draft and the reviewer claim and approve', async () => {
    const agent = await open(AGENT);
    await approve(
      agent,
      '撰写申请文件',
      '初稿已完成，请审核。',
      '内部审核',
      'flow-work-handle-1440-zh',
      async (task) => {
        await task.getByLabel('权利要求项数').fill('10');
        await task.getByLabel('撰写说明').fill('独立权利要求 2 项，从属权利要求 8 项。');
      },
    );

    const reviewer = await open(REVIEWER);
    // 内部审核 is a group task of the managers: nobody's yet, so it waits in 待签事务.
    await reviewer.goto('/wel/dashboard');
    const claimCount = reviewer.getByTestId('work-count-claim');
    await expect
      .poll(async () => Number((await claimCount.locator('.ant-statistic-content-value').textContent()) ?? 0))
      .toBeGreaterThan(0);
    await reviewer.goto('/work/claim/index');
    const row = rowOf(reviewer);
    await row.waitFor();
    expect(await row.textContent()).toContain('内部审核');
    await h.screenshot(reviewer, 'flow-work-claim-1440-zh');
    await row.getByRole('button', { name: /签收/ }).click();
    await reviewer
      .getByRole('dialog')
      .getByRole('button', { name: twoChars('确定') })
      .click();
    await consoleShell(reviewer).message('签收成功').waitFor();
    await row.waitFor({ state: 'detached' });

    reviewHandlePath = await approve(
      reviewer,
      '内部审核',
      '权利要求清楚，同意递交。',
      '递交申请',
      'flow-work-review-form-1440-zh',
      async (task) => {
        // 同意 without the form's fields is refused on the page with the declaration's messages.
        await task.getByRole('button', { name: /同\s*意/ }).click();
        await task.getByText('请选择审核结论').waitFor();
        await task.getByLabel('审核结论').click();
        await reviewer.locator('.ant-select-dropdown:visible').getByText('可以递交', { exact: true }).click();
        await task.getByLabel('审核意见').fill('保护范围合适，同意递交。');
      },
    );

    // The agent's dashboard counts the task that came back: 递交申请.
    await agent.goto('/wel/dashboard');
    const todoCount = agent.getByTestId('work-count-todo');
    await expect
      .poll(async () => Number((await todoCount.locator('.ant-statistic-content-value').textContent()) ?? 0))
      .toBeGreaterThan(0);
    await h.screenshot(agent, 'flow-work-dashboard-1440-zh');

    // A handle page of a task that is no longer there says so instead of offering a form that must fail.
    await reviewer.goto(reviewHandlePath);
    await reviewer.getByTestId('flow-task-gone').getByText('该任务已被他人办理').waitFor();
    await h.screenshot(reviewer, 'flow-work-task-gone-1440-zh');
    await agent.context().close();
    await reviewer.context().close();
  });

  it('records a notice on the case and shows the timeline and the marked diagram', async () => {
    expect(detailPath).toMatch(/^\/work\/process\/invention\/detail\/\d+\/\d+$/);
    const page = await open(DEMO_TENANT_ADMIN);
    await page.goto(detailPath);
    const caseCard = page.getByTestId('flow-case');
    await caseCard.getByText(DOCKET).waitFor();

    // 第一次审查意见通知书: deadline worked out by hand above (holiday shift to Mon 22 Jun, internal Fri 5 Jun).
    await caseCard
      .getByRole('button', { name: /新\s*增/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: '新增' });
    await dialog.getByLabel('通知书类型').click();
    await page
      .locator('.ant-select-dropdown:visible')
      .getByText('第一次审查意见通知书', { exact: true })
      .click();
    await dialog.getByLabel('发文日').click();
    await dialog.getByLabel('发文日').fill('2026-02-05');
    await dialog.getByLabel('发文日').press('Enter');
    await dialog.getByLabel('送达规则').click();
    await page
      .locator('.ant-select-dropdown:visible')
      .getByText('发文日起15日推定收到', { exact: true })
      .click();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await consoleShell(page).message('新增成功').waitFor();
    const notice = caseCard.getByRole('row').filter({ hasText: '第一次审查意见通知书' }).first();
    await expect.poll(async () => (await notice.textContent()) ?? '').toContain('2026-02-20');
    await caseCard.getByRole('tab', { name: '期限' }).click();
    const deadline = caseCard.getByRole('row').filter({ hasText: '答复第一次审查意见' }).first();
    await expect.poll(async () => (await deadline.textContent()) ?? '').toContain('2026-06-22');
    expect(await deadline.textContent()).toContain('2026-06-05');

    // Timeline: who did what, oldest first, the waiting step last.
    const timeline = page.getByTestId('flow-timeline');
    await timeline.getByText('初稿已完成，请审核。').waitFor();
    const text = (await timeline.textContent()) ?? '';
    expect(text.indexOf('撰写申请文件')).toBeLessThan(text.indexOf('内部审核'));
    expect(text).toContain('王芳');
    expect(text).toContain('权利要求清楚，同意递交。');
    expect(text).toContain('待处理');

    // Diagram: the passed steps and the current one marked, the watermark visible.
    const viewer = page.locator('[data-testid="flow-diagram"] [data-testid="bpmn-viewer"]');
    await viewer.and(page.locator('[data-state="ready"]')).waitFor();
    expect(await viewer.locator('.djs-element.cube-bpmn-active[data-element-id="file"]').count()).toBe(1);
    expect(await viewer.locator('.djs-element.cube-bpmn-done[data-element-id="draft"]').count()).toBe(1);
    expect(await viewer.locator('.djs-element.cube-bpmn-done[data-element-id="review"]').count()).toBe(1);
    expect(await viewer.locator('.bjs-powered-by').isVisible()).toBe(true);
    await h.screenshot(page, 'flow-work-detail-1440-zh');
    await viewer.scrollIntoViewIfNeeded();
    await h.screenshot(page, 'flow-work-detail-diagram-1440-zh');
    await page.context().close();
    expect(errors).toEqual([]);
  });

  it('records the application number and filing date at 登记受理', async () => {
    // 递交申请 is the agent's (through the API: its page is the one the draft step showed).
    const agentApi = await accountApi(await h.newPage(), AGENT);
    type Tasks = { records: Array<{ taskId: string; title: string; taskDefinitionKey: string }> };
    const { records } = await agentApi.get<Tasks>('/api/cube-flow/work/todo-list', { size: '200' });
    const filing = records.find((r) => r.title.includes(DOCKET) && r.taskDefinitionKey === 'file');
    expect(filing).toBeTruthy();
    await agentApi.post('/api/cube-flow/work/complete-task', { taskId: filing?.taskId, comment: '已递交' });

    // 登记受理 is a group task of the clerks: claimed, then handled with the acceptance notice's facts.
    const page = await open(CLERK);
    await page.goto('/work/claim/index');
    const row = rowOf(page);
    await row.waitFor();
    await row.getByRole('button', { name: /签收/ }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: twoChars('确定') })
      .click();
    await consoleShell(page).message('签收成功').waitFor();
    await page.goto('/work/todo/index');
    await rowOf(page).getByRole('button', { name: /办理/ }).click();
    await page.waitForURL('**/work/process/invention/handle/**');
    const task = page.getByTestId('flow-task');
    await task.getByText('当前环节：登记受理').waitFor();
    // The clerk holds no grant on cases, yet handles this case's step: the handle page shows the case.
    await page.getByTestId('flow-case').getByText(DOCKET).waitFor();
    expect(await page.getByText('您无权查看案件详情').count()).toBe(0);
    await task.getByLabel('审批意见').fill('已收到受理通知书');
    await task.getByRole('button', { name: /同\s*意/ }).click();
    await task.getByText('请输入申请号').waitFor();
    await task.getByText('请选择申请日').waitFor();
    // A fresh number each run, with the check digit CNIPA's rule gives it (a wrong digit is refused).
    const digits = `2026${String(Date.now()).slice(-8, -1)}1`;
    const applicationNo = `${digits}.${applicationCheckDigit(digits)}`;
    await task.getByLabel('申请号').fill(applicationNo);
    await task.getByLabel('申请日').click();
    await task.getByLabel('申请日').fill('2026-03-02');
    await task.getByLabel('申请日').press('Enter');
    await h.screenshot(page, 'flow-work-acceptance-1440-zh');
    await task.getByRole('button', { name: /同\s*意/ }).click();
    await consoleShell(page).message('办理成功，下一环节：初步审查').waitFor();

    // The case now carries them (the administrator's case list).
    const admin = await open(DEMO_TENANT_ADMIN);
    await admin.goto('/patent/application/index');
    const caseRow = consoleShell(admin).main.getByRole('row').filter({ hasText: DOCKET });
    await caseRow.waitFor();
    expect(await caseRow.textContent()).toContain(applicationNo);
    await admin.context().close();
    await page.context().close();
    expect(errors).toEqual([]);
  });

  it('opens a patent case when the agency accepts an approved disclosure', async () => {
    const subject = `一种散热鳍片的压铸结构（交底 ${Date.now().toString(36)}）`;
    const page = await open(CLERK);
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: '专利申请审批流程' }).click();
    await page.waitForURL('**/work/process/approval/form');
    const form = page.getByTestId('flow-form');
    await form.getByLabel('申请事项').fill(subject);
    await form.getByLabel('拟申请专利类型').click();
    await page.locator('.ant-select-dropdown:visible').getByText('实用新型', { exact: true }).click();
    await form.getByLabel('发明人').fill('李晓雯，陈工');
    await h.screenshot(page, 'flow-approval-form-1440-zh');
    await form.getByRole('button', { name: /提\s*交/ }).click();
    await consoleShell(page).message('流程已发起，当前环节：知识产权部审查').waitFor();

    // The review and the agency's acceptance are the steps the invention case showed in pages already.
    const FLOW = '/api/cube-flow';
    type Tasks = { records: Array<{ taskId: string; title: string; taskDefinitionKey: string }> };
    const complete = async (account: Account, step: string) => {
      const api = await accountApi(await h.newPage(), account);
      const { records } = await api.get<Tasks>(`${FLOW}/work/claim-list`, { size: '200' });
      const task = records.find((r) => r.title === subject && r.taskDefinitionKey === step);
      expect(task, step).toBeTruthy();
      await api.post(`${FLOW}/work/claim-task`, { taskId: task?.taskId });
      await api.post(`${FLOW}/work/complete-task`, {
        taskId: task?.taskId,
        flag: 'approve',
        comment: '同意',
      });
    };
    await complete(REVIEWER, 'ip_review');
    await complete(AGENT, 'agency_accept');

    // The administrator finds the new case: the subject as its title, 实用新型, 撰写中, the inventors.
    const admin = await open(DEMO_TENANT_ADMIN);
    await admin.goto('/patent/application/index');
    const row = consoleShell(admin).main.getByRole('row').filter({ hasText: subject });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toMatch(new RegExp(`P${new Date().getFullYear()}-\\d{3}`));
    expect(text).toContain('实用新型');
    expect(text).toContain('撰写中');
    await h.screenshot(admin, 'flow-approval-case-1440-zh');
    await row.getByRole('button', { name: /查看/ }).click();
    await admin.getByRole('dialog').getByText('李晓雯，陈工').waitFor();
    await admin.context().close();
    await page.context().close();
    expect(errors).toEqual([]);
  });
});
