import { FlowMessage, flowModelEntity, StepFormMessage } from '@cube/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects, type TestApp } from '../../../test/helpers.js';
import { runCrudKit } from '../../../test/kit/crud-kit.js';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/connection.js';
import { withPlatformScope } from '../../db/row-scope.js';
import { MemoryStore } from '../../platform/store.js';
import { seed } from '../../seed/index.js';
import { builtinOf, xmlHash } from './builtin.js';
import { runDueTimers } from './timers.js';

/**
 * Process models and deployments and the runtime's durable parts: validation on save and deploy,
 * common and tenant deploys, uploads, version isolation (a running instance keeps its version), built-in restore,
 * and BPMN timers fired by the poller after a restart, once, however many instances poll.
 */

const xmlOf = (key: string, body = '', extra = '') => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="D_${key}" targetNamespace="https://cube-portal.cn/flow">
  <bpmn:process id="${key}" name="测试流程 ${key}" isExecutable="true">
    <bpmn:startEvent id="start" name="开始" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="task" />
    <bpmn:userTask id="task" name="审批" camunda:candidateGroups="manager" />
    <bpmn:sequenceFlow id="f2" sourceRef="task" targetRef="end" />
    ${body}
    <bpmn:endEvent id="end" name="结束" />${extra}
  </bpmn:process>
</bpmn:definitions>`;

/** A process whose only task has a timer that ends the flow when it expires. */
const timerXml = (key: string, duration: string) =>
  xmlOf(
    key,
    `<bpmn:boundaryEvent id="timeout" name="超时" attachedToRef="task">
      <bpmn:timerEventDefinition><bpmn:timeDuration xsi:type="bpmn:tFormalExpression">${duration}</bpmn:timeDuration></bpmn:timerEventDefinition>
    </bpmn:boundaryEvent>
    <bpmn:sequenceFlow id="f3" sourceRef="timeout" targetRef="end_timeout" />
    <bpmn:endEvent id="end_timeout" name="超时结束" />`,
  );

runCrudKit({
  entity: flowModelEntity,
  table: 'flowModel',
  admin: 'tenantAdmin',
  outsider: 'tenantUser',
  sample: (n) => ({
    modelKey: `kit_model_${n}`,
    name: `测试模型${n}`,
    modelEditorXml: xmlOf(`kit_model_${n}`),
  }),
  change: { name: '改名后的模型', description: '说明' },
  invalid: [
    { input: { modelKey: '' }, message: FlowMessage.modelKeyRequired },
    { input: { modelKey: '1abc' }, message: FlowMessage.modelKeyInvalid },
    { input: { name: '' }, message: FlowMessage.modelNameRequired },
    { input: { modelEditorXml: '' }, message: FlowMessage.modelXmlRequired },
    { input: { name: 'x'.repeat(101) }, message: '长度不能超过100个字符' },
  ],
  optional: ['description', 'category'],
});

describe.each(dialects)('flow models and deployments on %s', { timeout: 240_000 }, (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const who = {
    ...DEMO,
    manager: { tenantId: '100000', username: 'manager', password: 'Manager@2026' },
    otherAdmin: { tenantId: '200000', username: 'admin', password: 'Demo@2026' },
  };
  const get = (w: keyof typeof who, url: string) => t.call('GET', `/api/cube-flow${url}`, tokens[w]);
  const post = (w: keyof typeof who, url: string, body?: unknown) =>
    t.call('POST', `/api/cube-flow${url}`, tokens[w], body);
  const okData = (res: { statusCode: number; body: { data: unknown } }) => {
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Record<string, unknown> & { records: Array<Record<string, unknown>> };
  };
  const startOf = async (w: keyof typeof who, category: string) =>
    okData(await get(w, `/work/start-list?category=${category}`)).records[0] as {
      id: string;
      version: number;
      tenantId: string;
    };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const k of Object.keys(who) as Array<keyof typeof who>)
      tokens[k] = (await t.token(who[k])).access_token;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  }, 120_000);

  it('lists the built-in models with their deployed version and refuses invalid models with clear messages', async () => {
    const platform = okData(await get('platformAdmin', '/model/list'));
    expect(
      platform.records
        .map((r) => `${r.modelKey}:${r.builtinKey}:${r.deployedVersion}:${r.builtinChanged}`)
        .sort(),
    ).toEqual([
      'patent_approval:patent_approval:1:0',
      'patent_invention:patent_invention:1:0',
      'patent_utility_design:patent_utility_design:1:0',
    ]);
    const tenant = okData(await get('tenantAdmin', '/model/list'));
    expect(tenant.records.filter((r) => r.builtinKey !== '')).toHaveLength(3);

    const bad = [
      { xml: '<not-bpmn', message: FlowMessage.bpmnUnreadable },
      { xml: xmlOf('other_key'), message: FlowMessage.bpmnKeyMismatch },
      {
        xml: xmlOf(
          'm_bad',
          '',
          '<bpmn:scriptTask id="s" name="脚本" scriptFormat="javascript"><bpmn:script>process.exit()</bpmn:script></bpmn:scriptTask>',
        ),
        message: FlowMessage.bpmnScript,
      },
      {
        xml: xmlOf('m_bad').replace(
          '<bpmn:sequenceFlow id="f2" sourceRef="task" targetRef="end" />',
          `<bpmn:sequenceFlow id="f2" sourceRef="task" targetRef="end"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${constructor.constructor('return process')()}</bpmn:conditionExpression></bpmn:sequenceFlow>`,
        ),
        message: FlowMessage.bpmnCondition,
      },
      {
        xml: xmlOf('m_bad').replace(
          '<bpmn:sequenceFlow id="f2" sourceRef="task" targetRef="end" />',
          `<bpmn:sequenceFlow id="f2" sourceRef="task" targetRef="end"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression" language="javascript">next(null, true)</bpmn:conditionExpression></bpmn:sequenceFlow>`,
        ),
        message: FlowMessage.bpmnScript,
      },
      {
        xml: xmlOf('m_bad').replace(' camunda:candidateGroups="manager"', ''),
        message: FlowMessage.bpmnNoAssignee,
      },
      {
        xml: xmlOf('m_bad').replace(
          '<bpmn:sequenceFlow id="f2" sourceRef="task" targetRef="end" />',
          `<bpmn:sequenceFlow id="f2" sourceRef="task" targetRef="gw" /><bpmn:exclusiveGateway id="gw" name="判断" />
          <bpmn:sequenceFlow id="g1" sourceRef="gw" targetRef="end"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${outcome == 'approve'}</bpmn:conditionExpression></bpmn:sequenceFlow>
          <bpmn:sequenceFlow id="g2" sourceRef="gw" targetRef="task"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${outcome == 'return'}</bpmn:conditionExpression></bpmn:sequenceFlow>`,
        ),
        message: FlowMessage.bpmnNoDefault,
      },
      { xml: timerXml('m_bad', 'three years'), message: FlowMessage.bpmnTimer },
      // A step form the contract does not declare would ask for nothing and write nothing.
      {
        xml: xmlOf('m_bad').replace(
          ' camunda:candidateGroups="manager"',
          ' camunda:candidateGroups="manager" camunda:formKey="patent.nope"',
        ),
        message: `${StepFormMessage.formKeyUnknown}（patent.nope）`,
      },
      {
        xml: xmlOf('m_bad', '', '<bpmn:serviceTask id="svc" name="调用" />'),
        message: FlowMessage.bpmnUnsupported,
      },
    ];
    for (const { xml, message } of bad) {
      const saved = await post('tenantAdmin', '/model/submit', {
        modelKey: 'm_bad',
        name: '坏模型',
        modelEditorXml: xml,
      });
      expect(saved.statusCode, message).toBe(400);
      expect(saved.body.msg, message).toContain(message);
      const checked = okData(
        await post('tenantAdmin', '/model/validate', { modelKey: 'm_bad', modelEditorXml: xml }),
      );
      expect(checked.valid).toBe(false);
      expect(JSON.stringify(checked.errors)).toContain(message);
    }
    expect(
      okData(await post('tenantAdmin', '/model/validate', { modelEditorXml: xmlOf('m_ok') })),
    ).toMatchObject({
      valid: true,
      processKey: 'm_ok',
      errors: [],
    });
  });

  it('deploys an edited built-in as a new common version; the running case keeps its version and finishes on it', async () => {
    const v1 = await startOf('tenantUser', 'flow_3');
    const old = String(
      okData(await post('tenantUser', '/process/start-process', { processDefinitionId: v1.id }))
        .processInstanceId,
    );
    // The platform administrator edits the built-in approval model: the reviewer step gets a new name.
    const models = okData(await get('platformAdmin', '/model/list?modelKey=patent_approval')).records;
    const model = models[0] as { id: string; modelEditorXml: string; version: number };
    const edited = model.modelEditorXml.replace('name="知识产权部审查"', 'name="知识产权部审查（新版）"');
    okData(
      await post('platformAdmin', '/model/submit', {
        id: model.id,
        modelKey: 'patent_approval',
        name: '专利申请审批流程',
        modelEditorXml: edited,
      }),
    );
    const saved = okData(await get('platformAdmin', `/model/detail?id=${model.id}`));
    expect(saved).toMatchObject({ version: model.version + 1, builtinChanged: 1 });
    const deployed = okData(
      await post('platformAdmin', '/model/deploy', { modelId: model.id, category: 'flow_3', tenantIds: '' }),
    );
    const definitions = deployed.definitions as Array<{
      id: string;
      version: number;
      tenantId: string;
      mode: number;
    }>;
    expect(definitions).toHaveLength(1);
    expect(definitions[0]).toMatchObject({ version: 2, tenantId: '', mode: 1 });

    const v2 = await startOf('tenantUser', 'flow_3');
    expect(v2).toMatchObject({ id: definitions[0]?.id, version: 2 });
    const fresh = String(
      okData(await post('tenantUser', '/process/start-process', { processDefinitionId: v2.id }))
        .processInstanceId,
    );
    const claim = okData(await get('manager', '/work/claim-list?size=200')).records;
    expect(claim.find((r) => r.processInstanceId === old)).toMatchObject({
      taskName: '知识产权部审查',
      processDefinitionVersion: 1,
    });
    expect(claim.find((r) => r.processInstanceId === fresh)).toMatchObject({
      taskName: '知识产权部审查（新版）',
      processDefinitionVersion: 2,
    });
    // The old instance finishes on version 1.
    const finish = async (instanceId: string, step: string, w: keyof typeof who) => {
      const list = okData(await get(w, '/work/claim-list?size=200')).records;
      const task = list.find((r) => r.processInstanceId === instanceId && r.taskDefinitionKey === step);
      okData(await post(w, '/work/claim-task', { taskId: task?.taskId }));
      return okData(await post(w, '/work/complete-task', { taskId: task?.taskId, comment: '同意' }));
    };
    const agent = { tenantId: '100000', username: 'agent', password: 'Agent@2026' };
    tokens.agent = (await t.token(agent)).access_token;
    await finish(old, 'ip_review', 'manager');
    expect(await finish(old, 'agency_accept', 'agent' as keyof typeof who)).toMatchObject({
      processIsFinished: true,
    });
    const oldDiagram = okData(await get('tenantUser', `/process/model-view?processInstanceId=${old}`));
    expect(oldDiagram.processDefinitionId).toBe(v1.id);
    expect(String(oldDiagram.xml)).not.toContain('新版');

    // Restoring the built-in puts the shipped XML back (a new save; deploying it would make version 3).
    const restored = okData(await post('platformAdmin', '/model/restore-builtin', { id: model.id }));
    expect(restored).toMatchObject({ builtinChanged: 0, modelEditorXml: builtinOf('patent_approval')?.xml });
    // A built-in model cannot be removed (there would be nothing left to restore onto); the row stays.
    const removal = await post('platformAdmin', `/model/remove?ids=${model.id}`);
    expect(removal.body).toMatchObject({ code: 400, success: false, msg: FlowMessage.builtinRemove });
    expect(okData(await get('platformAdmin', `/model/detail?id=${model.id}`))).toMatchObject({
      builtinKey: 'patent_approval',
    });
    // The manager list shows both versions; the newest per key with latest=true.
    const latest = okData(await get('platformAdmin', '/manager/list?latest=true&category=flow_3')).records;
    expect(latest.map((d) => d.version)).toEqual([2]);
  });

  it('deploys a tenant copy as a custom definition that overrides the common one for that tenant only', async () => {
    const mine = okData(await get('tenantAdmin', '/model/list?modelKey=patent_utility_design'))
      .records[0] as { id: string };
    // A tenant administrator may deploy only for their own tenant.
    const refused = await post('tenantAdmin', '/model/deploy', {
      modelId: mine.id,
      category: 'flow_2',
      tenantIds: '200000',
    });
    expect(refused.body.msg).toBe(FlowMessage.tenantForbidden);
    const deployed = okData(
      await post('tenantAdmin', '/model/deploy', { modelId: mine.id, category: 'flow_2', tenantIds: '' }),
    );
    expect((deployed.definitions as Array<Record<string, unknown>>)[0]).toMatchObject({
      tenantId: '100000',
      mode: 2,
      version: 1,
    });
    expect(await startOf('tenantUser', 'flow_2')).toMatchObject({ tenantId: '100000' });
    // Other tenants keep the common one.
    expect(await startOf('platformAdmin', 'flow_2')).toMatchObject({ tenantId: '' });
    // Unknown category or tenant: clear messages.
    const platformModel = okData(await get('platformAdmin', '/model/list?modelKey=patent_utility_design'))
      .records[0] as { id: string };
    expect(
      (
        await post('platformAdmin', '/model/deploy', {
          modelId: platformModel.id,
          category: 'flow_9',
          tenantIds: '',
        })
      ).body.msg,
    ).toBe(FlowMessage.categoryInvalid);
    expect(
      (
        await post('platformAdmin', '/model/deploy', {
          modelId: platformModel.id,
          category: 'flow_2',
          tenantIds: '999999',
        })
      ).body.msg,
    ).toBe(FlowMessage.tenantInvalid);
  });

  it('deploys an uploaded .bpmn file for chosen tenants and refuses other files', async () => {
    const boundary = '----cubeflowtest';
    const multipart = (fields: Record<string, string>, file: { name: string; content: string }) =>
      [
        ...Object.entries(fields).map(
          ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
        ),
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/xml\r\n\r\n${file.content}\r\n`,
        `--${boundary}--\r\n`,
      ].join('');
    const upload = (body: string, token = tokens.platformAdmin) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cube-flow/manager/deploy-upload',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'cube-auth': `bearer ${token}`,
          authorization: `Basic ${Buffer.from('cube_web:test-web-client-secret-0123456789').toString('base64')}`,
        },
        payload: body,
      });
    const res = await upload(
      multipart(
        { category: 'flow_3', tenantIds: '100000,200000' },
        { name: 'up_flow.bpmn20.xml', content: xmlOf('up_flow') },
      ),
    );
    const data = JSON.parse(res.body);
    expect(res.statusCode, res.body).toBe(200);
    // Deploying a file whose user task names an undeclared step form is refused, and nothing is deployed.
    const unknownForm = await upload(
      multipart(
        { category: 'flow_3', tenantIds: '100000' },
        {
          name: 'form_flow.bpmn',
          content: xmlOf('form_flow').replace(
            ' camunda:candidateGroups="manager"',
            ' camunda:candidateGroups="manager" camunda:formKey="patent.unknown_form"',
          ),
        },
      ),
    );
    expect(unknownForm.statusCode, unknownForm.body).toBe(400);
    expect(JSON.parse(unknownForm.body).msg).toContain(StepFormMessage.formKeyUnknown);
    expect(
      okData(await get('platformAdmin', '/manager/list?processDefinitionKey=form_flow')).records,
    ).toHaveLength(0);
    expect(
      data.data.definitions
        .map((d: { tenantId: string; source: string }) => `${d.tenantId}:${d.source}`)
        .sort(),
    ).toEqual(['100000:upload', '200000:upload']);
    const wrong = await upload(
      multipart({ category: 'flow_3', tenantIds: '' }, { name: 'notes.txt', content: 'x' }),
    );
    expect(JSON.parse(wrong.body).msg).toBe(FlowMessage.fileInvalid);
    const invalid = await upload(
      multipart(
        { category: 'flow_3', tenantIds: '' },
        { name: 'bad.bpmn', content: xmlOf('bad').replace(' camunda:candidateGroups="manager"', '') },
      ),
    );
    expect(invalid.statusCode).toBe(400);
    expect(JSON.parse(invalid.body).data.errors[0]).toMatchObject({
      elementId: 'task',
      message: FlowMessage.bpmnNoAssignee,
    });
    // Working roles cannot deploy.
    expect(
      (
        await upload(
          multipart({ category: 'flow_3', tenantIds: '' }, { name: 'x.bpmn', content: xmlOf('x') }),
          tokens.tenantUser,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('follows a changed shipped file on the next start, unless the model was edited', async () => {
    const shipped = builtinOf('patent_utility_design');
    const modelId = '1123598816000001261';
    const commonVersions = () =>
      withPlatformScope(() =>
        t.deps.db.db
          .selectFrom('flowDefinition')
          .select('version')
          .where('tenantId', '=', '')
          .where('processKey', '=', 'patent_utility_design')
          .execute(),
      );
    const before = (await commonVersions()).length;
    // An install seeded from an older file: the model holds that file and its hash.
    const older = String(shipped?.xml).replace('name="内部审核"', 'name="审核"');
    const setModel = (xml: string, hash: string) =>
      withPlatformScope(() =>
        t.deps.db.db
          .updateTable('flowModel')
          .set({ modelEditorXml: xml, builtinHash: hash })
          .where('id', '=', modelId)
          .execute(),
      );
    await setModel(older, xmlHash(older));
    await seed(t.deps.db.db, t.config);
    const upgraded = await withPlatformScope(() =>
      t.deps.db.db.selectFrom('flowModel').selectAll().where('id', '=', modelId).executeTakeFirstOrThrow(),
    );
    expect(upgraded.modelEditorXml).toBe(shipped?.xml);
    expect(upgraded.builtinHash).toBe(shipped?.hash);
    expect((await commonVersions()).length).toBe(before + 1);
    // Edited by an administrator (the XML no longer matches the hash it was seeded from): left alone.
    await setModel(older, xmlHash('something older'));
    await seed(t.deps.db.db, t.config);
    const kept = await withPlatformScope(() =>
      t.deps.db.db.selectFrom('flowModel').selectAll().where('id', '=', modelId).executeTakeFirstOrThrow(),
    );
    expect(kept.modelEditorXml).toBe(older);
    expect((await commonVersions()).length).toBe(before + 1);
  });

  it('fires a timer through the poller after a restart, once, even with two instances polling', async () => {
    const model = okData(
      await post('tenantAdmin', '/model/submit', {
        modelKey: 'timer_flow',
        name: '定时流程',
        modelEditorXml: timerXml('timer_flow', 'PT1S'),
      }),
    );
    okData(
      await post('tenantAdmin', '/model/deploy', { modelId: model.id, category: 'flow_3', tenantIds: '' }),
    );
    const definition = okData(await get('tenantAdmin', '/manager/list?processDefinitionKey=timer_flow'))
      .records[0] as { id: string };
    const started = okData(
      await post('tenantUser', '/process/start-process', { processDefinitionId: definition.id }),
    );
    const id = String(started.processInstanceId);
    // A long timer stays a row: nothing in this process would ever fire it.
    const timersOf = () =>
      withPlatformScope(() =>
        t.deps.db.db.selectFrom('flowTimer').selectAll().where('instanceId', '=', id).execute(),
      );
    const pending = await timersOf();
    expect(pending.map((p) => `${p.activityId}:${p.timerStatus}`)).toEqual(['timeout:pending']);
    expect(await runDueTimers(t.deps.db, { now: new Date(Date.now() - 60_000) })).toBe(0);

    // "Restart": two fresh app instances on the same database poll at once after the due time.
    const fresh = async () => {
      const db = openDatabase(t.config.database, { poolSize: 4 });
      const built = await buildApp({
        config: t.config,
        db,
        store: new MemoryStore(),
        loggerInstance: pino({ level: 'silent' }),
      });
      return { built, db };
    };
    const [a, b] = await Promise.all([fresh(), fresh()]);
    // Timer rows keep whole seconds rounded up: PT1S is due within 2 s of the start.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const moved = await Promise.all([runDueTimers(a.db), runDueTimers(b.db)]);
    expect(moved[0] + moved[1]).toBe(1);
    await a.built.app.close();
    await b.built.app.close();
    await a.db.close();
    await b.db.close();

    const shown = okData(await get('tenantUser', `/process/detail?processInstanceId=${id}`));
    expect(shown).toMatchObject({ status: 'completed', endActivityId: 'end_timeout', tasks: [] });
    const history = okData(
      await get('tenantUser', `/process/history-flow-list?processInstanceId=${id}`),
    ) as unknown as Array<Record<string, string>>;
    expect(history.map((h) => h.historyActivityId)).toEqual(['start', 'task', 'timeout', 'end_timeout']);
    expect(history.every((h) => h.endTime !== '')).toBe(true);
    const timers = await timersOf();
    expect(timers.map((p) => p.timerStatus)).toEqual(['fired']);
    expect(await runDueTimers(t.deps.db)).toBe(0);
  });
});
