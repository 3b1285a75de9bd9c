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
  signIn,
  twoChars,
} from '../steps.js';

/**
 * The agency's day, end to end, in tenant 100000: a disclosure goes from proposal to filing
 * with documents on its steps, and at each hand-over the next person finds their task in the bell's 提醒 tab or in
 * 消息中心 and opens it from there.
 *
 * 1. The clerk (李专员, `user`) submits a 技术交底 through 专利申请审批流程; the manager (`manager`) is told it waits to
 *    be claimed (知识产权部审查), claims and approves it. Four eyes: a disclosure the manager submitted himself
 *    cannot be approved by him (发起人不能审批自己发起的流程); that one is withdrawn by the administrator afterwards.
 * 2. The agent (王芳, `agent`) is told 代理机构接收 waits, accepts, and the case opens (撰写中, the agent as 代理师).
 * 3. The clerk starts 发明专利全流程 on that case (关联已有案件). The agent is told 撰写申请文件 is theirs, uploads the
 *    draft (申请文件草稿) and hands it on; the manager is told 内部审核 waits, sees the draft on the handle page and
 *    approves; the agent, told through 消息中心, does 递交申请; the clerk is told 登记受理 waits, records the
 *    application number (check digit by CNIPA's rule) and filing date and uploads the filed application.
 * 4. The administrator finds the case filed with its number, and both documents on its 案件文件 tab.
 *
 * Runs on SQLite; `CUBE_E2E_PG_URL=postgres://postgres@127.0.0.1:5432/postgres` runs the server on PostgreSQL (the
 * CI's last e2e group runs this file so). Its data is its own: a unique subject, a fresh application number.
 */
const CLERK: Account = { tenantId: '100000', username: 'user', password: 'User@2026' };
const AGENT: Account = { tenantId: '100000', username: 'agent', password: 'Agent@2026' };
const MANAGER: Account = { tenantId: '100000', username: 'manager', password: 'Manager@2026' };

const RUN = Date.now().toString(36).toUpperCase();
const SUBJECT = `一种多工位协同的激光焊接夹具（交底 ${RUN}）`;
const OWN_SUBJECT = `部门经理自提交底（${RUN}）`;
const DRAFT_FILE = `申请文件初稿-${RUN}.pdf`;
const FILED_FILE = `申请文件-已递交-${RUN}.pdf`;
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
const FLOW = '/api/cube-flow';

describe('the agency’s day: from proposal to filing', { timeout: 240_000 }, () => {
  let h: Harness;
  const errors: string[] = [];
  /** The case the accepted proposal opened (its docket number, `P2026-…`). */
  let docketNo = '';
  let applicationNo = '';

  const open = async (account: Account): Promise<Page> => {
    const page = await h.newPage({ width: 1440, height: 900 });
    errors.push(...collectPageErrors(page));
    await signIn(page, account);
    return page;
  };
  const rowOf = (page: Page, text: string) =>
    consoleShell(page).main.getByRole('row').filter({ hasText: text });

  /**
   * Opens the bell's 提醒 tab and answers the unread notification whose title holds every one of `texts`: the
   * hand-over reached this person.
   */
  const bellItem = async (page: Page, texts: string[]): Promise<Locator> => {
    await page.getByRole('button', { name: /消息通知/ }).click();
    const popover = page.locator('.ant-popover:not(.ant-popover-hidden)');
    const tab = popover.getByRole('tab', { name: /提醒/ });
    await tab.click();
    await expect
      .poll(async () => Number(/\((\d+)\)/.exec((await tab.textContent()) ?? '')?.[1] ?? 0))
      .toBeGreaterThan(0);
    let item = popover.locator('.ant-list-item');
    for (const text of texts) item = item.filter({ hasText: text });
    await item.first().waitFor();
    return item.first();
  };

  /** Claims the group task of `subject` waiting at `step` in 待签事务 (the page the notification opened). */
  const claim = async (page: Page, subject: string, step: string) => {
    await page.waitForURL('**/work/claim/index');
    // `first()`: a test run again after a failure may find its own earlier row beside the new one.
    const rows = rowOf(page, subject).filter({ hasText: step });
    await rows.first().waitFor();
    const before = await rows.count();
    await rows.first().getByRole('button', { name: /签收/ }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: twoChars('确定') })
      .click();
    await consoleShell(page).message('签收成功').waitFor();
    await expect.poll(() => rows.count()).toBe(before - 1);
  };

  /** Opens the task of `subject` at `step` from 待办事务; answers the handle page's task panel. */
  const handle = async (page: Page, subject: string, step: string, route: string): Promise<Locator> => {
    if (!page.url().includes('/work/todo/index')) await page.goto('/work/todo/index');
    const row = rowOf(page, subject).filter({ hasText: step }).first();
    await row.waitFor();
    await row.getByRole('button', { name: /办理/ }).click();
    await page.waitForURL(`**/work/process/${route}/handle/**`);
    const task = page.getByTestId('flow-task');
    await task.getByText(`当前环节：${step}`).waitFor();
    return task;
  };

  /** Uploads a PDF of `kind` on the handle page's current step. */
  const upload = async (page: Page, step: string, kind: string, name: string) => {
    const docs = page.getByTestId('case-documents');
    await docs.getByText(`上传到步骤“${step}”`).waitFor();
    await docs.getByLabel('文件类别').click();
    await page.locator('.ant-select-dropdown:visible').getByText(kind, { exact: true }).click();
    const chooser = page.waitForEvent('filechooser');
    await docs.getByRole('button', { name: /上传文件/ }).click();
    await (await chooser).setFiles({ name, mimeType: 'application/pdf', buffer: PDF });
    await consoleShell(page).message(`已上传 ${name}（V1）`).waitFor();
    const row = docs.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.textContent()).toContain(step);
  };

  const approve = async (page: Page, task: Locator, comment: string, next: string) => {
    await task.getByLabel('审批意见').fill(comment);
    await task.getByRole('button', { name: /同\s*意/ }).click();
    await consoleShell(page).message(`办理成功，下一环节：${next}`).waitFor();
    await page.waitForURL('**/work/todo/index');
  };

  beforeAll(async () => {
    h = await sharedHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('1. the clerk proposes; the manager is told, claims and approves; his own proposal he may not approve', async () => {
    const clerk = await open(CLERK);
    await openAccountMenu(clerk);
    await clerk.getByRole('menuitem', { name: '专利申请审批流程' }).click();
    await clerk.waitForURL('**/work/process/approval/form');
    const form = clerk.getByTestId('flow-form');
    await form.getByLabel('申请事项').fill(SUBJECT);
    await form.getByLabel('发明人').fill('赵工，钱工');
    await form.getByRole('button', { name: /提\s*交/ }).click();
    await consoleShell(clerk).message('流程已发起，当前环节：知识产权部审查').waitFor();
    await clerk.context().close();

    // Four eyes: the manager's own disclosure waits for a manager, and he is the only one.
    const managerApi = await accountApi(await h.newPage(), MANAGER);
    type Defs = { records: Array<{ id: string; name: string }> };
    const defs = await managerApi.get<Defs>(`${FLOW}/work/start-list`, { size: '200' });
    const approval = defs.records.find((d) => d.name === '专利申请审批流程');
    expect(approval).toBeTruthy();
    const own = await managerApi.post<{ processInstanceId: string }>(`${FLOW}/process/start-process`, {
      processDefinitionId: approval?.id,
      title: OWN_SUBJECT,
      variables: { patentType: 'utility' },
    });

    const manager = await open(MANAGER);
    const item = await bellItem(manager, ['新的待签', SUBJECT, '知识产权部审查']);
    await h.screenshot(manager, 'journey-manager-bell-1440-zh');
    await item.click();
    await claim(manager, SUBJECT, '知识产权部审查');
    await claim(manager, OWN_SUBJECT, '知识产权部审查').catch(async () => {
      // A retried test finds it claimed already.
      await manager.goto('/work/todo/index');
    });

    const ownTask = await handle(manager, OWN_SUBJECT, '知识产权部审查', 'approval');
    await ownTask.getByLabel('审批意见').fill('同意申请。');
    await ownTask.getByRole('button', { name: /同\s*意/ }).click();
    await consoleShell(manager).message('发起人不能审批自己发起的流程').waitFor();
    await h.screenshot(manager, 'journey-four-eyes-1440-zh');
    // The task stays open: the page is still the handle page.
    expect(manager.url()).toContain('/work/process/approval/handle/');

    const task = await handle(manager, SUBJECT, '知识产权部审查', 'approval');
    await approve(manager, task, '技术方案具备新颖性，建议申请发明专利。', '代理机构接收');
    await manager.context().close();

    // The manager's own disclosure is withdrawn, so nothing of this run waits in anyone's lists.
    const adminApi = await accountApi(await h.newPage(), DEMO_TENANT_ADMIN);
    await adminApi.post(`${FLOW}/follow/delete-process-instance`, {
      processInstanceId: own.processInstanceId,
      deleteReason: '测试用交底撤回',
    });
    expect(errors).toEqual([]);
  });

  it('2. the agent is told the proposal waits, accepts it, and the case opens', async () => {
    const agent = await open(AGENT);
    const item = await bellItem(agent, ['新的待签', SUBJECT, '代理机构接收']);
    await item.click();
    await claim(agent, SUBJECT, '代理机构接收');
    const task = await handle(agent, SUBJECT, '代理机构接收', 'approval');
    await task.getByLabel('审批意见').fill('接收，安排撰写。');
    await task.getByRole('button', { name: /同\s*意/ }).click();
    await consoleShell(agent).message('办理成功，流程已结束').waitFor();

    // The case the acceptance opened: 撰写中, the agent as its 代理师 — the agent's own case list shows it.
    await agent.goto('/patent/application/index');
    const row = rowOf(agent, SUBJECT);
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    docketNo = /P\d{4}-\d{3,}/.exec(text)?.[0] ?? '';
    expect(docketNo).not.toBe('');
    expect(text).toContain('发明');
    expect(text).toContain('撰写中');
    await agent.context().close();
    expect(errors).toEqual([]);
  });

  it('3. the case’s process: draft with a document, review, filing and acceptance, each hand-over announced', async () => {
    expect(docketNo).not.toBe('');
    // The clerk sets the case's process going on the case the proposal opened.
    const clerk = await open(CLERK);
    await openAccountMenu(clerk);
    await clerk.getByRole('menuitem', { name: '发明专利全流程' }).click();
    await clerk.waitForURL('**/work/process/invention/form');
    const form = clerk.getByTestId('flow-form');
    await form.getByText('关联已有案件').click();
    await form.getByLabel('专利案件').fill(RUN);
    await clerk
      .locator('.ant-select-dropdown:visible')
      .getByText(`${docketNo} ${SUBJECT}`, { exact: true })
      .click();
    await h.screenshot(clerk, 'journey-start-on-case-1440-zh');
    await form.getByRole('button', { name: /提\s*交/ }).click();
    await consoleShell(clerk).message('流程已发起，当前环节：撰写申请文件').waitFor();
    await clerk.context().close();

    // 撰写申请文件: the agent is told, uploads the draft and hands it to review.
    const agent = await open(AGENT);
    await (await bellItem(agent, ['新的待办', docketNo, '撰写申请文件'])).click();
    await agent.waitForURL('**/work/todo/index');
    let task = await handle(agent, docketNo, '撰写申请文件', 'invention');
    await upload(agent, '撰写申请文件', '申请文件草稿', DRAFT_FILE);
    await task.getByLabel('权利要求项数').fill('12');
    await task.getByLabel('撰写说明').fill('独立权利要求 2 项，从属权利要求 10 项，附图 6 幅。');
    await h.screenshot(agent, 'journey-draft-1440-zh');
    await approve(agent, task, '初稿已完成，请审核。', '内部审核');
    await agent.context().close();

    // 内部审核: the manager is told, claims, finds the draft on the handle page and approves.
    const manager = await open(MANAGER);
    await (await bellItem(manager, ['新的待签', docketNo, '内部审核'])).click();
    await claim(manager, docketNo, '内部审核');
    task = await handle(manager, docketNo, '内部审核', 'invention');
    const draft = manager.getByTestId('case-documents').getByRole('row').filter({ hasText: DRAFT_FILE });
    await draft.waitFor();
    expect(await draft.textContent()).toContain('申请文件草稿');
    expect(await draft.textContent()).toContain('撰写申请文件');
    await task.getByLabel('审核结论').click();
    await manager.locator('.ant-select-dropdown:visible').getByText('可以递交', { exact: true }).click();
    await task.getByLabel('审核意见').fill('权利要求层次清楚，同意递交。');
    await h.screenshot(manager, 'journey-review-1440-zh');
    await approve(manager, task, '同意递交。', '递交申请');
    await manager.context().close();

    // 递交申请: the agent finds it in 消息中心 this time, and opens it from there.
    const agent2 = await open(AGENT);
    await agent2.goto('/desk/notify/index');
    const notice = consoleShell(agent2)
      .main.getByRole('row')
      .filter({ hasText: '新的待办' })
      .filter({ hasText: docketNo })
      .filter({ hasText: '递交申请' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('未读');
    await h.screenshot(agent2, 'journey-notify-centre-1440-zh');
    await notice.getByText(/新的待办/).click();
    await agent2.waitForURL('**/work/todo/index');
    task = await handle(agent2, docketNo, '递交申请', 'invention');
    await approve(agent2, task, '已通过专利业务办理系统递交。', '登记受理');
    await agent2.context().close();

    // 登记受理: the clerk is told, claims, records the filing and uploads the filed application.
    const clerk2 = await open(CLERK);
    await (await bellItem(clerk2, ['新的待签', docketNo, '登记受理'])).click();
    await claim(clerk2, docketNo, '登记受理');
    task = await handle(clerk2, docketNo, '登记受理', 'invention');
    await upload(clerk2, '登记受理', '定稿申请文件', FILED_FILE);
    const digits = `2026${String(Date.now()).slice(-8, -1)}2`;
    applicationNo = `${digits}.${applicationCheckDigit(digits)}`;
    await task.getByLabel('申请号').fill(applicationNo);
    await task.getByLabel('申请日').click();
    await task.getByLabel('申请日').fill('2026-03-02');
    await task.getByLabel('申请日').press('Enter');
    await h.screenshot(clerk2, 'journey-acceptance-1440-zh');
    await approve(clerk2, task, '已收到受理通知书。', '初步审查');
    await clerk2.context().close();
    expect(errors).toEqual([]);
  });

  it('4. the administrator finds the case filed, with both documents on it', async () => {
    expect(applicationNo).not.toBe('');
    const admin = await open(DEMO_TENANT_ADMIN);
    await admin.goto('/patent/application/index');
    const row = rowOf(admin, docketNo);
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(applicationNo);
    expect(text).toContain('初审中');
    await row.getByRole('button', { name: /通知书与期限/ }).click();
    const drawer = admin.locator('.ant-drawer');
    await drawer.getByRole('tab', { name: '案件文件' }).click();
    const draft = drawer.getByRole('row').filter({ hasText: DRAFT_FILE });
    const filed = drawer.getByRole('row').filter({ hasText: FILED_FILE });
    await draft.waitFor();
    await filed.waitFor();
    expect(await draft.textContent()).toContain('撰写申请文件');
    expect(await filed.textContent()).toContain('登记受理');
    expect(await filed.textContent()).toContain('定稿申请文件');
    await h.screenshot(admin, 'journey-case-documents-1440-zh');
    await admin.context().close();
    expect(errors).toEqual([]);
  });
});
