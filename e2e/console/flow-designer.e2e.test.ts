import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, sharedHarness } from '../harness.js';
import {
  type Account,
  type AccountApi,
  accountApi,
  collectPageErrors,
  consoleShell,
  DEMO_TENANT_ADMIN,
  signIn,
} from '../steps.js';

/**
 * 流程管理: the platform administrator opens the built-in 专利申请审批流程 in the designer, renames its
 * first step 知识产权部审查 to 知识产权部初审 (the lint objects while its candidates are removed) and deploys it as a
 * new common version. In the demo tenant a case started before the deploy (through the API) keeps its version and
 * its step names and runs to its end, while a case started after it is on the new version. The manager page lists
 * both versions, the follow page shows the running case's diagram and terminates it with a reason; an upload with a
 * script task is refused with the server's message.
 */
const MANAGER: Account = { tenantId: '100000', username: 'manager', password: 'Manager@2026' };
const AGENT: Account = { tenantId: '100000', username: 'agent', password: 'Agent@2026' };

const stamp = Date.now().toString(36).toUpperCase();
const OLD_TITLE = `设计器旧版案件 ${stamp}`;
const NEW_TITLE = `设计器新版案件 ${stamp}`;
const FLOW = '/api/cube-flow';

type Api = AccountApi;

interface Definition {
  id: string;
  key: string;
  version: number;
}
interface InstanceDetail {
  processDefinitionVersion: number;
  status: string;
  tasks: Array<{ taskId: string; taskName: string }>;
}
interface Completed {
  processIsFinished: boolean;
  currentActivityNames: string;
}

describe('the workflow designer and administration', () => {
  let h: Harness;
  let starter: Api;
  let manager: Api;
  let agent: Api;
  let firstVersion = 0;
  let oldCase = '';
  const errors: string[] = [];

  const apiAs = async (account: Account): Promise<Api> => accountApi(await h.newPage(), account);

  const approvalDefinition = async (): Promise<Definition> => {
    const page = await starter.get<{ records: Definition[] }>(`${FLOW}/work/start-list`, { size: '50' });
    const found = page.records.find((definition) => definition.key === 'patent_approval');
    if (!found) throw new Error('patent_approval cannot be started');
    return found;
  };

  const detail = (api: Api, processInstanceId: string) =>
    api.get<InstanceDetail>(`${FLOW}/process/detail`, { processInstanceId });

  /** The one open task of an instance, claimed and approved by a candidate. */
  const approveOpenTask = async (api: Api, processInstanceId: string, step: string): Promise<Completed> => {
    const [task] = (await detail(api, processInstanceId)).tasks;
    expect(task?.taskName).toBe(step);
    const taskId = task?.taskId ?? '';
    await api.post(`${FLOW}/work/claim-task`, { taskId });
    return api.post<Completed>(`${FLOW}/work/complete-task`, { taskId, flag: 'approve', comment: '同意' });
  };

  const adminPage = async (path: string): Promise<Page> => {
    const page = await h.newAdminPage(path);
    errors.push(...collectPageErrors(page));
    return page;
  };

  beforeAll(async () => {
    h = await sharedHarness();
    [starter, manager, agent] = await Promise.all([apiAs(DEMO_TENANT_ADMIN), apiAs(MANAGER), apiAs(AGENT)]);
    const definition = await approvalDefinition();
    firstVersion = definition.version;
    const started = await starter.post<{ processInstanceId: string }>(`${FLOW}/process/start-process`, {
      processDefinitionId: definition.id,
      title: OLD_TITLE,
    });
    oldCase = started.processInstanceId;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('renames a step of a built-in process in the designer and deploys it as a new version', async () => {
    const page = await adminPage('/flow/model/index');
    const { main, message } = consoleShell(page);
    const row = main.getByRole('row').filter({ hasText: 'patent_approval' });
    await row.getByRole('button', { name: /设\s*计/ }).click();
    const designer = page.getByRole('dialog', { name: '流程设计：专利申请审批流程' });
    await designer.locator('[data-testid="bpmn-modeler"][data-state="ready"]').waitFor();
    // The palette offers what the runtime runs, in Chinese; the bpmn.io watermark stays visible. The shipped file
    // has no edge layout: the designer draws its flows.
    await designer.locator('[data-element-id="f_ip_return"]').waitFor({ state: 'attached' });
    const palette = designer.locator('.djs-palette');
    expect(await palette.locator('[data-action="create.user-task"]').getAttribute('aria-label')).toBe(
      '创建用户任务',
    );
    expect(await palette.locator('[data-action="create.data-object"]').count()).toBe(0);
    expect(await designer.locator('.bjs-powered-by').isVisible()).toBe(true);

    // 知识产权部审查 becomes 知识产权部初审. Without candidates the lint objects at once, in the server's words.
    await designer.locator('[data-element-id="ip_review"]').click();
    const panel = designer.getByTestId('modeler-properties');
    await panel.getByText('用户任务 · ip_review').waitFor();
    await panel.getByLabel('名称').fill('知识产权部初审');
    await panel.getByLabel('名称').press('Enter');
    const issues = designer.getByTestId('modeler-issues');
    await panel.locator('.ant-select-selection-item-remove').click();
    await issues.getByText('「知识产权部初审」：用户任务须设置办理人或候选人/候选组').waitFor();
    await panel.getByLabel('候选组（角色别名）').fill('manager');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await issues.getByText('检查通过').waitFor();
    // 表单 offers the step forms the contract declares, and nothing else.
    await panel.getByLabel('表单').click();
    const forms = page.locator('.ant-select-dropdown:visible');
    await forms.getByText('内部审核（审核结论、审核意见） (patent.review)').waitFor();
    expect(await forms.locator('.ant-select-item-option').count()).toBe(3);
    await h.screenshot(page, 'flow-designer-form-keys-1440-zh');
    await panel.getByText('用户任务 · ip_review').click();
    await forms.waitFor({ state: 'hidden' });
    expect(await designer.locator('[data-element-id="ip_review"]').textContent()).toContain('知识产权部初审');
    await h.screenshot(page, 'flow-designer-1440-zh');

    await designer.getByRole('button', { name: /保存并部署/ }).click();
    await message('保存成功').waitFor();
    const deploy = page.getByRole('dialog', { name: '部署流程：专利申请审批流程' });
    await deploy.getByRole('button', { name: /部\s*署/ }).click();
    const next = firstVersion + 1;
    await message(`已部署：专利申请审批流程 v${next}（通用）`).waitFor();
    await designer.locator('.ant-modal-close').click();
    await expect.poll(async () => (await row.textContent()) ?? '').toContain(`v${next}`);
    expect(errors).toEqual([]);
  });

  it('starts new cases on the new version while a running case finishes on its own', async () => {
    const definition = await approvalDefinition();
    expect(definition.version).toBe(firstVersion + 1);
    const { processInstanceId: newCase } = await starter.post<{ processInstanceId: string }>(
      `${FLOW}/process/start-process`,
      { processDefinitionId: definition.id, title: NEW_TITLE },
    );
    expect((await detail(starter, newCase)).processDefinitionVersion).toBe(firstVersion + 1);
    expect((await detail(starter, oldCase)).processDefinitionVersion).toBe(firstVersion);

    await approveOpenTask(manager, oldCase, '知识产权部审查');
    const oldEnd = await approveOpenTask(agent, oldCase, '代理机构接收');
    expect(oldEnd.processIsFinished).toBe(true);
    expect((await detail(starter, oldCase)).status).toBe('completed');

    const newStep = await approveOpenTask(manager, newCase, '知识产权部初审');
    expect(newStep).toMatchObject({ processIsFinished: false, currentActivityNames: '代理机构接收' });
  });

  it('lists both versions, follows the running case on its diagram and terminates it with a reason', async () => {
    const managerPage = await adminPage('/flow/manager/index');
    const search = managerPage.getByRole('search');
    await search.getByLabel('流程标识').fill('patent_approval');
    await search.getByRole('button', { name: /搜\s*索/ }).click();
    const versions = consoleShell(managerPage).main.getByRole('row').filter({ hasText: 'patent_approval' });
    await expect.poll(() => versions.count()).toBe(2);
    expect(await versions.first().textContent()).toContain(`v${firstVersion + 1}`);
    await h.screenshot(managerPage, 'flow-manager-1440-zh');

    const page = await h.newPage({ width: 1440, height: 900 });
    errors.push(...collectPageErrors(page));
    await signIn(page, DEMO_TENANT_ADMIN);
    await page.goto('/flow/follow/index');
    const { main, message } = consoleShell(page);
    const running = main.getByRole('row').filter({ hasText: NEW_TITLE });
    await running.waitFor();
    expect(await running.textContent()).toContain('代理机构接收');
    expect(await main.getByRole('row').filter({ hasText: OLD_TITLE }).count()).toBe(0);
    await h.screenshot(page, 'flow-follow-1440-zh');

    await running.getByRole('button', { name: /流程图/ }).click();
    const diagram = page.getByRole('dialog').filter({ has: page.getByTestId('bpmn-viewer') });
    await diagram.locator('[data-testid="bpmn-viewer"][data-state="ready"]').waitFor();
    await h.screenshot(page, 'flow-follow-diagram-1440-zh');
    await page.keyboard.press('Escape');

    await running.getByRole('button', { name: /终\s*止/ }).click();
    const terminate = page.getByRole('dialog', { name: `终止流程实例：${NEW_TITLE}` });
    await terminate.getByRole('button', { name: /终\s*止/ }).click();
    await terminate.getByText('请输入终止原因').waitFor();
    await terminate.getByLabel('终止原因').fill('端到端测试：客户撤回申请');
    await terminate.getByRole('button', { name: /终\s*止/ }).click();
    await message('流程已终止').waitFor();
    await expect.poll(() => running.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("refuses an uploaded process with a script task and shows the server's message", async () => {
    const page = await adminPage('/flow/deploy/index');
    const { main } = consoleShell(page);
    await main.getByLabel('流程类型').click();
    await page.locator('.ant-select-dropdown:visible').getByText('专利申请审批流程', { exact: true }).click();
    await main.locator('input[type="file"]').setInputFiles({
      name: 'scripted.bpmn',
      mimeType: 'application/xml',
      buffer: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="t">
  <bpmn:process id="scripted" isExecutable="true">
    <bpmn:startEvent id="s" />
    <bpmn:scriptTask id="run" name="运行脚本" scriptFormat="javascript"><bpmn:script>1</bpmn:script></bpmn:scriptTask>
    <bpmn:endEvent id="e" />
    <bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="run" />
    <bpmn:sequenceFlow id="f2" sourceRef="run" targetRef="e" />
  </bpmn:process>
</bpmn:definitions>`),
    });
    await main.getByRole('button', { name: /部\s*署/ }).click();
    const refusal = main.getByRole('alert').filter({ hasText: '部署未通过' });
    await refusal.getByText(/不允许使用脚本任务或脚本条件/).waitFor();
    expect(errors).toEqual([]);
  });
});
