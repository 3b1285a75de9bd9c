import { FLOW_STEP_FORM_ACCEPTANCE, FlowMessage, PATENT_TYPES, StepFormMessage } from '@cube/contract';
import { BizError } from '../../platform/errors.js';
import type { Author } from '../../platform/rows.js';
import { masterSide } from '../../platform/tenant-databases.js';
import type { FlowActor, FlowBinding } from '../flow/binding.js';
import { countLiveUsers } from '../user/user.queries.js';
import { createCase, writerContext } from './case.service.js';
import {
  applicationNoTaken,
  caseForFlow,
  docketNosStartingWith,
  setCaseFiling,
  setCaseStatus,
} from './flow-case.queries.js';

/**
 * How patent cases ride on the workflow (registered by the app's composition, `modules/index.ts`): a process
 * started on a case (new — created through the one case path, `case.service.ts` — or existing) runs on it under
 * the business key `pat_application:<id>`; 登记受理's form writes the filing to it; the case's status follows the
 * steps its process reaches; and an approval the agency accepted opens the case it decided on.
 */

/** The business table of cases: a case's process has business key `pat_application:<id>`. */
export const CASE_TABLE = 'pat_application';

/** What the case becomes when its process reaches a step or an end of this id (the shipped processes' ids). */
export const CASE_STATUS_AT: Readonly<Record<string, string>> = {
  draft: 'drafting',
  acceptance: 'filed',
  prelim: 'prelim_exam',
  respond_prelim: 'awaiting_correction',
  se_request: 'published',
  examination: 'substantive_exam',
  respond_oa: 'awaiting_oa_response',
  registration: 'grant_notified',
  reexamination: 'in_reexam',
  end_granted: 'granted',
  end_rejected: 'rejected',
  end_withdrawn: 'deemed_withdrawn',
  end_cancelled: 'withdrawn',
};

/**
 * 专利申请审批流程 decides whether a disclosure becomes a filing; ending at this end event means the agency
 * accepted it, and the case is opened in status 撰写中 in the completing transaction.
 */
export const APPROVED_END = 'end_approved';

const authorOf = (actor: FlowActor): Author | null =>
  actor.userId ? { userId: actor.userId, deptId: actor.deptId } : null;

export const patentFlowBinding: FlowBinding = {
  table: CASE_TABLE,

  async onStart(trx, ctx, business) {
    const id = business.create ? await createCase(trx, ctx, business.create) : business.existingId;
    const found = id ? await caseForFlow(trx, ctx.tenantId, id) : undefined;
    if (!found) throw new BizError(FlowMessage.businessMissing);
    return {
      businessId: String(found.id),
      title: `${found.docketNo} ${found.title}`,
      variables: { patentType: found.patentType, applicationId: String(found.id) },
      ...(found.agentUserId ? { defaults: { agentId: String(found.agentUserId) } } : {}),
    };
  },

  stepForms: {
    // 登记受理: the number must be the tenant's only case holding it; the filing is written to the case.
    async [FLOW_STEP_FORM_ACCEPTANCE](trx, { actor, businessId, values }) {
      const applicationNo = String(values.applicationNo);
      const filingDate = String(values.filingDate);
      if (await applicationNoTaken(trx, actor.tenantId, applicationNo, businessId))
        throw new BizError(StepFormMessage.applicationNoExists);
      await setCaseFiling(trx, actor.tenantId, businessId, { applicationNo, filingDate }, authorOf(actor));
    },
  },

  async onActivity(trx, event) {
    const status = CASE_STATUS_AT[event.activityId];
    if (!status) return;
    await setCaseStatus(trx, event.actor.tenantId, event.businessId, status, authorOf(event.actor), event.at);
  },

  /**
   * An approval that ended at {@link APPROVED_END} opens its case: the start form's subject (the instance's title),
   * `patentType` and `inventors`; as agent the user who accepted it (the completing actor); the next docket number
   * of the tenant's series for the year (`P2026-003`, the demo cases' form); filed on the starter's behalf. An
   * approval without a valid `patentType` (an older client, an API caller) opens nothing.
   */
  async onEndWithoutBusiness(trx, event) {
    if (event.endActivityId !== APPROVED_END) return undefined;
    const { actor, vars } = event;
    const type = vars.patentType;
    if (typeof type !== 'string' || !(PATENT_TYPES as readonly string[]).includes(type)) return undefined;
    const agentId =
      actor.userId && (await countLiveUsers(masterSide(trx), actor.tenantId, [actor.userId])) > 0
        ? actor.userId
        : '';
    const starter = typeof vars.starterId === 'string' ? vars.starterId : actor.userId;
    const inventors = typeof vars.inventors === 'string' ? vars.inventors.trim() : '';
    const at = new Date();
    return createCase(
      trx,
      writerContext(actor.tenantId, starter, actor.deptId),
      {
        docketNo: await nextDocketNo(trx, actor.tenantId, String(at.getFullYear())),
        patentType: type,
        title: event.title.slice(0, 200),
        inventors: inventors.slice(0, 500),
        agentUserId: agentId,
        patentStatus: 'drafting',
        remark: `由专利申请审批流程审批通过后创建（流程实例 ${event.instanceId}）`,
      },
      { columns: { updateUser: actor.userId } },
    );
  },
};

/**
 * The next number of the tenant's series for this year, after the highest one a live case holds. The instance
 * lock serialises completions of one instance; two approvals of one tenant finishing at the same moment meet the
 * docket number's unique index, and the later completion is rolled back whole, to be repeated.
 */
async function nextDocketNo(
  trx: Parameters<typeof docketNosStartingWith>[0],
  tenantId: string,
  year: string,
): Promise<string> {
  const prefix = `P${year}-`;
  let highest = 0;
  for (const docketNo of await docketNosStartingWith(trx, tenantId, prefix)) {
    const n = /^P\d{4}-(\d{3,})$/.exec(docketNo)?.[1];
    if (n) highest = Math.max(highest, Number(n));
  }
  return `${prefix}${String(highest + 1).padStart(3, '0')}`;
}
