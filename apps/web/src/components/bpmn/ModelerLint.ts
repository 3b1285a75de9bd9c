import { stepFormOf, timerProblem } from '@cube/contract';
import { ANNOTATION_TYPES, isSupported } from './ModelerSupport';

/**
 * The designer's own check of a diagram, as on save and deploy: the mistakes the server
 * would refuse, found in the browser while drawing and pinned to the element, so that the server's refusal is the
 * exception. It mirrors the server's rules (modules/flow/bpmn.ts) where they can be read off the diagram; the
 * server checks again on save and deploy (it also compiles the expressions) and its answer is what counts.
 */

/** A moddle element as bpmn-js holds it (bpmn-moddle), reduced to what the checks read. */
export interface ModdleElement {
  $type: string;
  id?: string;
  name?: string;
  get?: (name: string) => unknown;
  $attrs?: Record<string, string>;
  [property: string]: unknown;
}

/**
 * What an issue is about. The `bpmn*` codes are the server's own refusals (contract `FlowMessage`, shown in the
 * server's words); the others are the server's refusals it words with a detail (`manyStarts`, `noCondition`) or
 * a hint it does not refuse (`parallelCondition`, a warning).
 */
export type LintCode =
  | 'bpmnNoProcess'
  | 'bpmnManyProcesses'
  | 'bpmnNoStart'
  | 'bpmnNoEnd'
  | 'bpmnUnsupported'
  | 'bpmnScript'
  | 'bpmnNoIncoming'
  | 'bpmnNoOutgoing'
  | 'bpmnNoAssignee'
  | 'bpmnAssigneeExpression'
  | 'bpmnNoDefault'
  | 'bpmnCondition'
  | 'bpmnTimer'
  | 'bpmnName'
  | 'manyStarts'
  | 'formKeyUnknown'
  | 'noCondition'
  | 'parallelCondition';

export interface LintIssue {
  /** The element the issue is pinned to (`''` for the whole diagram). */
  elementId: string;
  code: LintCode;
  severity: 'error' | 'warning';
  /** The element's name (or id) for the message; `''` for the whole diagram. */
  element: string;
}

const list = (value: unknown): ModdleElement[] => (Array.isArray(value) ? (value as ModdleElement[]) : []);
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** An attribute of the camunda namespace, whether the descriptor is loaded (property) or not ($attrs). */
export function camundaAttr(element: ModdleElement, name: string): string {
  const viaDescriptor = element.get ? text(element.get(`camunda:${name}`)) : '';
  return viaDescriptor || text(element.$attrs?.[`camunda:${name}`]);
}

const eventDefinitionTypes = (element: ModdleElement) =>
  list(element.eventDefinitions).map((definition) => definition.$type);

/**
 * Whether a text is one `${…}` expression of the runtime's grammar (no JavaScript, no bare text), by its shape:
 * balanced quotes and parentheses. The server compiles it and may still refuse it.
 */
export function conditionLooksValid(body: string): boolean {
  const match = /^\$\{([\s\S]+)\}$/.exec(body.trim());
  if (!match) return false;
  const inner = (match[1] as string).replace(/\\./g, '');
  if (inner.trim() === '') return false;
  if ((inner.match(/'/g)?.length ?? 0) % 2 !== 0 || (inner.match(/"/g)?.length ?? 0) % 2 !== 0) return false;
  let depth = 0;
  for (const character of inner) {
    if (character === '(') depth += 1;
    if (character === ')') depth -= 1;
    if (depth < 0) return false;
  }
  return depth === 0;
}

const USER_ID = /^[1-9]\d{0,18}$/;
const ROLE_ALIAS = /^[A-Za-z0-9_-]{1,64}$/;

/** An assignee or candidate: an expression, or a literal user id / role alias. */
function assignmentValid(value: string, literal: RegExp): boolean {
  return value.startsWith('${') ? conditionLooksValid(value) : literal.test(value);
}

const TIMER_KINDS = ['timeDuration', 'timeDate', 'timeCycle'] as const;

/** Exactly one of duration, date or cycle, in ISO-8601 (or an expression). */
function timerValid(definition: ModdleElement): boolean {
  const set = TIMER_KINDS.filter((kind) => definition[kind]);
  if (set.length !== 1) return false;
  const kind = set[0] as (typeof TIMER_KINDS)[number];
  const body = text((definition[kind] as ModdleElement).body);
  if (body.startsWith('${')) return conditionLooksValid(body);
  // The server's own timer rule (contract flow-limits.ts): ISO-8601, a cycle's count and period, at most 50 years.
  return timerProblem(kind, body) === undefined;
}

const splitList = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** The process(es) of a definitions element, the ones a deploy runs. */
export function processesOf(definitions: ModdleElement): ModdleElement[] {
  return list(definitions.rootElements).filter((element) => element.$type === 'bpmn:Process');
}

type Add = (element: ModdleElement | undefined, code: LintCode, severity?: LintIssue['severity']) => void;

/**
 * The sequence flows into and out of each node, from the flows' own source and target (the `incoming`/`outgoing`
 * lists of a node are optional in a file, so a hand-written or uploaded one may lack them).
 */
interface Wiring {
  incoming: (element: ModdleElement) => ModdleElement[];
  outgoing: (element: ModdleElement) => ModdleElement[];
}

function wiringOf(elements: readonly ModdleElement[]): Wiring {
  const into = new Map<unknown, ModdleElement[]>();
  const out = new Map<unknown, ModdleElement[]>();
  for (const flow of elements) {
    if (flow.$type !== 'bpmn:SequenceFlow') continue;
    out.set(flow.sourceRef, [...(out.get(flow.sourceRef) ?? []), flow]);
    into.set(flow.targetRef, [...(into.get(flow.targetRef) ?? []), flow]);
  }
  return { incoming: (element) => into.get(element) ?? [], outgoing: (element) => out.get(element) ?? [] };
}

/** Every issue of the diagram, errors first, in diagram order within each severity. */
export function lintDefinitions(definitions: ModdleElement): LintIssue[] {
  const issues: LintIssue[] = [];
  const add: Add = (element, code, severity = 'error') =>
    issues.push({
      elementId: element?.id ?? '',
      code,
      severity,
      element: element ? text(element.name) || element.id || '' : '',
    });

  const processes = processesOf(definitions);
  if (processes.length === 0) add(undefined, 'bpmnNoProcess');
  if (processes.length > 1) add(undefined, 'bpmnManyProcesses');
  for (const process of processes.slice(0, 1)) {
    const elements = list(process.flowElements);
    const starts = elements.filter((element) => element.$type === 'bpmn:StartEvent');
    if (starts.length === 0) add(undefined, 'bpmnNoStart');
    for (const extra of starts.slice(1)) add(extra, 'manyStarts');
    if (!elements.some((element) => element.$type === 'bpmn:EndEvent')) add(undefined, 'bpmnNoEnd');
    const wiring = wiringOf(elements);
    for (const element of elements) {
      if (ANNOTATION_TYPES.includes(element.$type)) continue;
      if (element.$type === 'bpmn:SequenceFlow') lintFlow(element, wiring, add);
      else lintNode(element, wiring, add);
    }
  }
  return [...issues.filter((i) => i.severity === 'error'), ...issues.filter((i) => i.severity === 'warning')];
}

function lintNode(element: ModdleElement, wiring: Wiring, add: Add): void {
  const type = element.$type;
  if (type === 'bpmn:ScriptTask' || !isSupported(type, eventDefinitionTypes(element))) {
    add(element, type === 'bpmn:ScriptTask' ? 'bpmnScript' : 'bpmnUnsupported');
    return;
  }
  const incoming = wiring.incoming(element);
  const outgoing = wiring.outgoing(element);
  if (incoming.length === 0 && type !== 'bpmn:StartEvent' && type !== 'bpmn:BoundaryEvent')
    add(element, 'bpmnNoIncoming');
  if (outgoing.length === 0 && type !== 'bpmn:EndEvent') add(element, 'bpmnNoOutgoing');

  if (type === 'bpmn:UserTask') {
    if (!text(element.name)) add(element, 'bpmnName');
    const assignee = camundaAttr(element, 'assignee');
    const users = splitList(camundaAttr(element, 'candidateUsers'));
    const groups = splitList(camundaAttr(element, 'candidateGroups'));
    if (!assignee && users.length === 0 && groups.length === 0) add(element, 'bpmnNoAssignee');
    const badAssignment =
      (assignee && !assignmentValid(assignee, USER_ID)) ||
      users.some((user) => !assignmentValid(user, USER_ID)) ||
      groups.some((group) => !assignmentValid(group, ROLE_ALIAS));
    if (badAssignment) add(element, 'bpmnAssigneeExpression');
    // The server deploys only the step forms the contract declares (STEP_FORMS), as this does.
    const formKey = camundaAttr(element, 'formKey');
    if (formKey && !stepFormOf(formKey)) add(element, 'formKeyUnknown');
  }
  if (type === 'bpmn:ExclusiveGateway' && outgoing.length > 1 && !element.default)
    add(element, 'bpmnNoDefault');
  const timer = list(element.eventDefinitions).find((d) => d.$type === 'bpmn:TimerEventDefinition');
  if (timer && !timerValid(timer)) add(element, 'bpmnTimer');
}

function lintFlow(flow: ModdleElement, wiring: Wiring, add: Add): void {
  const expression = flow.conditionExpression as ModdleElement | undefined;
  const condition = text(expression?.body);
  if (expression?.language || (condition && !conditionLooksValid(condition))) {
    add(flow, expression?.language ? 'bpmnScript' : 'bpmnCondition');
    return;
  }
  const source = flow.sourceRef as ModdleElement | undefined;
  if (!source) return;
  if (source.$type === 'bpmn:ParallelGateway' && condition) add(flow, 'parallelCondition', 'warning');
  if (source.$type === 'bpmn:ExclusiveGateway' || source.$type === 'bpmn:InclusiveGateway') {
    const siblings = wiring.outgoing(source);
    if (siblings.length > 1 && source.default !== flow && !condition) add(flow, 'noCondition');
  }
}

/** The translation key of an issue's message: the server's words for its own checks, the designer's for the rest. */
export function lintMessageKey(code: LintCode): string {
  return code.startsWith('bpmn') ? `screens.flow.${code}` : `screens.flowDesigner.lint.${code}`;
}
