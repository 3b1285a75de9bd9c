import { FLOW_DICT_CODE } from '@cube/contract';
import { live } from '../../../platform/rows.js';
import { TenantData } from '../../../platform/tenant-data.js';
import { containing, type Executor, ROW_ID } from './executor.js';

/**
 * Every read the workflow makes of the system module's tables — users, roles, tenants and the `flow` dictionary —
 * kept in this one file so that they can be pointed at that module's own query files without touching the rest.
 */

/** Display names (real name, else account name) of the tenant's users among `ids`; malformed ids are skipped. */
export async function userNames(
  db: Executor,
  tenantId: string,
  ids: Array<unknown>,
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.map((v) => String(v ?? '')).filter((v) => ROW_ID.test(v)))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('cubeUser')
    .select(['id', 'realName', 'name'])
    .where('id', 'in', wanted)
    .where('tenantId', '=', tenantId)
    .execute();
  return new Map(rows.map((u) => [String(u.id), u.realName || u.name]));
}

/** Whether a live user of the tenant has this id. */
export async function tenantUserExists(db: Executor, tenantId: string, id: string): Promise<boolean> {
  const found = await new TenantData(db, tenantId)
    .selectFrom('cubeUser')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return found !== undefined;
}

/** Enabled users of the tenant for a "choose the next handler" list, matched on name or account, first 500. */
export async function enabledUsers(db: Executor, tenantId: string, name: string | undefined) {
  let users = new TenantData(db, tenantId)
    .selectFrom('cubeUser')
    .select(['id', 'name', 'realName', 'account', 'roleId'])
    .where('status', '=', 1);
  if (name) {
    const like = containing(name);
    users = users.where((eb) =>
      eb.or([eb('realName', 'like', like), eb('name', 'like', like), eb('account', 'like', like)]),
    );
  }
  return users.orderBy('id').limit(500).execute();
}

/** The ids of the tenant's roles with this alias. */
export async function roleIdsOfAlias(db: Executor, tenantId: string, alias: string): Promise<Set<string>> {
  const roles = await new TenantData(db, tenantId)
    .selectFrom('cubeRole')
    .select('id')
    .where('roleAlias', '=', alias)
    .execute();
  return new Set(roles.map((r) => String(r.id)));
}

/** The tenant's role names by alias (`manager` → 部门经理) for the aliases given. */
export async function roleNamesOf(
  db: Executor,
  tenantId: string,
  aliases: string[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(aliases.filter(Boolean))];
  if (wanted.length === 0) return new Map();
  const roles = await new TenantData(db, tenantId)
    .selectFrom('cubeRole')
    .select(['roleAlias', 'roleName'])
    .where('roleAlias', 'in', wanted)
    .orderBy('id')
    .execute();
  const names = new Map<string, string>();
  for (const r of roles) if (!names.has(r.roleAlias)) names.set(r.roleAlias, r.roleName);
  return names;
}

/** Which of `ids` name live tenants. */
export async function liveTenantIds(db: Executor, ids: string[]): Promise<string[]> {
  const found = await db
    .selectFrom('cubeTenant')
    .select('tenantId')
    .where('tenantId', 'in', ids)
    .$call(live)
    .execute();
  return found.map((t) => t.tenantId);
}

/** `flow_<key>` → the label of the tenant's `flow` dictionary. */
export async function categoryNames(db: Executor, tenantId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('cubeDictBiz')
    .select(['dictKey', 'dictValue', 'tenantId'])
    .where('code', '=', FLOW_DICT_CODE)
    .$call(live)
    .where('dictKey', '<>', '-1')
    .where('tenantId', '=', tenantId)
    .execute();
  return new Map(rows.map((r) => [`${FLOW_DICT_CODE}_${r.dictKey}`, r.dictValue]));
}

/** Whether the tenant's `flow` dictionary has this key. */
export async function categoryKeyExists(db: Executor, tenantId: string, key: string): Promise<boolean> {
  const found = await new TenantData(db, tenantId)
    .selectFrom('cubeDictBiz')
    .select('id')
    .where('code', '=', FLOW_DICT_CODE)
    .where('dictKey', '=', key)
    .executeTakeFirst();
  return found !== undefined;
}
