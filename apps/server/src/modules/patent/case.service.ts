import { patentApplicationEntity } from '@cube/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import type { RequestContext } from '../../platform/context.js';
import { insertEntity, parseOrRefuse, withoutServerFields } from '../../platform/crud/index.js';
import { now } from '../../platform/dates.js';
import { BizError } from '../../platform/errors.js';
import { masterSide } from '../../platform/tenant-databases.js';
import { countLiveUsers } from '../user/user.queries.js';
import { companyExists } from './company.queries.js';

type Executor = Transaction<Database>;

/**
 * The one way a case comes into being: the 专利案件 screen's create (the CRUD kit's submit hands its create to
 * {@link createCase}), a process started on a new case, and an accepted proposal (`flow-binding.ts`). Every path
 * runs the entity's input schema, the reference checks and the kit's writer (unique docket number, audit stamp).
 */

/** The references a case names exist in the tenant: the applicant company and the agent. */
export async function checkCaseReferences(
  trx: Executor,
  tenantId: string,
  values: { companyId?: unknown; agentUserId?: unknown },
): Promise<void> {
  const messages = patentApplicationEntity.messages;
  if (values.companyId && !(await companyExists(trx, tenantId, String(values.companyId))))
    throw new BizError(messages.companyInvalid);
  if (
    values.agentUserId &&
    (await countLiveUsers(masterSide(trx), tenantId, [String(values.agentUserId)])) === 0
  )
    throw new BizError(messages.agentInvalid);
}

export interface CaseCreation {
  /** Columns only the server decides (the case an accepted proposal opens names who last wrote it). */
  columns?: Record<string, unknown>;
  at?: string;
}

/**
 * Creates a case from the fields a form sent (`ctx` is who files it: the creator and their department); answers
 * its id. A refusal is a `BizError` with the entity's Chinese message; the caller's transaction rolls back.
 */
export async function createCase(
  trx: Executor,
  ctx: RequestContext,
  fields: Record<string, unknown>,
  options: CaseCreation = {},
): Promise<string> {
  const input = parseOrRefuse(patentApplicationEntity.input, withoutServerFields(fields));
  await checkCaseReferences(trx, ctx.tenantId, input);
  return insertEntity(trx, ctx, patentApplicationEntity, input, {
    table: 'patApplication',
    at: options.at ?? now(),
    ...(options.columns ? { columns: options.columns } : {}),
  });
}

/**
 * The context a case is written under when no signed-in request writes it (a timer ending a process): the tenant,
 * and the user and department the write is stamped with (none for background work).
 */
export function writerContext(
  tenantId: string,
  userId: string | null,
  deptId: string | null,
): RequestContext {
  return {
    sessionId: '',
    tenantId,
    userId: userId ?? '',
    account: '',
    userName: '',
    realName: '',
    clientId: '',
    roleIds: [],
    roleAliases: [],
    deptId: deptId ?? '',
    deptIds: deptId ? [deptId] : [],
    postId: '',
    passwordMustChange: false,
  };
}
