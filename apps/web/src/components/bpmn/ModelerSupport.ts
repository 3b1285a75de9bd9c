/**
 * What the workflow runtime executes (a diagram may use only the supported element types; the
 * server's list is in modules/flow/bpmn.ts), as the designer offers it: the palette and the context pad offer the
 * everyday elements, the "change element" menu the rest of what runs, and the lint refuses anything else an
 * uploaded or older file brings along.
 */

/** A BPMN element type the runtime runs, with the event definitions it accepts on it (none = a plain event). */
export interface SupportedElement {
  type: string;
  /** Event definitions allowed on this type; `none` stands for an event without any. */
  eventDefinitions?: readonly ('none' | 'bpmn:TimerEventDefinition' | 'bpmn:TerminateEventDefinition')[];
}

export const SUPPORTED_ELEMENTS: readonly SupportedElement[] = [
  { type: 'bpmn:StartEvent', eventDefinitions: ['none'] },
  { type: 'bpmn:EndEvent', eventDefinitions: ['none', 'bpmn:TerminateEventDefinition'] },
  { type: 'bpmn:UserTask' },
  // A plain or manual task passes straight through (the runtime keeps them for imported models).
  { type: 'bpmn:Task' },
  { type: 'bpmn:ManualTask' },
  { type: 'bpmn:ExclusiveGateway' },
  { type: 'bpmn:ParallelGateway' },
  { type: 'bpmn:InclusiveGateway' },
  { type: 'bpmn:SequenceFlow' },
  { type: 'bpmn:IntermediateCatchEvent', eventDefinitions: ['bpmn:TimerEventDefinition'] },
  { type: 'bpmn:BoundaryEvent', eventDefinitions: ['bpmn:TimerEventDefinition'] },
];

/** Types that draw but do not run, so they never stop a deploy: notes on the diagram. */
export const ANNOTATION_TYPES: readonly string[] = ['bpmn:TextAnnotation', 'bpmn:Association', 'bpmn:Group'];

/** The entries of the "change element" menu that lead to a supported element (bpmn-js action names). */
export const ALLOWED_REPLACE_ACTIONS: readonly string[] = [
  'replace-with-none-start',
  'replace-with-none-end',
  'replace-with-terminate-end',
  'replace-with-user-task',
  'replace-with-exclusive-gateway',
  'replace-with-parallel-gateway',
  'replace-with-inclusive-gateway',
  'replace-with-timer-intermediate-catch',
  'replace-with-timer-boundary',
  'replace-with-non-interrupting-timer-boundary',
  'replace-with-sequence-flow',
  'replace-with-default-flow',
  'replace-with-conditional-flow',
];

/** Whether an element of `type` with these event definitions runs. */
export function isSupported(type: string, eventDefinitionTypes: readonly string[]): boolean {
  const entry = SUPPORTED_ELEMENTS.find((element) => element.type === type);
  if (!entry) return false;
  if (!entry.eventDefinitions) return eventDefinitionTypes.length === 0;
  if (eventDefinitionTypes.length === 0) return entry.eventDefinitions.includes('none');
  return (
    eventDefinitionTypes.length === 1 &&
    (entry.eventDefinitions as readonly string[]).includes(eventDefinitionTypes[0] as string)
  );
}
