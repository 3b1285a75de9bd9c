import { FlowMessage, type FlowTaskDetail, StepFormMessage } from '@cube/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as authApi from '../../../../api/auth';
import { request } from '../../../../api/request';
import { setStore } from '../../../../lib/storage';
import { useMenuStore } from '../../../../stores/menu';
import { useSessionStore } from '../../../../stores/session';
import { useTabsStore } from '../../../../stores/tabs';
import { installConsoleApi } from '../../../../test/consoleApi';
import { installDomStubs } from '../../../../test/domStubs';
import { loginResultFixture } from '../../../../test/fixtures';
import { type MockAnswer, ok } from '../../../../test/mockAdapter';
import { renderApp } from '../../../../test/renderApp';

const SLOW = { timeout: 15_000 };
const PATH = '/work/process/invention/handle/11/22/33';
const originalAdapter = request.defaults.adapter;

const refused = (msg: string): MockAnswer => ({
  status: 400,
  data: { code: 400, success: false, msg, data: null },
});

function task(overrides: Partial<FlowTaskDetail> = {}): FlowTaskDetail {
  return {
    taskId: '11',
    taskName: '内部审核',
    taskDefinitionKey: 'review',
    status: 'todo',
    processInstanceId: '22',
    processDefinitionId: '5',
    processDefinitionKey: 'patent_invention',
    processDefinitionName: '发明专利全流程',
    processDefinitionVersion: 1,
    category: 'flow_1',
    categoryName: '发明专利全流程',
    businessTable: 'pat_application',
    businessId: '33',
    title: 'P-1 一种装置',
    assignee: '7',
    assigneeName: '周建国',
    candidateGroups: 'manager',
    candidateGroupNames: '部门经理',
    returned: false,
    starter: '8',
    starterName: '李晓雯',
    createTime: '2026-11-24 09:00:00',
    claimTime: '',
    endTime: '',
    dueTime: '',
    outcome: '',
    comment: '',
    processIsFinished: 'unfinished',
    formKey: 'patent.review',
    outcomes: [
      { flag: 'approve', label: '同意' },
      { flag: 'return', label: '退回修改' },
      { flag: 'reject', label: '驳回' },
    ],
    canComplete: true,
    canClaim: false,
    ...overrides,
  };
}

const INSTANCE = {
  processInstanceId: '22',
  tenantId: '100000',
  processDefinitionId: '5',
  processDefinitionKey: 'patent_invention',
  processDefinitionName: '发明专利全流程',
  processDefinitionVersion: 1,
  category: 'flow_1',
  categoryName: '发明专利全流程',
  businessTable: 'pat_application',
  businessId: '33',
  title: 'P-1 一种装置',
  starter: '8',
  starterName: '李晓雯',
  startTime: '2026-11-24 08:00:00',
  endTime: '',
  status: 'running',
  processIsFinished: 'unfinished',
  currentActivityNames: '内部审核',
  endActivityId: '',
  deleteReason: '',
  variables: { patentType: 'invention', agentId: '9' },
  tasks: [],
  myTaskId: '11',
};

/** Renders the console at the handle page with the flow calls answered by `flow`. */
function openHandle(flow: (config: InternalAxiosRequestConfig) => MockAnswer | undefined) {
  const adapter = installConsoleApi((config) => {
    const url = config.url ?? '';
    const answer = flow(config);
    if (answer) return answer;
    if (url.endsWith('/process/detail')) return ok(INSTANCE);
    if (url.endsWith('/process/history-flow-list')) return ok([]);
    // No diagram in jsdom (bpmn-js needs a real SVG layout): the card shows its warning.
    if (url.endsWith('/process/model-view')) return refused('流程实例不存在');
    return undefined;
  });
  const user = loginResultFixture();
  setStore('token', user.access_token);
  useSessionStore.setState({ token: user.access_token, refreshToken: user.refresh_token, userInfo: user });
  const view = renderApp(PATH);
  const posted = (suffix: string) =>
    adapter.mock.calls
      .map(([config]) => config)
      .filter((config) => config.method === 'post' && config.url?.endsWith(suffix))
      .map((config) => JSON.parse(String(config.data)));
  return { ...view, posted };
}

describe('the handle page of a flow task', { timeout: 60_000 }, () => {
  beforeEach(() => {
    installDomStubs();
    useMenuStore.getState().reset();
    useTabsStore.getState().reset();
    vi.spyOn(authApi, 'fetchUserInfo').mockResolvedValue({ roles: ['manager'] });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    request.defaults.adapter = originalAdapter;
  });

  it('requires a comment, completes with the chosen outcome and goes back to the todo list', async () => {
    const { router, posted } = openHandle((config) => {
      if (config.url?.endsWith('/work/task-detail')) return ok(task());
      if (config.url?.endsWith('/work/complete-task'))
        return ok({
          processInstanceId: '22',
          processIsFinished: false,
          currentActivityNames: '撰写申请文件',
        });
      return undefined;
    });
    const card = await screen.findByTestId('flow-task', {}, SLOW);
    expect(within(card).getByText('当前环节：内部审核')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: /退回修改/ }));
    expect(await within(card).findByText('请输入审批意见')).toBeTruthy();
    expect(posted('/complete-task')).toEqual([]);

    fireEvent.change(within(card).getByLabelText('审批意见'), { target: { value: '  请补充实施例。 ' } });
    fireEvent.click(within(card).getByRole('button', { name: /退回修改/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/work/todo/index'), SLOW);
    expect(posted('/complete-task')).toEqual([
      { taskId: '11', processInstanceId: '22', flag: 'return', comment: '请补充实施例。' },
    ]);
    expect(useTabsStore.getState().tabs.some((tab) => tab.value === PATH)).toBe(false);
  });

  it('asks 登记受理 for the application number and filing date before 同意 is sent', async () => {
    // What is sent once they are filled, and what the server then writes, is the flow-work e2e's 登记受理 step.
    const { posted } = openHandle((config) => {
      if (config.url?.endsWith('/work/task-detail'))
        return ok(
          task({
            taskName: '登记受理',
            taskDefinitionKey: 'acceptance',
            formKey: 'patent.acceptance',
            outcomes: [{ flag: 'approve', label: '同意' }],
          }),
        );
      return undefined;
    });
    const card = await screen.findByTestId('flow-task', {}, SLOW);
    fireEvent.change(within(card).getByLabelText('审批意见'), { target: { value: '已受理' } });
    fireEvent.click(within(card).getByRole('button', { name: /同\s*意/ }));
    expect(await within(card).findByText(StepFormMessage.applicationNoRequired)).toBeTruthy();
    expect(within(card).getByText(StepFormMessage.filingDateRequired)).toBeTruthy();
    expect(posted('/complete-task')).toEqual([]);
  });

  it('draws 内部审核 from its declaration and sends what the schema read', async () => {
    const { posted } = openHandle((config) => {
      if (config.url?.endsWith('/work/task-detail')) return ok(task());
      if (config.url?.endsWith('/work/complete-task'))
        return ok({ processInstanceId: '22', processIsFinished: false, currentActivityNames: '递交申请' });
      return undefined;
    });
    const card = await screen.findByTestId('flow-task', {}, SLOW);
    expect(within(card).getByTestId('flow-step-form').getAttribute('data-form-key')).toBe('patent.review');
    fireEvent.change(within(card).getByLabelText('审批意见'), { target: { value: '同意' } });
    fireEvent.click(within(card).getByRole('button', { name: /同\s*意/ }));
    expect(await within(card).findByText(StepFormMessage.reviewConclusionRequired)).toBeTruthy();
    expect(within(card).getByText(StepFormMessage.reviewOpinionRequired)).toBeTruthy();
    expect(posted('/complete-task')).toEqual([]);
  });

  it('says so when someone else completed the task meanwhile', async () => {
    openHandle((config) => {
      if (config.url?.endsWith('/work/task-detail')) return ok(task({ formKey: '' }));
      if (config.url?.endsWith('/work/complete-task')) return refused(FlowMessage.taskTaken);
      return undefined;
    });
    const card = await screen.findByTestId('flow-task', {}, SLOW);
    fireEvent.change(within(card).getByLabelText('审批意见'), { target: { value: '同意。' } });
    fireEvent.click(within(card).getByRole('button', { name: /同\s*意/ }));
    expect(await screen.findByText('该任务已被他人办理', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: /返回待办/ })).toBeTruthy();
  });

  it('has a group task claimed before it can be handled', async () => {
    let claimed = false;
    const { posted } = openHandle((config) => {
      if (config.url?.endsWith('/work/task-detail'))
        return ok(
          claimed ? task() : task({ assignee: '', assigneeName: '', canComplete: false, canClaim: true }),
        );
      if (config.url?.endsWith('/work/claim-task')) {
        claimed = true;
        return ok({});
      }
      return undefined;
    });
    const card = await screen.findByTestId('flow-task', {}, SLOW);
    expect(within(card).getByText('该任务由候选组办理，签收后才能处理。')).toBeTruthy();
    expect(within(card).queryByLabelText('审批意见')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: /签收任务/ }));
    expect(await within(card).findByLabelText('审批意见', {}, SLOW)).toBeTruthy();
    expect(posted('/claim-task')).toEqual([{ taskId: '11' }]);
  });
});
