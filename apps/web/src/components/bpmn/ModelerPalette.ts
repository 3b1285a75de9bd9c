import { ALLOWED_REPLACE_ACTIONS } from './ModelerSupport';

/**
 * A bpmn-js module that narrows the designer to what the runtime executes (ModelerSupport): it registers one more
 * provider for the palette, the context pad and the "change element" menu, after bpmn-js's own (a lower priority
 * runs later), and rewrites their entries instead of replacing the providers, so bpmn-js's behaviour (auto place,
 * previews, rules) is kept. Elements arriving another way (an uploaded file) are caught by the lint.
 */

type Listener = (event: unknown, element?: unknown) => void;

interface Entry {
  group?: string;
  className?: string;
  title?: string;
  action?: unknown;
  separator?: boolean;
}
type Entries = Record<string, Entry>;

interface ShapeOptions {
  type: string;
  eventDefinitionType?: string;
}

interface Services {
  palette: { registerProvider(priority: number, provider: object): void };
  contextPad: { registerProvider(priority: number, provider: object): void };
  popupMenu: { registerProvider(id: string, priority: number, provider: object): void };
  elementFactory: { createShape(options: ShapeOptions): unknown };
  create: { start(event: unknown, shape: unknown, context?: { source: unknown }): void };
  autoPlace?: { append(source: unknown, shape: unknown): void };
  appendPreview?: { create(source: unknown, type: string, options?: object): void; cleanUp(): void };
  translate: (template: string) => string;
}

/** Providers run from high to low priority; bpmn-js registers its own at 1000. */
const AFTER_BUILT_IN = 500;

const KEEP_TOOLS = ['hand-tool', 'lasso-tool', 'space-tool', 'global-connect-tool', 'tool-separator'];
const KEEP_PAD = ['delete', 'connect', 'replace', 'append.end-event', 'append.gateway'];

const USER_TASK: ShapeOptions = { type: 'bpmn:UserTask' };
const PARALLEL_GATEWAY: ShapeOptions = { type: 'bpmn:ParallelGateway' };
const TIMER_EVENT: ShapeOptions = {
  type: 'bpmn:IntermediateCatchEvent',
  eventDefinitionType: 'bpmn:TimerEventDefinition',
};

function pick(entries: Entries, keys: readonly string[]): Entries {
  const kept: Entries = {};
  for (const key of keys) if (entries[key]) kept[key] = entries[key];
  return kept;
}

function SupportedElementsProvider(
  palette: Services['palette'],
  contextPad: Services['contextPad'],
  popupMenu: Services['popupMenu'],
  elementFactory: Services['elementFactory'],
  create: Services['create'],
  translate: Services['translate'],
  autoPlace: Services['autoPlace'],
  appendPreview: Services['appendPreview'],
) {
  const createAction = (options: ShapeOptions, className: string, title: string): Entry => {
    const start: Listener = (event) => create.start(event, elementFactory.createShape(options));
    return {
      group: options.type.endsWith('Gateway')
        ? 'gateway'
        : options.type.endsWith('Task')
          ? 'activity'
          : 'event',
      className,
      title: translate(title),
      action: { dragstart: start, click: start },
    };
  };

  // The same shape as bpmn-js's own append entries: click places the element next to the source, drag lets the
  // user drop it, hover previews it.
  const appendAction = (options: ShapeOptions, className: string, title: string): Entry => {
    const dragAppend: Listener = (event, source) =>
      create.start(event, elementFactory.createShape(options), { source });
    const clickAppend: Listener = autoPlace
      ? (_event, source) => autoPlace.append(source, elementFactory.createShape(options))
      : dragAppend;
    const hover = appendPreview
      ? (_event: unknown, source: unknown) => {
          const { type, ...rest } = options;
          appendPreview.create(source, type, rest);
          return () => appendPreview.cleanUp();
        }
      : undefined;
    return {
      group: 'model',
      className,
      title: translate(title),
      action: { dragstart: dragAppend, click: clickAppend, ...(hover ? { hover } : {}) },
    };
  };

  palette.registerProvider(AFTER_BUILT_IN, {
    getPaletteEntries: () => (entries: Entries) => ({
      ...pick(entries, KEEP_TOOLS),
      ...pick(entries, ['create.start-event', 'create.end-event']),
      'create.user-task': createAction(USER_TASK, 'bpmn-icon-user-task', 'Create user task'),
      ...pick(entries, ['create.exclusive-gateway']),
      'create.parallel-gateway': createAction(
        PARALLEL_GATEWAY,
        'bpmn-icon-gateway-parallel',
        'Create parallel gateway',
      ),
      'create.timer-event': createAction(
        TIMER_EVENT,
        'bpmn-icon-intermediate-event-catch-timer',
        'Create timer event',
      ),
    }),
  });

  contextPad.registerProvider(AFTER_BUILT_IN, {
    getContextPadEntries: () => (entries: Entries) => {
      const kept = pick(entries, KEEP_PAD);
      // bpmn-js offers "append task" wherever a flow may continue; the same places get a user task and a timer.
      if (entries['append.append-task']) {
        kept['append.user-task'] = appendAction(USER_TASK, 'bpmn-icon-user-task', 'Append user task');
        kept['append.timer-event'] = appendAction(
          TIMER_EVENT,
          'bpmn-icon-intermediate-event-catch-timer',
          'Append timer event',
        );
      }
      return kept;
    },
    getMultiElementContextPadEntries: () => (entries: Entries) => pick(entries, ['delete']),
  });

  popupMenu.registerProvider('bpmn-replace', AFTER_BUILT_IN, {
    getPopupMenuEntries: () => (entries: Entries) => pick(entries, ALLOWED_REPLACE_ACTIONS),
    // Multi-instance, loop and collection toggles: the runtime runs none of them. The interrupting toggle of a
    // boundary timer stays.
    getPopupMenuHeaderEntries: () => (entries: Entries) => pick(entries, ['toggle-non-interrupting']),
  });
}

SupportedElementsProvider.$inject = [
  'palette',
  'contextPad',
  'popupMenu',
  'elementFactory',
  'create',
  'translate',
  'autoPlace',
  'appendPreview',
];

export const supportedElementsModule = {
  __init__: ['cubeSupportedElements'],
  cubeSupportedElements: ['type', SupportedElementsProvider],
};
