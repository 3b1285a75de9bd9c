import type { RequestContext } from '../../platform/context.js';
import type { Trx } from './queries/executor.js';

/**
 * The workflow's extension points: the engine moves steps, and a business that runs on it (a patent case, …)
 * plugs in here to create or link its object when a process starts, to check and write a step form's values, and
 * to follow the steps and ends a process reaches. Every hook runs inside the command's transaction, so a refusal
 * (a `BizError`) rolls the whole command back and leaves nothing written. The workflow itself knows no business
 * table: a binding names the table of its objects (the instance's business key is `<table>:<id>`), and the
 * composition of the app registers the bindings (`modules/index.ts`), so `modules/flow` imports no business module.
 */

type Scalar = string | number | boolean | null;
export type FlowVars = Record<string, Scalar>;

/** Who runs the command: a signed-in caller, or nobody (the timer job) — `userId` null. */
export interface FlowActor {
  tenantId: string;
  userId: string | null;
  deptId: string | null;
}

/** What a start request brought for the business: an existing object's id, or a new object's fields. */
export interface StartBusiness {
  /** The id of an existing object (the start form's "existing case"). */
  existingId?: string;
  /** The fields of an object to create with the instance. */
  create?: Record<string, unknown>;
}

/** What a binding answers for a start: the object the instance runs on and what the process reads of it. */
export interface StartedBusiness {
  businessId: string;
  /** The instance's title when the request gave none. */
  title: string;
  /** Variables the process reads of the object (its id and kind), set over the request's. */
  variables: FlowVars;
  /** Variables the request may have chosen itself (a handler), used only where it sent none. */
  defaults?: FlowVars;
}

export interface StepFormEvent {
  actor: FlowActor;
  formKey: string;
  /** The instance's business object (the binding's own table). */
  businessId: string;
  /** The form's values as the contract's declaration parsed them. */
  values: Record<string, unknown>;
}

export interface ActivityEvent {
  actor: FlowActor;
  instanceId: string;
  businessId: string;
  /** The BPMN id of the step reached (a task started) or the end event the process ended at. */
  activityId: string;
  kind: 'activity' | 'end';
  at: string;
}

export interface EndEvent {
  actor: FlowActor;
  instanceId: string;
  /** The instance's title (the subject a start form named). */
  title: string;
  endActivityId: string;
  vars: FlowVars;
}

export interface FlowBinding {
  /** The business table whose rows this binding's processes run on (the business key's first half). */
  table: string;
  /**
   * A start that names a business object: create it (through the business's own create path) or check the
   * existing one, and answer what the instance keeps of it. Undefined when the request names none.
   */
  onStart?(trx: Trx, ctx: RequestContext, business: StartBusiness): Promise<StartedBusiness | undefined>;
  /**
   * A step form's values, already valid by the contract's declaration, applied to the object in the completing
   * transaction (business rules such as uniqueness refuse here). Keys the binding does not write need no entry.
   */
  stepForms?: Readonly<Record<string, (trx: Trx, event: StepFormEvent) => Promise<void>>>;
  /** A step started or an end reached on a process running on one of this binding's objects. */
  onActivity?(trx: Trx, event: ActivityEvent): Promise<void>;
  /**
   * A process that runs on no object yet ended: the binding may open one (an accepted proposal opens its case)
   * and answers its id, which the instance is then linked to.
   */
  onEndWithoutBusiness?(trx: Trx, event: EndEvent): Promise<string | undefined>;
}

/**
 * The registered bindings. The workflow's commands are reached from requests, the timer job and the seed alike, so
 * the bindings are registered once for the process rather than handed through every call; registering a table
 * again replaces its binding (tests build several apps in one process).
 */
const bindings = new Map<string, FlowBinding>();

export function registerFlowBinding(binding: FlowBinding): void {
  bindings.set(binding.table, binding);
}

/** The binding of an instance's business table, or undefined (no object, or no business registered for it). */
export const bindingOf = (table: string | null | undefined): FlowBinding | undefined =>
  table ? bindings.get(table) : undefined;

/** Every registered binding, in registration order. */
export const allBindings = (): FlowBinding[] => [...bindings.values()];
