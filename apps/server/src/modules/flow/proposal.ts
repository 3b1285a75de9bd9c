import { FLOW_PATENT_TABLE, PATENT_TYPES } from '@cube/contract';
import { now } from '../../platform/dates.js';
import { newId } from '../../platform/ids.js';
import { docketNosStartingWith, insertCase } from './queries/cases.queries.js';
import { authorOf, type Trx } from './queries/executor.js';
import { instanceOf, linkInstanceCase } from './queries/instances.queries.js';
import { tenantUserExists } from './queries/people.queries.js';

/**
 * 专利申请审批流程 (flow_3) decides whether a disclosure becomes a filing. When such an approval ends at
 * {@link APPROVED_END} — the agency accepted it — the patent case it decided on is opened in the same transaction,
 * in status 撰写中, and the instance is linked to it (business key `pat_application:<id>`), so the case's
 * invention or utility/design flow can start from it ("existing case" on the start form). The case takes:
 * - the instance's title (the disclosure's subject) and the `patentType` and `inventors` variables of the start
 *   form — an approval started without a valid `patentType` (an older client, an API caller) opens no case;
 * - as agent, the user who accepted it at the agency step (the actor of the completing command);
 * - the next docket number of the tenant's series for the year, the form the demo's cases use (`P2026-003`).
 * An approval that already names a case (started on one) keeps it, and nothing else is created.
 */
export const APPROVED_END = 'end_approved';

type Scalar = string | number | boolean | null;

export interface ApprovedProposal {
  instanceId: string;
  tenantId: string;
  /** The user completing the last step (the agency's acceptance). */
  actorId: string | null;
  actorDeptId: string | null;
  vars: Record<string, Scalar>;
}

/** Opens the case an approved proposal decided on; the new case id, or null when the proposal names no type. */
export async function openApprovedCase(trx: Trx, proposal: ApprovedProposal): Promise<string | null> {
  const type = proposal.vars.patentType;
  if (typeof type !== 'string' || !(PATENT_TYPES as readonly string[]).includes(type)) return null;
  const instance = await instanceOf(trx, proposal.tenantId, proposal.instanceId);
  if (!instance || instance.businessId) return null;

  const agentId =
    proposal.actorId && (await tenantUserExists(trx, proposal.tenantId, proposal.actorId))
      ? proposal.actorId
      : null;
  const starter = typeof proposal.vars.starterId === 'string' ? proposal.vars.starterId : proposal.actorId;
  const inventors = typeof proposal.vars.inventors === 'string' ? proposal.vars.inventors.trim() : '';
  const id = newId();
  const stamp = now();
  await insertCase(
    trx,
    proposal.tenantId,
    id,
    {
      docketNo: await nextDocketNo(trx, proposal.tenantId, stamp.slice(0, 4)),
      patentType: type,
      title: instance.title.slice(0, 200),
      companyId: null,
      inventors: inventors.slice(0, 500),
      agentUserId: agentId,
      applicationNo: '',
      filingDate: '',
      patentStatus: 'drafting',
      remark: `由专利申请审批流程审批通过后创建（流程实例 ${proposal.instanceId}）`,
    },
    stamp,
    authorOf(starter),
    proposal.actorDeptId,
    authorOf(proposal.actorId),
  );
  await linkInstanceCase(trx, proposal.tenantId, proposal.instanceId, FLOW_PATENT_TABLE, id);
  return id;
}

/**
 * The next number of the tenant's series for this year and type, after the highest one a live case holds. The
 * instance lock serialises completions of one instance; two approvals of one tenant finishing at the same moment
 * would meet the docket number's unique index, and the later completion is rolled back whole, to be repeated.
 */
async function nextDocketNo(trx: Trx, tenantId: string, year: string): Promise<string> {
  const prefix = `P${year}-`;
  let highest = 0;
  for (const docketNo of await docketNosStartingWith(trx, tenantId, prefix)) {
    const n = /^P\d{4}-(\d{3,})$/.exec(docketNo)?.[1];
    if (n) highest = Math.max(highest, Number(n));
  }
  return `${prefix}${String(highest + 1).padStart(3, '0')}`;
}
