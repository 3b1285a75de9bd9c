import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockAdapter, ok } from '../test/mockAdapter';
import { FlowRefusal, flowDefinitionApi, flowFollowApi, flowModelApi } from './flow-model';
import { bindRequestClient, request } from './request';

const originalAdapter = request.defaults.adapter;

const refusal = {
  status: 400,
  data: {
    code: 400,
    success: false,
    msg: '「审核」用户任务须设置办理人或候选人/候选组',
    data: {
      errors: [
        { elementId: 'review', elementName: '审核', message: '用户任务须设置办理人或候选人/候选组' },
        { elementId: '', elementName: '', message: '流程缺少结束事件' },
      ],
    },
  },
};

describe('flow-model api', () => {
  afterEach(() => {
    request.defaults.adapter = originalAdapter;
  });

  it('turns a refused save into the problems the designer lists, without a toast', async () => {
    const showError = vi.fn();
    bindRequestClient({ getToken: () => 'token', showError });
    request.defaults.adapter = mockAdapter(() => refusal);
    const error = await flowModelApi
      .save({ modelKey: 'p', name: 'p', modelEditorXml: '<x/>' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(FlowRefusal);
    expect(error.message).toBe('「审核」用户任务须设置办理人或候选人/候选组');
    expect(error.issues).toHaveLength(2);
    expect(showError).not.toHaveBeenCalled();
  });

  it('sends a deploy as the model, the category and the tenants comma-joined (none = common)', async () => {
    const adapter = mockAdapter(() => ok({ definitions: [] }));
    request.defaults.adapter = adapter;
    await flowModelApi.deploy('9', { category: 'flow_3', tenantIds: ['100000', '200000'] });
    await flowModelApi.deploy('9', { category: 'flow_3', tenantIds: [] });
    const bodies = adapter.mock.calls.map(([config]) => JSON.parse(String(config.data)));
    expect(bodies).toEqual([
      { modelId: '9', category: 'flow_3', tenantIds: '100000,200000' },
      { modelId: '9', category: 'flow_3', tenantIds: '' },
    ]);
  });

  it('lets other failures through as they are (the request client already told the user)', async () => {
    bindRequestClient({ getToken: () => 'token', showError: vi.fn() });
    request.defaults.adapter = mockAdapter(() => ({ status: 500, data: { code: 500, msg: '服务器异常' } }));
    const error = await flowModelApi.save({}).catch((e) => e);
    expect(error).not.toBeInstanceOf(FlowRefusal);
  });

  it('filters definitions by key as processDefinitionKey and keys instances by their id', async () => {
    const adapter = mockAdapter((config) =>
      config.url?.endsWith('/follow/list')
        ? ok({ records: [{ processInstanceId: '42', title: 't' }], total: 1, size: 10, current: 1, pages: 1 })
        : ok({ records: [], total: 0, size: 10, current: 1, pages: 0 }),
    );
    request.defaults.adapter = adapter;
    await flowDefinitionApi.list({ current: 1, size: 10, key: 'patent_approval', mode: 1 });
    expect(adapter.mock.calls[0]?.[0].params).toEqual({
      current: 1,
      size: 10,
      mode: 1,
      processDefinitionKey: 'patent_approval',
    });
    const page = await flowFollowApi.list({ current: 1, size: 10 });
    expect(page.records[0]).toMatchObject({ id: '42', processInstanceId: '42' });
  });

  it("terminates an instance with its reason, naming another tenant's only when told (the platform list)", async () => {
    const adapter = mockAdapter(() => ok({}));
    request.defaults.adapter = adapter;
    await flowFollowApi.terminate('42', '重复发起');
    await flowFollowApi.terminate('43', '平台终止', '100000');
    const bodies = adapter.mock.calls.map(([config]) => JSON.parse(String(config.data)));
    expect(bodies).toEqual([
      { processInstanceId: '42', deleteReason: '重复发起' },
      { processInstanceId: '43', deleteReason: '平台终止', tenantId: '100000' },
    ]);
  });
});
