import {
  FLOW_PATENT_TABLE,
  FLOW_STEP_FORM_ACCEPTANCE,
  FlowMessage,
  type FlowOutcome,
  flowAcceptanceInput,
  isValidApplicationNumber,
  PatentNumberMessage,
} from '@cube/contract';
import { parseOrRefuse } from '../../platform/crud/index.js';
import { formatDateTime } from '../../platform/dates.js';
import { BizError } from '../../platform/errors.js';
import { applicationNoTaken, setCaseFiling } from './queries/cases.queries.js';
import { authorOf, type Trx } from './queries/executor.js';

type Scalar = string | number | boolean | null;

export interface StepCompletion {
  tenantId: string;
  userId: string | null;
  /** The completed user task's `camunda:formKey`. */
  formKey: string;
  flag: FlowOutcome;
  /** The variables the completion sent (not yet merged into the instance's). */
  sent: Record<string, Scalar>;
  instance: { businessTable: string; businessId: string | null };
}

/**
 * Step forms (the `FLOW_STEP_FORM_*` form keys): what a step asks for besides the comment, checked when it is approved
 * and written to the case inside the completing transaction, before the engine moves on — a refusal leaves the
 * task open and nothing written. Returns the variables to keep on the instance (normalised), or nothing.
 */
export async function applyStepForm(
  trx: Trx,
  step: StepCompletion,
): Promise<Record<string, Scalar> | undefined> {
  if (step.formKey !== FLOW_STEP_FORM_ACCEPTANCE || step.flag !== 'approve') return undefined;
  const caseId = step.instance.businessTable === FLOW_PATENT_TABLE ? step.instance.businessId : null;
  if (!caseId) return undefined;
  const { applicationNo, filingDate } = parseOrRefuse(flowAcceptanceInput, step.sent);
  if (filingDate > formatDateTime().slice(0, 10)) throw new BizError(FlowMessage.filingDateFuture);
  // The office's number carries a weighted mod-11 check digit: a mistyped digit is caught here, not at the office.
  if (!isValidApplicationNumber(applicationNo)) throw new BizError(PatentNumberMessage.checkDigit);
  if (await applicationNoTaken(trx, step.tenantId, applicationNo, caseId))
    throw new BizError(FlowMessage.applicationNoExists);
  await setCaseFiling(trx, step.tenantId, caseId, { applicationNo, filingDate }, authorOf(step.userId));
  return { applicationNo, filingDate };
}
