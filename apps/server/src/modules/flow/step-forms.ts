import {
  FLOW_PATENT_TABLE,
  FLOW_STEP_FORM_ACCEPTANCE,
  FlowMessage,
  type FlowOutcome,
  flowAcceptanceInput,
} from '@cube/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { parseOrRefuse } from '../../platform/crud/index.js';
import { formatDateTime, now } from '../../platform/dates.js';
import { BizError } from '../../platform/errors.js';
import { TenantData } from '../../platform/tenant-data.js';

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
 * Step forms (contract `FLOW_STEP_FORM_*`): what a step asks for besides the comment, checked when it is approved
 * and written to the case inside the completing transaction, before the engine moves on — a refusal leaves the
 * task open and nothing written. Returns the variables to keep on the instance (normalised), or nothing.
 */
export async function applyStepForm(
  trx: Transaction<Database>,
  step: StepCompletion,
): Promise<Record<string, Scalar> | undefined> {
  if (step.formKey !== FLOW_STEP_FORM_ACCEPTANCE || step.flag !== 'approve') return undefined;
  const caseId = step.instance.businessTable === FLOW_PATENT_TABLE ? step.instance.businessId : null;
  if (!caseId) return undefined;
  const { applicationNo, filingDate } = parseOrRefuse(flowAcceptanceInput, step.sent);
  if (filingDate > formatDateTime().slice(0, 10)) throw new BizError(FlowMessage.filingDateFuture);
  const cases = new TenantData(trx, step.tenantId);
  const other = await cases
    .selectFrom('patApplication')
    .select('id')
    .where('applicationNo', '=', applicationNo)
    .where('id', '!=', caseId)
    .executeTakeFirst();
  if (other) throw new BizError(FlowMessage.applicationNoExists);
  await cases
    .updateTable('patApplication')
    .set({ applicationNo, filingDate, updateUser: step.userId, updateTime: now() })
    .where('id', '=', caseId)
    .execute();
  return { applicationNo, filingDate };
}
