import { FLOW_DICT_CODE } from '@cube/contract';
import { masterSide } from '../../../platform/tenant-databases.js';
import { roleIdsOfAlias as roleIdsByAlias, roleNamesByAlias } from '../../system/authority/role.queries.js';
import { dictBizKeyExists, dictBizLabels } from '../../system/dict/dict.queries.js';
import { liveTenantIds as tenantIdsLive } from '../../system/tenant/tenant.queries.js';
import { enabledUsersMatching, liveUserExists, userNamesByIds } from '../../user/user.queries.js';
import { type Executor, ROW_ID } from './executor.js';

/**
 * The workflow's view of the people, roles, tenants and the `flow` business dictionary it names. The SQL is the
 * owning modules' (user, authority, tenant, dict query files); this file adds what the workflow means by them.
 * They are master tables: each read goes to the master (`masterSide`), also when the caller hands over a
 * transaction in a bound tenant's own database.
 */

export const liveTenantIds: typeof tenantIdsLive = (db, ...rest) => tenantIdsLive(masterSide(db), ...rest);
export const roleIdsOfAlias: typeof roleIdsByAlias = (db, ...rest) => roleIdsByAlias(masterSide(db), ...rest);

/** Display names (real name, else account name) of the tenant's users among `ids`; malformed ids are skipped. */
export function userNames(db: Executor, tenantId: string, ids: Array<unknown>): Promise<Map<string, string>> {
  return userNamesByIds(
    masterSide(db),
    tenantId,
    ids.map((v) => String(v ?? '')).filter((v) => ROW_ID.test(v)),
  );
}

/** Whether a live user of the tenant has this id. */
export const tenantUserExists: typeof liveUserExists = (db, ...rest) =>
  liveUserExists(masterSide(db), ...rest);

/** Enabled users of the tenant for a "choose the next handler" list, matched on name or account, first 500. */
export const enabledUsers: typeof enabledUsersMatching = (db, ...rest) =>
  enabledUsersMatching(masterSide(db), ...rest);

/** The tenant's role names by alias (`manager` → 部门经理) for the aliases given. */
export const roleNamesOf: typeof roleNamesByAlias = (db, ...rest) =>
  roleNamesByAlias(masterSide(db), ...rest);

/** `flow_<key>` → the label of the tenant's `flow` dictionary. */
export async function categoryNames(db: Executor, tenantId: string): Promise<Map<string, string>> {
  const labels = await dictBizLabels(masterSide(db), tenantId, FLOW_DICT_CODE);
  return new Map([...labels].map(([key, label]) => [`${FLOW_DICT_CODE}_${key}`, label]));
}

/** Whether the tenant's `flow` dictionary has this key. */
export const categoryKeyExists = (db: Executor, tenantId: string, key: string): Promise<boolean> =>
  dictBizKeyExists(masterSide(db), tenantId, FLOW_DICT_CODE, key);
