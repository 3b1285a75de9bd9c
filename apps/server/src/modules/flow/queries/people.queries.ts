import { FLOW_DICT_CODE } from '@cube/contract';
import { roleIdsOfAlias, roleNamesByAlias } from '../../system/authority/role.queries.js';
import { dictBizKeyExists, dictBizLabels } from '../../system/dict/dict.queries.js';
import { liveTenantIds } from '../../system/tenant/tenant.queries.js';
import { enabledUsersMatching, liveUserExists, userNamesByIds } from '../../user/user.queries.js';
import { type Executor, ROW_ID } from './executor.js';

/**
 * The workflow's view of the people, roles, tenants and the `flow` business dictionary it names. The SQL is the
 * owning modules' (user, authority, tenant, dict query files); this file adds what the workflow means by them.
 */

export { liveTenantIds, roleIdsOfAlias };

/** Display names (real name, else account name) of the tenant's users among `ids`; malformed ids are skipped. */
export function userNames(db: Executor, tenantId: string, ids: Array<unknown>): Promise<Map<string, string>> {
  return userNamesByIds(
    db,
    tenantId,
    ids.map((v) => String(v ?? '')).filter((v) => ROW_ID.test(v)),
  );
}

/** Whether a live user of the tenant has this id. */
export const tenantUserExists = liveUserExists;

/** Enabled users of the tenant for a "choose the next handler" list, matched on name or account, first 500. */
export const enabledUsers = enabledUsersMatching;

/** The tenant's role names by alias (`manager` → 部门经理) for the aliases given. */
export const roleNamesOf = roleNamesByAlias;

/** `flow_<key>` → the label of the tenant's `flow` dictionary. */
export async function categoryNames(db: Executor, tenantId: string): Promise<Map<string, string>> {
  const labels = await dictBizLabels(db, tenantId, FLOW_DICT_CODE);
  return new Map([...labels].map(([key, label]) => [`${FLOW_DICT_CODE}_${key}`, label]));
}

/** Whether the tenant's `flow` dictionary has this key. */
export const categoryKeyExists = (db: Executor, tenantId: string, key: string): Promise<boolean> =>
  dictBizKeyExists(db, tenantId, FLOW_DICT_CODE, key);
