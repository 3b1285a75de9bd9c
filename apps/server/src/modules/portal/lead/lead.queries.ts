import { LeadStatus } from '@cube/contract';
import type { Kysely, Transaction } from 'kysely';
import { withTenantScope } from '../../../db/row-scope.js';
import type { Database } from '../../../db/types.js';
import { newId } from '../../../platform/ids.js';
import { createStamp } from '../../../platform/rows.js';
import { TenantData } from '../../../platform/tenant-data.js';
import { announceLead } from './announce.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The display names of users by id (the real name, else the account's name). */
export async function userNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = ids.length
    ? await db
        .selectFrom('cubeUser')
        .select(['id', 'realName', 'name'])
        .where('id', 'in', [...ids])
        .execute()
    : [];
  return new Map(rows.map((u) => [String(u.id), u.realName || u.name]));
}

/** Whether the id names one of the tenant's own live users (another tenant's id is "not there"). */
export async function isTenantUser(db: Db, tenantId: string, userId: string): Promise<boolean> {
  const found = await new TenantData(db, tenantId)
    .selectFrom('cubeUser')
    .select('id')
    .where('id', '=', userId)
    .executeTakeFirst();
  return found !== undefined;
}

export interface SubmittedLead {
  name: string;
  phone: string;
  company: string;
  service: string;
  message: string;
}

/**
 * Stores a public form's lead as a new one of the tenant's, with the visitor's consent to the privacy notice and
 * its time; a retry with the same dedupe key is folded into the first row. The form is anonymous, so the write opens its tenant's row scope itself and has no author.
 * Answers whether a row was inserted.
 */
export async function insertSubmittedLead(
  db: Kysely<Database>,
  tenantId: string,
  values: SubmittedLead,
  extra: { sourceIp: string; dedupeKey: string; at: string },
  /** Where the users and notifications are while `trx` is open (`TenantDatabases.masterExecutor`). */
  masterOf: (trx: Transaction<Database>) => Db = (trx) => trx,
): Promise<boolean> {
  const id = newId();
  return withTenantScope(tenantId, () =>
    db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('cubeLead')
        .values({
          id,
          tenantId,
          ...values,
          leadStatus: LeadStatus.new,
          assigneeId: null,
          notes: '',
          sourceIp: extra.sourceIp,
          dedupeKey: extra.dedupeKey,
          // The form refuses a submission without consent (the contract's submit schema): a stored lead agreed.
          privacyConsent: 1,
          consentTime: extra.at,
          ...createStamp(null, extra.at),
        })
        .onConflict((oc) => oc.columns(['tenantId', 'dedupeKey']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
      await announceLead(masterOf(trx), tenantId, { id, ...values });
      return true;
    }),
  );
}
