import { createRequire } from 'node:module';
import {
  FLOW_OUTCOMES,
  FlowMessage,
  type FlowOutcome,
  type FlowValidation,
  type FlowValidationIssue,
  StepFormMessage,
  stepFormOf,
} from '@cube/contract';
import {
  type Compiled,
  compileTemplate,
  ExpressionError,
  expressionBody,
  hasExpression,
} from './expression.js';
import { LimitMessage, type TimerKind, timerProblem, xmlProblem } from './limits.js';

/**
 * Reading and checking BPMN models (on save, deploy and upload), and the facts about a process that the runtime
 * needs without starting an engine: each user task's name, form, assignee and candidates, and which outcomes
 * (approve / return / reject) the model branches on after it. Only the subset the runtime supports passes:
 * none start/end events, user and plain tasks, exclusive/parallel/inclusive gateways, timer boundary and
 * catch events, sequence flows with conditions in our expression language. Script tasks, service calls and
 * scripted conditions are refused, so a tenant administrator's model can never run code on the server.
 *
 * What passes here must also run: a file too large or too deep is refused before it is parsed, timers are held to
 * the bounds in limits.ts, every `${…}` (due dates included) is compiled, a gateway whose exits all carry
 * conditions has a default, boundary timers sit on tasks, and every loop passes through a user task (a loop of
 * automatic steps would spin the engine within one request).
 */

const load = createRequire(import.meta.url);
/** The Camunda moddle extension: `camunda:assignee`, `candidateUsers`, `candidateGroups`, `formKey`, `dueDate`. */
export const camundaModdle = load('camunda-bpmn-moddle/resources/camunda.json') as object;

// biome-ignore lint/suspicious/noExplicitAny: moddle elements are dynamic trees; this file reads them defensively
type El = any;

interface ModdleInstance {
  fromXML(xml: string, type?: string): Promise<{ rootElement: El; warnings: Array<{ message: string }> }>;
}
const ModdleClass = (load('bpmn-moddle') as { BpmnModdle: new (extensions: object) => ModdleInstance })
  .BpmnModdle;

/** What the runtime needs to know about one user task. */
export interface UserTaskMeta {
  id: string;
  name: string;
  formKey: string;
  /** `${var}` or a user id; `''` when only candidates are given. */
  assignee: string;
  candidateUsers: string[];
  candidateGroups: string[];
  dueDate: string;
  outcomes: FlowOutcome[];
  /** Four eyes: whoever started the instance may not complete this task (`camunda:property fourEyes=true`). */
  fourEyes?: boolean;
}

/** The facts stored with a deployed definition (`flow_definition.meta`). */
export interface DefinitionMeta {
  processKey: string;
  processName: string;
  /** Every flow node and sequence flow: id → name and BPMN type (`bpmn:UserTask`…). */
  elements: Record<string, { name: string; type: string }>;
  userTasks: Record<string, UserTaskMeta>;
  /** Variables the assignments read (`agentId`…): the start must supply them. */
  assignmentVariables: string[];
}

export interface ParsedModel {
  validation: FlowValidation;
  meta?: DefinitionMeta;
}

const SUPPORTED = new Set([
  'bpmn:StartEvent',
  'bpmn:EndEvent',
  'bpmn:UserTask',
  'bpmn:Task',
  'bpmn:ExclusiveGateway',
  'bpmn:ParallelGateway',
  'bpmn:InclusiveGateway',
  'bpmn:SequenceFlow',
  'bpmn:BoundaryEvent',
  'bpmn:IntermediateCatchEvent',
]);
const CODE_RUNNING = new Set([
  'bpmn:ScriptTask',
  'bpmn:ServiceTask',
  'bpmn:BusinessRuleTask',
  'bpmn:SendTask',
]);

const USER_ID = /^[1-9]\d{0,18}$/;
const ALIAS = /^[A-Za-z0-9_-]{1,64}$/;

const splitList = (text: unknown): string[] =>
  typeof text === 'string'
    ? text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

/**
 * The user-task property that turns on four eyes: written in the model as
 * `<camunda:properties><camunda:property name="fourEyes" value="true" /></camunda:properties>` inside the task's
 * extension elements, which the designer's properties panel keeps and edits.
 */
export const FOUR_EYES_PROPERTY = 'fourEyes';

/** A `camunda:property` value of an element's extension elements, or undefined. */
function propertyOf(el: El, name: string): string | undefined {
  for (const ext of (el.extensionElements?.values ?? []) as El[]) {
    if (ext?.$type !== 'camunda:Properties') continue;
    for (const p of (ext.values ?? []) as El[]) if (p?.name === name) return String(p.value ?? '').trim();
  }
  return undefined;
}

const bodyOf = (expr: El): string => (typeof expr?.body === 'string' ? expr.body.trim() : '');

class Checker {
  readonly errors: FlowValidationIssue[] = [];
  constructor(private readonly names: Map<string, string>) {}
  add(elementId: string, message: string): void {
    if (this.errors.length < 100)
      this.errors.push({ elementId, elementName: this.names.get(elementId) ?? '', message });
  }
  /** Compiles the expressions in a text; reports and returns undefined when one is malformed. */
  compile(elementId: string, text: string, message: string): Compiled[] | undefined {
    try {
      return compileTemplate(text);
    } catch (error) {
      this.add(elementId, `${message}：${error instanceof ExpressionError ? error.message : String(error)}`);
      return undefined;
    }
  }
}

/** The first problem as the answer's `msg`: `「节点名」：消息` (or just the message for the whole file). */
export function firstProblem(validation: FlowValidation): string {
  const first = validation.errors[0];
  if (!first) return '';
  const label = first.elementName || first.elementId;
  return label ? `「${label}」${first.message}` : first.message;
}

/**
 * Parses and checks a model. `expectedKey`: the model key the process id must equal (model saves and deploys);
 * omitted for uploads, whose process id becomes the key.
 */
export async function parseModel(xml: string, expectedKey?: string): Promise<ParsedModel> {
  const fail = (message: string, detail = ''): ParsedModel => ({
    validation: {
      valid: false,
      processKey: '',
      processName: '',
      errors: [{ elementId: '', elementName: '', message: detail ? `${message}：${detail}` : message }],
    },
  });
  const tooBig = xmlProblem(xml);
  if (tooBig) return fail(tooBig);
  let root: El;
  try {
    const result = await new ModdleClass({ camunda: camundaModdle }).fromXML(xml, 'bpmn:Definitions');
    root = result.rootElement;
    const warning = result.warnings[0];
    if (warning) return fail(FlowMessage.bpmnUnreadable, String(warning.message).slice(0, 200));
  } catch (error) {
    return fail(FlowMessage.bpmnUnreadable, String((error as Error).message ?? error).slice(0, 200));
  }
  const processes = ((root?.rootElements ?? []) as El[]).filter((e) => e.$type === 'bpmn:Process');
  if (processes.length === 0) return fail(FlowMessage.bpmnNoProcess);
  if (processes.length > 1) return fail(FlowMessage.bpmnManyProcesses);
  const process = processes[0];
  const processKey = String(process.id ?? '');
  const processName = String(process.name ?? '');
  const elements = (process.flowElements ?? []) as El[];

  const names = new Map<string, string>(elements.map((e) => [String(e.id), String(e.name ?? '')]));
  const check = new Checker(names);
  if (expectedKey !== undefined && processKey !== expectedKey)
    check.add('', `${FlowMessage.bpmnKeyMismatch}（${processKey} ≠ ${expectedKey}）`);
  if (process.isExecutable === false) check.add('', FlowMessage.bpmnNoProcess);

  const flows = elements.filter((e) => e.$type === 'bpmn:SequenceFlow');
  const incoming = new Map<string, El[]>();
  const outgoing = new Map<string, El[]>();
  for (const f of flows) {
    const s = String(f.sourceRef?.id ?? '');
    const t = String(f.targetRef?.id ?? '');
    const outs = outgoing.get(s);
    if (outs) outs.push(f);
    else outgoing.set(s, [f]);
    const ins = incoming.get(t);
    if (ins) ins.push(f);
    else incoming.set(t, [f]);
  }

  let starts = 0;
  let ends = 0;
  const userTasks: Record<string, UserTaskMeta> = {};
  const assignmentVariables = new Set<string>();
  const conditions = new Map<string, Compiled[]>();

  for (const f of flows) {
    const cond = f.conditionExpression;
    if (!cond) continue;
    if (cond.language) {
      check.add(f.id, FlowMessage.bpmnScript);
      continue;
    }
    const body = bodyOf(cond);
    if (!body) continue;
    if (expressionBody(body) === undefined) {
      check.add(f.id, `${FlowMessage.bpmnCondition}：须写作 $\{…}`);
      continue;
    }
    const compiled = check.compile(f.id, body, FlowMessage.bpmnCondition);
    if (compiled) conditions.set(String(f.id), compiled);
  }

  for (const el of elements) {
    const type = String(el.$type);
    const id = String(el.id);
    if (type === 'bpmn:SequenceFlow') continue;
    if (CODE_RUNNING.has(type)) {
      check.add(
        id,
        type === 'bpmn:ScriptTask'
          ? FlowMessage.bpmnScript
          : `${FlowMessage.bpmnUnsupported}（${type.slice(5)}）`,
      );
      continue;
    }
    if (!SUPPORTED.has(type)) {
      check.add(id, `${FlowMessage.bpmnUnsupported}（${type.replace('bpmn:', '')}）`);
      continue;
    }
    if (el.loopCharacteristics) {
      check.add(id, LimitMessage.loopUnsupported);
      continue;
    }
    const defs = (el.eventDefinitions ?? []) as El[];
    const ins = incoming.get(id) ?? [];
    const outs = outgoing.get(id) ?? [];
    if (type === 'bpmn:StartEvent') {
      starts++;
      if (defs.length > 0) check.add(id, `${FlowMessage.bpmnUnsupported}（带事件定义的开始事件）`);
      if (outs.length === 0) check.add(id, FlowMessage.bpmnNoOutgoing);
      continue;
    }
    if (type === 'bpmn:EndEvent') {
      ends++;
      if (defs.some((d) => d.$type !== 'bpmn:TerminateEventDefinition'))
        check.add(id, `${FlowMessage.bpmnUnsupported}（带事件定义的结束事件）`);
      if (ins.length === 0) check.add(id, FlowMessage.bpmnNoIncoming);
      continue;
    }
    if (type === 'bpmn:BoundaryEvent' || type === 'bpmn:IntermediateCatchEvent') {
      if (defs.length !== 1 || defs[0].$type !== 'bpmn:TimerEventDefinition') {
        check.add(id, `${FlowMessage.bpmnUnsupported}（仅支持定时器事件）`);
        continue;
      }
      checkTimer(check, id, defs[0]);
      const host = String(el.attachedToRef?.$type ?? '');
      if (type === 'bpmn:BoundaryEvent' && host !== 'bpmn:UserTask' && host !== 'bpmn:Task')
        check.add(id, LimitMessage.attachedTo);
      if (type === 'bpmn:IntermediateCatchEvent' && ins.length === 0)
        check.add(id, FlowMessage.bpmnNoIncoming);
      if (outs.length === 0) check.add(id, FlowMessage.bpmnNoOutgoing);
      continue;
    }
    if (ins.length === 0) check.add(id, FlowMessage.bpmnNoIncoming);
    if (outs.length === 0) check.add(id, FlowMessage.bpmnNoOutgoing);
    if (type === 'bpmn:ExclusiveGateway' || type === 'bpmn:InclusiveGateway') {
      const defaultId = el.default?.id ? String(el.default.id) : '';
      if (outs.length > 1 && type === 'bpmn:ExclusiveGateway' && !defaultId)
        check.add(id, FlowMessage.bpmnNoDefault);
      for (const f of outs)
        if (outs.length > 1 && String(f.id) !== defaultId && !bodyOf(f.conditionExpression))
          check.add(String(f.id), `${FlowMessage.bpmnCondition}：网关出口须设置条件或设为默认路径`);
      // When every exit carries a condition and none holds, the engine stops the instance with an error.
      if (!defaultId && outs.length > 0 && outs.every((f) => bodyOf(f.conditionExpression)))
        check.add(id, LimitMessage.gatewayDefault);
    }
    if (type === 'bpmn:UserTask') {
      const name = String(el.name ?? '').trim();
      if (!name) check.add(id, FlowMessage.bpmnName);
      const assignee = String(el.get?.('camunda:assignee') ?? el.assignee ?? '').trim();
      const candidateUsers = splitList(el.get?.('camunda:candidateUsers') ?? el.candidateUsers);
      const candidateGroups = splitList(el.get?.('camunda:candidateGroups') ?? el.candidateGroups);
      if (!assignee && candidateUsers.length === 0 && candidateGroups.length === 0)
        check.add(id, FlowMessage.bpmnNoAssignee);
      for (const [value, literal] of [
        ...(assignee ? [[assignee, USER_ID] as const] : []),
        ...candidateUsers.map((u) => [u, USER_ID] as const),
        ...candidateGroups.map((g) => [g, ALIAS] as const),
      ]) {
        if (expressionBody(value) !== undefined) {
          const compiled = check.compile(id, value, FlowMessage.bpmnAssigneeExpression);
          for (const c of compiled ?? []) for (const n of c.names) assignmentVariables.add(n);
        } else if (!literal.test(value)) check.add(id, `${FlowMessage.bpmnAssigneeExpression}（${value}）`);
      }
      const dueDate = String(el.get?.('camunda:dueDate') ?? '').trim();
      if (dueDate && hasExpression(dueDate)) check.compile(id, dueDate, FlowMessage.bpmnTimer);
      else if (dueDate && timerProblem('timeDate', dueDate) && timerProblem('timeDuration', dueDate))
        check.add(id, `${FlowMessage.bpmnTimer}（${dueDate.slice(0, 50)}）`);
      // A step form is one the contract declares: a key nobody declared would ask for nothing and write nothing.
      const formKey = String(el.get?.('camunda:formKey') ?? '').trim();
      if (formKey && !stepFormOf(formKey))
        check.add(id, `${StepFormMessage.formKeyUnknown}（${formKey.slice(0, 50)}）`);
      userTasks[id] = {
        id,
        name: name || id,
        formKey,
        assignee,
        candidateUsers,
        candidateGroups,
        dueDate,
        outcomes: [],
        ...(propertyOf(el, FOUR_EYES_PROPERTY) === 'true' ? { fourEyes: true } : {}),
      };
    }
  }
  if (starts === 0) check.add('', FlowMessage.bpmnNoStart);
  if (starts > 1) check.add('', `${FlowMessage.bpmnUnsupported}（只能有一个开始事件）`);
  if (ends === 0) check.add('', FlowMessage.bpmnNoEnd);
  const loop = loopWithoutTask(elements, outgoing);
  if (loop) check.add(loop, LimitMessage.loopWithoutTask);

  // Outcomes a task offers: the literals compared with `outcome` on the flows leaving it, directly or through the
  // gateway it leads to; `pass` stands for approve/return. Approve is always offered.
  const typeOf = new Map(elements.map((e) => [String(e.id), String(e.$type)]));
  for (const task of Object.values(userTasks)) {
    const found = new Set<string>(['approve']);
    const visit = (flowList: El[], depth: number) => {
      for (const f of flowList) {
        for (const c of conditions.get(String(f.id)) ?? []) {
          for (const v of c.comparedLiterals.get('outcome') ?? []) found.add(v);
          if (c.names.has('pass')) found.add('return');
        }
        const target = String(f.targetRef?.id ?? '');
        const targetType = typeOf.get(target) ?? '';
        if (depth < 2 && (targetType === 'bpmn:ExclusiveGateway' || targetType === 'bpmn:InclusiveGateway'))
          visit(outgoing.get(target) ?? [], depth + 1);
      }
    };
    visit(outgoing.get(task.id) ?? [], 0);
    task.outcomes = FLOW_OUTCOMES.filter((o) => found.has(o));
  }

  const validation: FlowValidation = {
    valid: check.errors.length === 0,
    processKey,
    processName,
    errors: check.errors,
  };
  if (!validation.valid) return { validation };
  const elementFacts: DefinitionMeta['elements'] = {};
  for (const el of elements)
    elementFacts[String(el.id)] = { name: String(el.name ?? ''), type: String(el.$type) };
  return {
    validation,
    meta: {
      processKey,
      processName,
      elements: elementFacts,
      userTasks,
      assignmentVariables: [...assignmentVariables].sort(),
    },
  };
}

function checkTimer(check: Checker, id: string, def: El): void {
  const parts = [
    ['timeDuration', def.timeDuration],
    ['timeDate', def.timeDate],
    ['timeCycle', def.timeCycle],
  ].filter(([, v]) => v);
  if (parts.length !== 1) {
    check.add(id, FlowMessage.bpmnTimer);
    return;
  }
  const [kind, expr] = parts[0] as [TimerKind, El];
  const body = bodyOf(expr);
  // A `${…}` value is checked against the same bounds when the timer is armed (engine.ts).
  if (expressionBody(body) !== undefined) {
    check.compile(id, body, FlowMessage.bpmnTimer);
    return;
  }
  const problem = timerProblem(kind, body);
  if (problem === LimitMessage.timerValue) check.add(id, `${FlowMessage.bpmnTimer}（${body.slice(0, 50)}）`);
  else if (problem) check.add(id, `${problem}（${body.slice(0, 50)}）`);
}

/**
 * The id of an element on a loop that passes through no user task, or undefined. The engine runs automatic steps
 * (plain tasks, gateways, events) back to back within one command; only a user task waits. So the graph of flows
 * between non-user-task elements (a boundary event counting as reached from its task) must have no cycle;
 * an iterative depth-first search finds one in linear time.
 */
function loopWithoutTask(elements: El[], outgoing: Map<string, El[]>): string | undefined {
  const waits = new Set(elements.filter((e) => e.$type === 'bpmn:UserTask').map((e) => String(e.id)));
  const next = new Map<string, string[]>();
  const link = (from: string, to: string) => {
    if (waits.has(from) || waits.has(to)) return;
    const list = next.get(from);
    if (list) list.push(to);
    else next.set(from, [to]);
  };
  for (const [from, flows] of outgoing) for (const f of flows) link(from, String(f.targetRef?.id ?? ''));
  for (const e of elements)
    if (e.$type === 'bpmn:BoundaryEvent' && e.attachedToRef?.id)
      link(String(e.attachedToRef.id), String(e.id));
  const state = new Map<string, 1 | 2>(); // 1: on the current path, 2: done
  for (const root of next.keys()) {
    if (state.has(root)) continue;
    const stack: Array<{ id: string; i: number }> = [{ id: root, i: 0 }];
    state.set(root, 1);
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { id: string; i: number };
      const targets = next.get(top.id) ?? [];
      if (top.i >= targets.length) {
        state.set(top.id, 2);
        stack.pop();
        continue;
      }
      const to = targets[top.i++] as string;
      const seen = state.get(to);
      if (seen === 1) return to;
      if (seen === undefined) {
        state.set(to, 1);
        stack.push({ id: to, i: 0 });
      }
    }
  }
  return undefined;
}
