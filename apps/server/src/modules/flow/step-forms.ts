import { type FlowOutcome, stepFormOf } from '@cube/contract';
import { parseOrRefuse } from '../../platform/crud/index.js';
import { bindingOf, type FlowActor } from './binding.js';
import type { Trx } from './queries/executor.js';

type Scalar = string | number | boolean | null;

export interface StepCompletion {
  actor: FlowActor;
  /** The completed user task's `camunda:formKey`. */
  formKey: string;
  flag: FlowOutcome;
  /** The variables the completion sent (not yet merged into the instance's). */
  sent: Record<string, Scalar>;
  instance: { businessTable: string; businessId: string | null };
}

/**
 * A step form on 同意, inside the completing transaction and before the engine moves on: the values are checked
 * against the form's declaration in the contract (`STEP_FORMS`, its Chinese messages), then the instance's business
 * binding applies them to its object. A refusal (a `BizError`) leaves the task open and nothing written. Returns the
 * values as parsed, to keep on the instance, or nothing for a step without a form (or not approved).
 */
export async function applyStepForm(
  trx: Trx,
  step: StepCompletion,
): Promise<Record<string, Scalar> | undefined> {
  const form = stepFormOf(step.formKey);
  if (!form || step.flag !== 'approve') return undefined;
  const values = parseOrRefuse(form.input, step.sent) as Record<string, unknown>;
  const binding = bindingOf(step.instance.businessTable);
  const apply = binding?.stepForms?.[form.key];
  if (apply && step.instance.businessId)
    await apply(trx, { actor: step.actor, formKey: form.key, businessId: step.instance.businessId, values });
  const kept: Record<string, Scalar> = {};
  for (const field of form.fields) {
    const value = values[field.name];
    if (value === undefined) continue;
    kept[field.name] =
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;
  }
  return kept;
}
