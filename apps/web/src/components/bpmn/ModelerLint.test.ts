import { BpmnModdle } from 'bpmn-moddle';
import camundaDescriptor from 'camunda-bpmn-moddle/resources/camunda.json';
import { describe, expect, it } from 'vitest';
import {
  conditionLooksValid,
  type LintIssue,
  lintDefinitions,
  lintMessageKey,
  type ModdleElement,
} from './ModelerLint';
import { isSupported } from './ModelerSupport';
import { modelerZhCN, translateTemplate } from './ModelerTranslate.zh';

const HEAD = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="http://bpmn.io/schema/bpmn">`;

async function lint(process: string): Promise<LintIssue[]> {
  const moddle = BpmnModdle({ camunda: camundaDescriptor });
  const { rootElement } = await moddle.fromXML(`${HEAD}${process}</bpmn:definitions>`);
  return lintDefinitions(rootElement as unknown as ModdleElement);
}

const codes = (issues: LintIssue[]) => issues.map((issue) => `${issue.elementId}:${issue.code}`);

describe('designer lint', () => {
  it('passes a process the runtime runs', async () => {
    const issues = await lint(`
      <bpmn:process id="leave" isExecutable="true">
        <bpmn:startEvent id="start" />
        <bpmn:userTask id="review" name="审核" camunda:candidateGroups="manager,patent_clerk" camunda:formKey="patent.review" />
        <bpmn:exclusiveGateway id="gw" default="toEnd" />
        <bpmn:intermediateCatchEvent id="wait" name="等待">
          <bpmn:timerEventDefinition><bpmn:timeDuration>PT1H</bpmn:timeDuration></bpmn:timerEventDefinition>
        </bpmn:intermediateCatchEvent>
        <bpmn:userTask id="fix" name="修改" camunda:assignee="\${starterId}" />
        <bpmn:endEvent id="end" />
        <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="review" />
        <bpmn:sequenceFlow id="f2" sourceRef="review" targetRef="gw" />
        <bpmn:sequenceFlow id="toFix" sourceRef="gw" targetRef="wait">
          <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${outcome == 'return'}</bpmn:conditionExpression>
        </bpmn:sequenceFlow>
        <bpmn:sequenceFlow id="f3" sourceRef="wait" targetRef="fix" />
        <bpmn:sequenceFlow id="f4" sourceRef="fix" targetRef="review" />
        <bpmn:sequenceFlow id="toEnd" sourceRef="gw" targetRef="end" />
      </bpmn:process>`);
    expect(issues).toEqual([]);
  });

  it('finds what the server would refuse, pinned to the element', async () => {
    const issues = await lint(`
      <bpmn:process id="p" isExecutable="true">
        <bpmn:startEvent id="start" />
        <bpmn:userTask id="t1" />
        <bpmn:userTask id="t2" name="指派" camunda:assignee="张三" />
        <bpmn:exclusiveGateway id="gw" />
        <bpmn:serviceTask id="svc" name="调用" />
        <bpmn:boundaryEvent id="late" attachedToRef="t2">
          <bpmn:timerEventDefinition><bpmn:timeDuration>3 days</bpmn:timeDuration></bpmn:timerEventDefinition>
        </bpmn:boundaryEvent>
        <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="t1" />
        <bpmn:sequenceFlow id="f2" sourceRef="t1" targetRef="gw" />
        <bpmn:sequenceFlow id="a" sourceRef="gw" targetRef="t2" />
        <bpmn:sequenceFlow id="b" sourceRef="gw" targetRef="svc">
          <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">outcome == 'x'</bpmn:conditionExpression>
        </bpmn:sequenceFlow>
        <bpmn:sequenceFlow id="c" sourceRef="t2" targetRef="svc">
          <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression" language="javascript">next()</bpmn:conditionExpression>
        </bpmn:sequenceFlow>
      </bpmn:process>`);
    expect(codes(issues)).toEqual([
      ':bpmnNoEnd',
      't1:bpmnName',
      't1:bpmnNoAssignee',
      't2:bpmnAssigneeExpression',
      'gw:bpmnNoDefault',
      'svc:bpmnUnsupported',
      'late:bpmnNoOutgoing',
      'late:bpmnTimer',
      'a:noCondition',
      'b:bpmnCondition',
      'c:bpmnScript',
    ]);
    expect(issues.every((issue) => issue.severity === 'error')).toBe(true);
    expect(issues.find((issue) => issue.elementId === 't2')?.element).toBe('指派');
  });

  it("holds form keys and timers to the server's deploy rules (the contract's declarations and bounds)", async () => {
    const issues = await lint(`
      <bpmn:process id="rules" isExecutable="true">
        <bpmn:startEvent id="start" />
        <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="known" />
        <bpmn:userTask id="known" name="审核" camunda:candidateGroups="manager" camunda:formKey="patent.review" />
        <bpmn:sequenceFlow id="f2" sourceRef="known" targetRef="unknown" />
        <bpmn:userTask id="unknown" name="随便" camunda:candidateGroups="manager" camunda:formKey="patent.nope" />
        <bpmn:boundaryEvent id="endless" attachedToRef="known" cancelActivity="false">
          <bpmn:timerEventDefinition><bpmn:timeCycle>R/PT1H</bpmn:timeCycle></bpmn:timerEventDefinition>
        </bpmn:boundaryEvent>
        <bpmn:sequenceFlow id="f3" sourceRef="endless" targetRef="end" />
        <bpmn:boundaryEvent id="fast" attachedToRef="unknown" cancelActivity="false">
          <bpmn:timerEventDefinition><bpmn:timeCycle>R3/PT10S</bpmn:timeCycle></bpmn:timerEventDefinition>
        </bpmn:boundaryEvent>
        <bpmn:sequenceFlow id="f4" sourceRef="fast" targetRef="end" />
        <bpmn:boundaryEvent id="far" attachedToRef="unknown">
          <bpmn:timerEventDefinition><bpmn:timeDuration>P60Y</bpmn:timeDuration></bpmn:timerEventDefinition>
        </bpmn:boundaryEvent>
        <bpmn:sequenceFlow id="f5" sourceRef="far" targetRef="end" />
        <bpmn:sequenceFlow id="f6" sourceRef="unknown" targetRef="end" />
        <bpmn:endEvent id="end" />
      </bpmn:process>`);
    expect(codes(issues).sort()).toEqual([
      'endless:bpmnTimer',
      'far:bpmnTimer',
      'fast:bpmnTimer',
      'unknown:formKeyUnknown',
    ]);
  });

  it('says when there is no process or more than one start, and hints at ignored conditions', async () => {
    expect(codes(await lint(''))).toEqual([':bpmnNoProcess']);
    const issues = await lint(`
      <bpmn:process id="p" isExecutable="true">
        <bpmn:startEvent id="s1" />
        <bpmn:startEvent id="s2" />
        <bpmn:parallelGateway id="fork" />
        <bpmn:endEvent id="end"><bpmn:terminateEventDefinition /></bpmn:endEvent>
        <bpmn:sequenceFlow id="f1" sourceRef="s1" targetRef="fork" />
        <bpmn:sequenceFlow id="f2" sourceRef="s2" targetRef="fork" />
        <bpmn:sequenceFlow id="f3" sourceRef="fork" targetRef="end">
          <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${pass}</bpmn:conditionExpression>
        </bpmn:sequenceFlow>
      </bpmn:process>`);
    expect(codes(issues)).toEqual(['s2:manyStarts', 'f3:parallelCondition']);
    expect(issues.map((issue) => issue.severity)).toEqual(['error', 'warning']);
  });

  it('reads condition shapes as the server does', () => {
    expect(conditionLooksValid(`\${outcome == 'approve'}`)).toBe(true);
    expect(conditionLooksValid(`\${days > 3 && (pass || urgent)}`)).toBe(true);
    expect(conditionLooksValid("outcome == 'approve'")).toBe(false);
    expect(conditionLooksValid(`\${outcome == 'approve}`)).toBe(false);
    expect(conditionLooksValid(`\${(a}`)).toBe(false);
    expect(conditionLooksValid(`\${ }`)).toBe(false);
  });

  it("words the server's own checks with the server's messages", () => {
    expect(lintMessageKey('bpmnNoDefault')).toBe('screens.flow.bpmnNoDefault');
    expect(lintMessageKey('noCondition')).toBe('screens.flowDesigner.lint.noCondition');
  });
});

describe('supported elements', () => {
  it('admits plain and timer events only where the runtime runs them', () => {
    expect(isSupported('bpmn:StartEvent', [])).toBe(true);
    expect(isSupported('bpmn:StartEvent', ['bpmn:TimerEventDefinition'])).toBe(false);
    expect(isSupported('bpmn:EndEvent', ['bpmn:TerminateEventDefinition'])).toBe(true);
    expect(isSupported('bpmn:IntermediateCatchEvent', ['bpmn:TimerEventDefinition'])).toBe(true);
    expect(isSupported('bpmn:IntermediateCatchEvent', ['bpmn:MessageEventDefinition'])).toBe(false);
    expect(isSupported('bpmn:IntermediateThrowEvent', [])).toBe(false);
    expect(isSupported('bpmn:UserTask', [])).toBe(true);
    expect(isSupported('bpmn:ScriptTask', [])).toBe(false);
  });
});

describe('designer translations', () => {
  it('translates known templates and fills placeholders like bpmn-js does', () => {
    expect(translateTemplate(modelerZhCN, 'Append user task')).toBe('追加用户任务');
    expect(translateTemplate(modelerZhCN, 'Open {element}', { element: 'x' })).toBe('Open x');
    expect(translateTemplate({ 'Open {element}': '打开{element}' }, 'Open {element}', {})).toBe(
      '打开{element}',
    );
  });
});
