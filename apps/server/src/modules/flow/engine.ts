import { EventEmitter } from 'node:events';
import { TimerEventDefinition, Timers } from 'bpmn-elements';
import { Engine } from 'bpmn-engine';
import { camundaModdle } from './bpmn.js';
import { hasExpression, isExpression, resolveTemplate } from './expression.js';
import { type TimerKind, timerProblem } from './limits.js';

/**
 * The runtime adapter: the only file that knows bpmn-engine. Every command is
 * recover → act → settle → getState on a fresh engine that lives for that command only, so the database row is
 * the single source of an instance's state and any server instance can run the next command. What the engine did
 * comes back as plain facts — the user tasks and timers now waiting, the activities started and ended, the flows
 * taken — which the service projects into its tables. Swapping the engine means rewriting this file only.
 *
 * bpmn-engine's traps, handled here:
 * - expressions go through our grammar (expression.ts), never its path resolver;
 * - scripts are refused (a script handler that registers none), so no model can run code;
 * - timers never arm an in-process timeout for the future (those are rows the poller fires); a timer already
 *   due when the engine resumes fires at once, within the command;
 * - a timer's value (after its `${…}` is resolved) is held to the bounds in limits.ts before the engine parses it:
 *   the engine fires a cycle like `R/PT0S` synchronously forever, so it must never see one;
 * - variables are set on the waiting activity's (= the process's) environment before it is signalled.
 */

/** Pinned engine version, stored with each instance's state (a later engine may need to convert it). */
export const ENGINE_VERSION = 'bpmn-engine@25.0.1';

export interface EngineEvent {
  kind: 'start' | 'end' | 'flow';
  elementId: string;
  executionId: string;
  type: string;
  at: Date;
}

export interface WaitingTask {
  activityId: string;
  executionId: string;
}

export interface PendingTimer {
  activityId: string;
  executionId: string;
  expireAt: Date;
}

export interface EngineRun {
  state: string;
  ended: boolean;
  /** The end event reached (when ended). */
  endActivityId: string;
  waiting: WaitingTask[];
  timers: PendingTimer[];
  events: EngineEvent[];
}

export class TaskNotWaitingError extends Error {}
export class EngineFailedError extends Error {}
/** The model asked for something out of bounds (a timer value); the message is the Chinese reason. */
export class ModelRefusedError extends Error {
  override name = 'FlowModelRefused';
}

const TIMER_KINDS: TimerKind[] = ['timeDuration', 'timeDate', 'timeCycle'];

/**
 * The engine's timer event definition with its values checked first: each value the model gives (resolved from
 * the variables) must pass {@link timerProblem}, else the activity fails with {@link ModelRefusedError} and the
 * command is refused — before the engine's own parser, which loops on a zero-length cycle, ever runs.
 */
// biome-ignore lint/suspicious/noExplicitAny: bpmn-elements' TimerEventDefinition is an untyped prototype class
const BaseTimer = TimerEventDefinition as any;
class BoundedTimerEventDefinition extends BaseTimer {
  // biome-ignore lint/suspicious/noExplicitAny: the engine's execute message
  _getTimers(executeMessage: any) {
    const content = executeMessage?.content ?? {};
    for (const kind of TIMER_KINDS) {
      if (!(kind in this) || kind in content) continue;
      // biome-ignore lint/suspicious/noExplicitAny: the definition keeps its raw values under their kind
      const raw = (this as any)[kind];
      // biome-ignore lint/suspicious/noExplicitAny: the engine's environment
      const value = (this as any).environment.resolveExpression(raw, executeMessage);
      const problem = timerProblem(kind, value);
      if (problem) throw new ModelRefusedError(problem);
    }
    return super._getTimers(executeMessage);
  }
}

/** The refusal inside an engine failure (the engine wraps the error an activity threw), if that is what it was. */
function refusalIn(failure: unknown): ModelRefusedError | undefined {
  const f = failure as { inner?: unknown; name?: string; description?: string; message?: string };
  if (f instanceof ModelRefusedError) return f;
  if (f?.inner instanceof ModelRefusedError) return f.inner;
  if (f?.name === 'FlowModelRefused') return new ModelRefusedError(String(f.description ?? f.message ?? ''));
  return undefined;
}

/** The error a failed command throws: the model's refusal as such, anything else as an engine failure. */
function failureOf(failure: unknown): Error {
  return refusalIn(failure) ?? new EngineFailedError(String((failure as Error)?.message ?? failure));
}

const expressions = {
  resolveExpression: (
    template: unknown,
    context: { environment?: { variables?: Record<string, unknown> } },
  ) => resolveTemplate(template, context?.environment?.variables ?? {}),
  isExpression,
  hasExpression,
};

/** No script is ever registered: a script task or a scripted condition cannot run (validation refuses them too). */
// biome-ignore lint/suspicious/noExplicitAny: the engine's IScripts type requires a Script where we answer none
const refuseScripts: any = {
  register: () => undefined,
  getScript: () => undefined,
};

/** Timers that only fire what is already due; the rest wait for the persistent poller (flow_timer). */
function commandTimers() {
  const armed = new Set<NodeJS.Timeout>();
  // biome-ignore lint/suspicious/noExplicitAny: bpmn-elements types these as Node's own setTimeout/clearTimeout
  const options: any = {
    setTimeout: (callback: (...args: unknown[]) => void, delay: number, ...args: unknown[]) => {
      if (delay > 0) return undefined;
      const ref = setTimeout(() => {
        armed.delete(ref);
        callback(...args);
      }, 0);
      armed.add(ref);
      return ref;
    },
    clearTimeout: (ref: NodeJS.Timeout | undefined) => {
      if (!ref) return undefined;
      armed.delete(ref);
      clearTimeout(ref);
      return undefined;
    },
  };
  const timers = new Timers(options);
  return {
    timers,
    pending: () => armed.size,
    clear: () => {
      for (const r of armed) clearTimeout(r);
    },
  };
}

const USER_TASK = 'bpmn:UserTask';
const TIMER_HOSTS = new Set(['bpmn:BoundaryEvent', 'bpmn:IntermediateCatchEvent']);

// biome-ignore lint/suspicious/noExplicitAny: bpmn-engine's element APIs are loosely typed
type Api = any;

class Command {
  readonly events: EngineEvent[] = [];
  private readonly timerEvents = new Map<string, PendingTimer>();
  private endActivityId = '';
  private failure: unknown;
  readonly listener = new EventEmitter();
  readonly clock = commandTimers();
  readonly engine: Engine;

  constructor(source?: string) {
    this.engine = new Engine({
      name: 'cube-flow',
      ...(source ? { source } : {}),
      moddleOptions: { camunda: camundaModdle },
      expressions,
      scripts: refuseScripts,
      timers: this.clock.timers,
      elements: { TimerEventDefinition: BoundedTimerEventDefinition },
    });
    const at = () => new Date();
    this.listener.on('activity.start', (api: Api) =>
      this.events.push({
        kind: 'start',
        elementId: api.id,
        executionId: api.executionId,
        type: api.type,
        at: at(),
      }),
    );
    this.listener.on('activity.end', (api: Api) => {
      this.events.push({
        kind: 'end',
        elementId: api.id,
        executionId: api.executionId,
        type: api.type,
        at: at(),
      });
      if (api.type === 'bpmn:EndEvent') this.endActivityId = api.id;
    });
    this.listener.on('flow.take', (api: Api) =>
      this.events.push({ kind: 'flow', elementId: api.id, executionId: '', type: api.type, at: at() }),
    );
    this.listener.on('activity.timer', (api: Api) => {
      const expireAt = api.content?.expireAt ? new Date(api.content.expireAt) : undefined;
      if (expireAt)
        this.timerEvents.set(api.executionId, { activityId: api.id, executionId: api.executionId, expireAt });
    });
    this.engine.on('error', (err: unknown) => {
      this.failure = err;
    });
  }

  /** Waits until the engine is idle or waiting and no due timer is left to fire. */
  async settle(): Promise<void> {
    for (let i = 0; i < 2000; i++) {
      if (this.failure) break;
      if (this.engine.activityStatus !== 'executing' && this.clock.pending() === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    if (this.failure) throw failureOf(this.failure);
    throw new EngineFailedError('engine did not settle');
  }

  postponed(): Api[] {
    return (this.engine.execution?.getPostponed() ?? []) as Api[];
  }

  async result(): Promise<EngineRun> {
    if (this.failure) throw failureOf(this.failure);
    const postponed = this.postponed();
    const waiting = postponed
      .filter((a) => a.type === USER_TASK)
      .map((a) => ({ activityId: String(a.id), executionId: String(a.executionId) }));
    const hosts = postponed.filter((a) => TIMER_HOSTS.has(a.type));
    const timers = [...this.timerEvents.values()].filter((t) =>
      hosts.some((h) => h.id === t.activityId && t.executionId.startsWith(String(h.executionId))),
    );
    const state = JSON.stringify(await this.engine.getState());
    const ended = this.engine.state === 'idle' && postponed.length === 0;
    await this.dispose();
    return {
      state,
      ended,
      endActivityId: ended ? this.endActivityId : '',
      waiting,
      timers,
      events: this.events,
    };
  }

  /** Stops a running engine (a finished one has nothing to stop: `stop()` would wait for an event that never comes). */
  async dispose(): Promise<void> {
    if (this.engine.state === 'running')
      await Promise.race([this.engine.stop(), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    this.clock.clear();
  }

  setVariables(variables: Record<string, unknown>): void {
    const first = this.postponed()[0];
    if (first) Object.assign(first.environment.variables, variables);
  }
}

/** Starts a process from deployed XML with its first variables; runs until the first wait. */
export async function startProcess(source: string, variables: Record<string, unknown>): Promise<EngineRun> {
  const cmd = new Command(source);
  await cmd.engine.execute({ listener: cmd.listener, variables });
  await cmd.settle();
  return cmd.result();
}

async function recovered(state: string, variables: Record<string, unknown>): Promise<Command> {
  const cmd = new Command();
  cmd.engine.recover(JSON.parse(state));
  await cmd.engine.resume({ listener: cmd.listener });
  // Resuming may already fire due timers; variables are set again so that what follows sees the stored ones.
  await cmd.settle();
  cmd.setVariables(variables);
  return cmd;
}

/**
 * Completes the waiting user task `executionId` with `variables` (the instance's whole set, including
 * `outcome`). Throws {@link TaskNotWaitingError} when that task is no longer waiting (e.g. a timer took it).
 */
export async function signalTask(
  state: string,
  executionId: string,
  variables: Record<string, unknown>,
): Promise<EngineRun> {
  const cmd = await recovered(state, variables);
  const task = cmd.postponed().find((a) => a.executionId === executionId && a.type === USER_TASK);
  if (!task) {
    await cmd.dispose();
    throw new TaskNotWaitingError(executionId);
  }
  Object.assign(task.environment.variables, variables);
  task.signal({ ...variables });
  await cmd.settle();
  return cmd.result();
}

/** Resumes an instance so that its due timers fire (the poller's command). */
export async function resumeDue(state: string, variables: Record<string, unknown>): Promise<EngineRun> {
  const cmd = await recovered(state, variables);
  return cmd.result();
}
