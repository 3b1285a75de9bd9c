import { applicationCheckDigit, isValidApplicationNumber, PatentNumberMessage } from '@cube/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects, type TestApp } from '../../../test/helpers.js';
import { parseModel } from './bpmn.js';
import { compileTemplate, hasExpression, resolveTemplate } from './expression.js';
import { FLOW_LIMITS, LimitMessage, timerProblem, xmlProblem } from './limits.js';
import { FOUR_EYES_MESSAGE } from './runtime.js';

/**
 * No model can stall or break the server: timer values bounded at deploy and when armed, the expression scanner
 * linear with a size cap, BPMN size and depth capped before parsing, deploy validation that accepts only what
 * starts; four eyes on the approval step; the application number's check digit.
 */

const xmlOf = (key: string, body: string, taskExtra = '') => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="D_${key}" targetNamespace="https://cube-portal.cn/flow">
  <bpmn:process id="${key}" name="测试流程 ${key}" isExecutable="true">
    <bpmn:startEvent id="start" name="开始" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="task" />
    <bpmn:userTask id="task" name="审批" camunda:candidateGroups="manager"${taskExtra} />
    <bpmn:sequenceFlow id="f2" sourceRef="task" targetRef="end" />
    <bpmn:endEvent id="end" name="结束" />
    ${body}
  </bpmn:process>
</bpmn:definitions>`;

/** The task's boundary timer of a kind and value (non-interrupting, so a cycle may repeat). */
const timerModel = (key: string, kind: string, value: string) =>
  xmlOf(
    key,
    `<bpmn:boundaryEvent id="timeout" name="提醒" attachedToRef="task" cancelActivity="false">
      <bpmn:timerEventDefinition><bpmn:${kind} xsi:type="bpmn:tFormalExpression">${value}</bpmn:${kind}></bpmn:timerEventDefinition>
    </bpmn:boundaryEvent>
    <bpmn:sequenceFlow id="f3" sourceRef="timeout" targetRef="end_timeout" />
    <bpmn:endEvent id="end_timeout" name="提醒结束" />`,
  );

/** `${`, spelled so that no template literal reads it. */
const OPEN = '$' + '{';

const messagesOf = async (xml: string) =>
  (await parseModel(xml)).validation.errors.map((e) => e.message).join('|');

describe('flow limits (unit)', () => {
  it('bounds timer values: cycles need a count ≤ 100 and a period ≥ 60 s; durations and dates stay within 50 years', () => {
    expect(timerProblem('timeCycle', 'R/PT0S')).toBe(LimitMessage.cycleRepeat);
    expect(timerProblem('timeCycle', 'R/PT1H')).toBe(LimitMessage.cycleRepeat);
    expect(timerProblem('timeCycle', 'R101/PT1H')).toBe(LimitMessage.cycleRepeat);
    expect(timerProblem('timeCycle', 'R5/PT1S')).toBe(LimitMessage.cyclePeriod);
    expect(timerProblem('timeCycle', 'R5/PT59S')).toBe(LimitMessage.cyclePeriod);
    expect(timerProblem('timeCycle', 'R5/PT60S')).toBeUndefined();
    expect(timerProblem('timeCycle', 'R3/2026-01-01T00:00:00Z/PT1H')).toBeUndefined();
    expect(timerProblem('timeDuration', 'P3Y')).toBeUndefined();
    expect(timerProblem('timeDuration', 'PT0S')).toBeUndefined();
    expect(timerProblem('timeDuration', 'P99999Y')).toBe(LimitMessage.timerTooFar);
    expect(timerProblem('timeDuration', 'three years')).toBe(LimitMessage.timerValue);
    expect(timerProblem('timeDate', '2026-01-01 10:00')).toBe(LimitMessage.timerValue);
    expect(timerProblem('timeDate', '2026-05-01T10:00:00+08:00')).toBeUndefined();
    expect(timerProblem('timeDate', '9999-01-01')).toBe(LimitMessage.timerTooFar);
    expect(timerProblem('timeCycle', 5)).toBe(LimitMessage.timerValue);
    expect(timerProblem('timeCycle', null)).toBe(LimitMessage.timerValue);
  });

  it('scans many unclosed ${ in linear time and caps a text at 4 KB', () => {
    const hostile = `P1D${'${'.repeat(40_000)}`; // 80 KB
    let t0 = performance.now();
    expect(hasExpression(hostile)).toBe(false);
    expect(resolveTemplate(hostile, {})).toBe(hostile);
    expect(performance.now() - t0).toBeLessThan(50);
    t0 = performance.now();
    expect(() => compileTemplate(hostile)).toThrow(LimitMessage.templateTooLong);
    expect(() => compileTemplate(`${'${'.repeat(2000)}a}`)).toThrow(/表达式过长（最多 500/);
    expect(performance.now() - t0).toBeLessThan(50);
    expect(resolveTemplate('到期 ${days} 天，${name}', { days: 3, name: '甲' })).toBe('到期 3 天，甲');
  });

  it('caps the XML size and depth before parsing, in one pass', async () => {
    const deep = `<a>${'<b>'.repeat(FLOW_LIMITS.xmlDepth + 1)}${'</b>'.repeat(FLOW_LIMITS.xmlDepth + 1)}</a>`;
    expect(xmlProblem(deep)).toBe(LimitMessage.xmlTooDeep);
    expect(xmlProblem('<a><b/><!-- <c><c><c> --><![CDATA[<d><d>]]><e x="<f>"/></a>')).toBeUndefined();
    expect(xmlProblem(`<a>${' '.repeat(FLOW_LIMITS.xmlBytes)}</a>`)).toBe(LimitMessage.xmlTooLarge);
    const t0 = performance.now();
    const nested = xmlOf(
      'deep',
      '',
      ` ><bpmn:extensionElements>${'<camunda:properties>'.repeat(5000)}${'</camunda:properties>'.repeat(5000)}</bpmn:extensionElements></bpmn:userTask`,
    ).replace('</bpmn:userTask />', '</bpmn:userTask>');
    expect(await messagesOf(nested)).toContain(LimitMessage.xmlTooDeep);
    expect(performance.now() - t0).toBeLessThan(200);
  });

  it('refuses at deploy what the runtime cannot run', async () => {
    const cases: Array<[string, string]> = [
      [timerModel('m', 'timeCycle', 'R/PT0S'), LimitMessage.cycleRepeat],
      [timerModel('m', 'timeCycle', 'R10/PT1S'), LimitMessage.cyclePeriod],
      [timerModel('m', 'timeDuration', 'P100Y'), LimitMessage.timerTooFar],
      [timerModel('m', 'timeDate', '2026-01-01 10:00'), '定时器须为'],
      [xmlOf('m', '', ` camunda:dueDate="P1D${OPEN.repeat(3000)}"`), '定时器须为'],
      [xmlOf('m', '', ` camunda:dueDate="${`${OPEN}a} `.repeat(1000)}"`), LimitMessage.templateTooLong],
      [xmlOf('m', '', ' camunda:dueDate="到期 ${days +} 天"'), '定时器须为'],
      [xmlOf('m', '', ' camunda:dueDate="next week"'), '定时器须为'],
      [
        xmlOf('m', '').replace(
          '<bpmn:sequenceFlow id="f2" sourceRef="task" targetRef="end" />',
          `<bpmn:sequenceFlow id="f2" sourceRef="task" targetRef="auto" /><bpmn:task id="auto" name="自动" />
          <bpmn:sequenceFlow id="f3" sourceRef="auto" targetRef="gw" /><bpmn:exclusiveGateway id="gw" name="判断" default="back" />
          <bpmn:sequenceFlow id="back" sourceRef="gw" targetRef="auto" />
          <bpmn:sequenceFlow id="out" sourceRef="gw" targetRef="end"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${x == 1}</bpmn:conditionExpression></bpmn:sequenceFlow>`,
        ),
        LimitMessage.loopWithoutTask,
      ],
      [
        xmlOf('m', '').replace(
          '<bpmn:sequenceFlow id="f2" sourceRef="task" targetRef="end" />',
          `<bpmn:sequenceFlow id="f2" sourceRef="task" targetRef="gw" /><bpmn:inclusiveGateway id="gw" name="判断" />
          <bpmn:sequenceFlow id="g1" sourceRef="gw" targetRef="end"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${x == 1}</bpmn:conditionExpression></bpmn:sequenceFlow>`,
        ),
        LimitMessage.gatewayDefault,
      ],
      [
        xmlOf(
          'm',
          '',
          ' ><bpmn:multiInstanceLoopCharacteristics isSequential="true" /></bpmn:userTask',
        ).replace('</bpmn:userTask />', '</bpmn:userTask>'),
        LimitMessage.loopUnsupported,
      ],
      [
        xmlOf(
          'm',
          `<bpmn:boundaryEvent id="b" name="b" attachedToRef="gw"><bpmn:timerEventDefinition><bpmn:timeDuration>PT1H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent>
          <bpmn:sequenceFlow id="fb" sourceRef="b" targetRef="end" /><bpmn:exclusiveGateway id="gw" name="g" />
          <bpmn:sequenceFlow id="g0" sourceRef="start" targetRef="gw" /><bpmn:sequenceFlow id="g1" sourceRef="gw" targetRef="end" />`,
        ),
        LimitMessage.attachedTo,
      ],
    ];
    for (const [xml, message] of cases) expect(await messagesOf(xml), message).toContain(message);
  });

  it('checks the application number with CNIPA’s weighted mod-11 rule (10 → X)', () => {
    // Published numbers: 201710601862.3 (2017 invention), 97101765.4 and 95115608.X (pre-2003 eight digits).
    expect(applicationCheckDigit('201710601862')).toBe('3');
    expect(isValidApplicationNumber('201710601862.3')).toBe(true);
    expect(isValidApplicationNumber('97101765.4')).toBe(true);
    expect(isValidApplicationNumber('95115608.X')).toBe(true);
    expect(isValidApplicationNumber('95115608.x')).toBe(true);
    // The old form example was wrong; the new one is right.
    expect(isValidApplicationNumber('202610123456.7')).toBe(false);
    expect(applicationCheckDigit('202610123456')).toBe('X');
    expect(isValidApplicationNumber('202610123457.4')).toBe(true);
    expect(isValidApplicationNumber('2026101234.5')).toBe(false);
    expect(PatentNumberMessage.checkDigit).toBe('申请号校验位不正确');
  });
});

describe.each(dialects)('hostile models on %s', { timeout: 240_000 }, (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const who = {
    ...DEMO,
    manager: { tenantId: '100000', username: 'manager', password: 'Manager@2026' },
  };
  const get = (w: keyof typeof who, url: string) => t.call('GET', `/api/cube-flow${url}`, tokens[w]);
  const post = (w: keyof typeof who, url: string, body?: unknown) =>
    t.call('POST', `/api/cube-flow${url}`, tokens[w], body);
  const okData = (res: { statusCode: number; body: { data: unknown } }) => {
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Record<string, unknown> & { records: Array<Record<string, unknown>> };
  };
  /** Saves and deploys a model for the demo tenant; answers the definition id. */
  const deploy = async (key: string, xml: string) => {
    const model = okData(
      await post('tenantAdmin', '/model/submit', { modelKey: key, name: key, modelEditorXml: xml }),
    );
    okData(
      await post('tenantAdmin', '/model/deploy', { modelId: model.id, category: 'flow_3', tenantIds: '' }),
    );
    return String(
      (
        okData(await get('tenantAdmin', `/manager/list?processDefinitionKey=${key}`)).records[0] as {
          id: string;
        }
      ).id,
    );
  };
  const instanceCount = async () =>
    Number(okData(await get('tenantAdmin', '/follow/list?size=1')).total ?? 0);
  /** How long /api/health takes to answer while `work` runs. */
  const healthDuring = async (work: () => Promise<unknown>) => {
    const running = work();
    await new Promise((resolve) => setImmediate(resolve));
    const t0 = performance.now();
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    const ms = performance.now() - t0;
    expect(health.statusCode).toBe(200);
    await running;
    return ms;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const k of Object.keys(who) as Array<keyof typeof who>)
      tokens[k] = (await t.token(who[k])).access_token;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  }, 120_000);

  it('refuses a zero-length cycle at deploy and a bad ${cycle} at start, with nothing written; health answers meanwhile', async () => {
    const refused = await post('tenantAdmin', '/model/submit', {
      modelKey: 'h_cycle0',
      name: 'h',
      modelEditorXml: timerModel('h_cycle0', 'timeCycle', 'R/PT0S'),
    });
    expect(refused.body).toMatchObject({ code: 400 });
    expect(refused.body.msg).toContain(LimitMessage.cycleRepeat);

    const id = await deploy('h_cycle_var', timerModel('h_cycle_var', 'timeCycle', '${cycle}'));
    const before = await instanceCount();
    for (const [cycle, message] of [
      ['R/PT0S', LimitMessage.cycleRepeat],
      ['R50/PT1S', LimitMessage.cyclePeriod],
      ['R1000/PT1H', LimitMessage.cycleRepeat],
      ['', LimitMessage.timerValue],
    ]) {
      let answer: { body: { msg: string; code: number } } | undefined;
      const ms = await healthDuring(async () => {
        answer = await post('tenantUser', '/process/start-process', {
          processDefinitionId: id,
          variables: { cycle },
        });
      });
      expect(ms, `health while starting ${cycle}`).toBeLessThan(100);
      expect(answer?.body).toMatchObject({ code: 400, msg: message });
    }
    expect(await instanceCount()).toBe(before);
    okData(
      await post('tenantUser', '/process/start-process', {
        processDefinitionId: id,
        variables: { cycle: 'R3/PT1H' },
      }),
    );
    expect(await instanceCount()).toBe(before + 1);
  });

  it('stays responsive while hostile files are deployed (huge due dates, deep XML)', async () => {
    const hostile = [
      xmlOf('h_due', '', ` camunda:dueDate="P1D${'${'.repeat(40_000)}"`),
      xmlOf(
        'h_deep',
        '',
        ` ><bpmn:extensionElements>${'<camunda:properties>'.repeat(20_000)}</bpmn:extensionElements></bpmn:userTask`,
      ).replace('</bpmn:userTask />', '</bpmn:userTask>'),
    ];
    for (const xml of hostile) {
      let answer: { body: { code: number } } | undefined;
      const ms = await healthDuring(async () => {
        answer = await post('tenantAdmin', '/model/validate', { modelEditorXml: xml });
      });
      expect(ms).toBeLessThan(100);
      expect(answer?.body.code).toBe(200);
      expect(JSON.stringify(answer?.body)).toMatch(/定时器须为|嵌套不能超过/);
    }
  });

  it('starts a model using every element the validator accepts, and completes its steps', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="D_all" targetNamespace="https://cube-portal.cn/flow">
  <bpmn:process id="h_all" name="全部元素" isExecutable="true">
    <bpmn:startEvent id="start" name="开始" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="first" />
    <bpmn:userTask id="first" name="第一步" camunda:candidateGroups="manager" camunda:dueDate="P2D" camunda:formKey="patent.review">
      <bpmn:extensionElements><camunda:properties><camunda:property name="note" value="1" /></camunda:properties></bpmn:extensionElements>
    </bpmn:userTask>
    <bpmn:boundaryEvent id="remind" name="提醒" attachedToRef="first" cancelActivity="false">
      <bpmn:timerEventDefinition><bpmn:timeCycle xsi:type="bpmn:tFormalExpression">R2/PT1H</bpmn:timeCycle></bpmn:timerEventDefinition>
    </bpmn:boundaryEvent>
    <bpmn:sequenceFlow id="fr" sourceRef="remind" targetRef="remind_end" />
    <bpmn:endEvent id="remind_end" name="已提醒" />
    <bpmn:boundaryEvent id="late" name="超时" attachedToRef="first">
      <bpmn:timerEventDefinition><bpmn:timeDate xsi:type="bpmn:tFormalExpression">2060-01-01T00:00:00Z</bpmn:timeDate></bpmn:timerEventDefinition>
    </bpmn:boundaryEvent>
    <bpmn:sequenceFlow id="fl" sourceRef="late" targetRef="stop" />
    <bpmn:endEvent id="stop" name="终止"><bpmn:terminateEventDefinition /></bpmn:endEvent>
    <bpmn:sequenceFlow id="f2" sourceRef="first" targetRef="split" />
    <bpmn:parallelGateway id="split" name="并行" />
    <bpmn:sequenceFlow id="f3" sourceRef="split" targetRef="auto" />
    <bpmn:sequenceFlow id="f4" sourceRef="split" targetRef="wait" />
    <bpmn:task id="auto" name="自动" />
    <bpmn:intermediateCatchEvent id="wait" name="等待">
      <bpmn:timerEventDefinition><bpmn:timeDuration xsi:type="bpmn:tFormalExpression">PT0S</bpmn:timeDuration></bpmn:timerEventDefinition>
    </bpmn:intermediateCatchEvent>
    <bpmn:sequenceFlow id="f5" sourceRef="auto" targetRef="join" />
    <bpmn:sequenceFlow id="f6" sourceRef="wait" targetRef="join" />
    <bpmn:parallelGateway id="join" name="汇合" />
    <bpmn:sequenceFlow id="f7" sourceRef="join" targetRef="incl" />
    <bpmn:inclusiveGateway id="incl" name="包容" default="f8" />
    <bpmn:sequenceFlow id="f8" sourceRef="incl" targetRef="excl" />
    <bpmn:sequenceFlow id="f9" sourceRef="incl" targetRef="end"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${days &gt; 100}</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:exclusiveGateway id="excl" name="排他" default="f10" />
    <bpmn:sequenceFlow id="f10" sourceRef="excl" targetRef="second" />
    <bpmn:sequenceFlow id="f11" sourceRef="excl" targetRef="end"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${outcome == 'reject'}</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:userTask id="second" name="第二步" camunda:assignee="\${starterId}" camunda:dueDate="\${due}" />
    <bpmn:sequenceFlow id="f12" sourceRef="second" targetRef="end" />
    <bpmn:endEvent id="end" name="结束" />
  </bpmn:process>
</bpmn:definitions>`;
    expect(await messagesOf(xml)).toBe('');
    const id = await deploy('h_all', xml);
    const started = okData(
      await post('tenantUser', '/process/start-process', {
        processDefinitionId: id,
        variables: { days: 3, due: 'P1D' },
      }),
    );
    const instanceId = String(started.processInstanceId);
    expect(started.currentActivityNames).toBe('第一步');
    const claim = okData(await get('manager', '/work/claim-list?size=200')).records.find(
      (r) => r.processInstanceId === instanceId,
    );
    okData(await post('manager', '/work/claim-task', { taskId: claim?.taskId }));
    okData(
      await post('manager', '/work/complete-task', {
        taskId: claim?.taskId,
        comment: '同意',
        // A declared step form (内部审核) on a process without a business object: checked, kept on the instance.
        variables: { reviewConclusion: 'pass', reviewOpinion: '同意' },
      }),
    );
    // The parallel branch waits on a zero-length timer, which the job runner may fire after the answer: the
    // process reaches 第二步 once it has (seen once in a loaded run as an empty current step in the answer).
    let todo: { taskId?: string; taskName?: string } | undefined;
    for (let attempt = 0; attempt < 60 && !todo; attempt++) {
      todo = okData(await get('tenantUser', '/work/todo-list?size=200')).records.find(
        (r) => r.processInstanceId === instanceId,
      );
      if (!todo) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(todo).toMatchObject({ taskName: '第二步' });
    expect(
      okData(await post('tenantUser', '/work/complete-task', { taskId: todo?.taskId, comment: '完成' })),
    ).toMatchObject({ processIsFinished: true });
  });

  it('four eyes: the starter of an approval cannot decide it; the task stays open', async () => {
    const approval = okData(await get('manager', '/work/start-list?category=flow_3')).records.find(
      (r) => r.key === 'patent_approval' || r.processDefinitionKey === 'patent_approval',
    ) as { id: string } | undefined;
    const definitionId =
      approval?.id ??
      String(
        (okData(await get('manager', '/work/start-list?category=flow_3')).records[0] as { id: string }).id,
      );
    const started = okData(
      await post('manager', '/process/start-process', {
        processDefinitionId: definitionId,
        title: '我的交底书',
      }),
    );
    const instanceId = String(started.processInstanceId);
    const task = okData(await get('manager', '/work/claim-list?size=200')).records.find(
      (r) => r.processInstanceId === instanceId,
    );
    expect(task?.taskDefinitionKey).toBe('ip_review');
    okData(await post('manager', '/work/claim-task', { taskId: task?.taskId }));
    const refused = await post('manager', '/work/complete-task', {
      taskId: task?.taskId,
      comment: '同意',
    });
    expect(refused.body).toMatchObject({ code: 400, msg: FOUR_EYES_MESSAGE });
    // Still open and still his: he hands it back, and someone else in the group decides.
    expect(
      okData(await get('manager', '/work/todo-list?size=200')).records.some((r) => r.taskId === task?.taskId),
    ).toBe(true);
  });
});
