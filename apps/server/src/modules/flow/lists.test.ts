import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects, type TestApp } from '../../../test/helpers.js';

/**
 * The 我的事务 lists people work from: the starter's name, candidate groups by role name, a returned task marked,
 * and 模型管理 telling the truth about the built-in models (they run as common definitions).
 */
describe.each(dialects)('flow lists on %s', { timeout: 240_000 }, (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const who = { ...DEMO, manager: { tenantId: '100000', username: 'manager', password: 'Manager@2026' } };
  const get = (w: keyof typeof who, url: string) => t.call('GET', `/api/cube-flow${url}`, tokens[w]);
  const post = (w: keyof typeof who, url: string, body?: unknown) =>
    t.call('POST', `/api/cube-flow${url}`, tokens[w], body);
  const okData = (res: { statusCode: number; body: { data: unknown } }) => {
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Record<string, unknown> & { records: Array<Record<string, unknown>> };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const k of Object.keys(who) as Array<keyof typeof who>)
      tokens[k] = (await t.token(who[k])).access_token;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  }, 120_000);

  it('shows the starter, the candidate groups by role name and marks a returned task', async () => {
    const definition = okData(await get('tenantUser', '/work/start-list?category=flow_3')).records[0] as {
      id: string;
    };
    const started = okData(
      await post('tenantUser', '/process/start-process', {
        processDefinitionId: definition.id,
        title: '列表测试',
      }),
    );
    const instanceId = String(started.processInstanceId);
    const claim = okData(await get('manager', '/work/claim-list?size=200')).records.find(
      (r) => r.processInstanceId === instanceId,
    );
    expect(claim).toMatchObject({
      taskDefinitionKey: 'ip_review',
      candidateGroups: 'manager',
      candidateGroupNames: '部门经理',
      returned: false,
    });
    // The demo user's real name, not an id and not blank.
    expect(String(claim?.starterName)).toMatch(/^[^\d-].*/);

    okData(await post('manager', '/work/claim-task', { taskId: claim?.taskId }));
    okData(
      await post('manager', '/work/complete-task', {
        taskId: claim?.taskId,
        flag: 'return',
        comment: '请补充',
      }),
    );
    const revise = okData(await get('tenantUser', '/work/todo-list?size=200')).records.find(
      (r) => r.processInstanceId === instanceId,
    );
    expect(revise).toMatchObject({ taskDefinitionKey: 'revise', returned: true });
    expect(revise?.starterName).toBe(claim?.starterName);
    // Sent on again, the review step is no longer a returned one.
    okData(await post('tenantUser', '/work/complete-task', { taskId: revise?.taskId, comment: '已补充' }));
    const again = okData(await get('manager', '/work/claim-list?size=200')).records.find(
      (r) => r.processInstanceId === instanceId,
    );
    expect(again).toMatchObject({ taskDefinitionKey: 'ip_review', returned: false });
    const detail = okData(await get('tenantUser', `/process/detail?processInstanceId=${instanceId}`)) as {
      tasks: Array<Record<string, unknown>>;
    };
    expect(detail.tasks[0]).toMatchObject({ candidateGroupNames: '部门经理' });
  });

  it('shows the built-in models as deployed for a tenant (they run as common definitions)', async () => {
    const models = okData(await get('tenantAdmin', '/model/list')).records.filter((r) => r.builtinKey !== '');
    expect(models.map((m) => `${m.modelKey}:${m.deployedVersion}`).sort()).toEqual([
      'patent_approval:1',
      'patent_invention:1',
      'patent_utility_design:1',
    ]);
  });
});
