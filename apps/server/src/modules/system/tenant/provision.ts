import { randomInt } from 'node:crypto';
import { PLATFORM_TENANT_ID, tenantEntity } from '@cube/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';
import type { RequestContext } from '../../../platform/context.js';
import { BizError } from '../../../platform/errors.js';
import { newId } from '../../../platform/ids.js';
import { hashSecret, md5Hex } from '../../../platform/passwords.js';
import { createStamp, LIVE_ROW, live } from '../../../platform/rows.js';
import { TenantData } from '../../../platform/tenant-data.js';
import { packageChoice, platformOnlyIds } from '../../../platform/tenant-package.js';
import { readParam } from '../param/param.queries.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** A fresh 6-digit tenant id that no tenant — live or removed — has ever had (removed rows keep their data). */
export async function newTenantId(db: Executor): Promise<string> {
  for (let attempt = 0; attempt < 30; attempt++) {
    const candidate = String(randomInt(100_000, 1_000_000));
    const taken = await db
      .selectFrom('cubeTenant')
      .select('id')
      .where('tenantId', '=', candidate)
      .executeTakeFirst();
    if (!taken) return candidate;
  }
  throw new BizError(tenantEntity.messages.tenantIdsExhausted);
}

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';
const SYMBOLS = '@#%&*+=?';

/**
 * A generated first password (14 characters from ~64 symbols, ~84 bits): letters, digits and a symbol, without
 * look-alike characters, because an administrator copies it by hand from the screen that shows it once.
 */
export function generatePassword(): string {
  const all = LETTERS + DIGITS + SYMBOLS;
  const chars = [
    LETTERS[randomInt(LETTERS.length)],
    DIGITS[randomInt(DIGITS.length)],
    SYMBOLS[randomInt(SYMBOLS.length)],
  ];
  while (chars.length < 14) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

/** The account quota a new tenant starts with: parameter `tenant.default.accountNumber`, else unlimited. */
export async function defaultAccountNumber(db: Executor): Promise<number> {
  return readParam(db, 'tenantAccountNumber');
}

/** Live menu ids whose code is listed, with all their descendants, minus the platform-only subtrees. */
export async function menusByCode(db: Executor, codes: readonly string[]): Promise<string[]> {
  const menus = await db.selectFrom('cubeMenu').select(['id', 'parentId', 'code']).$call(live).execute();
  const children = new Map<string, string[]>();
  for (const m of menus) {
    const list = children.get(String(m.parentId)) ?? [];
    list.push(String(m.id));
    children.set(String(m.parentId), list);
  }
  const excluded = platformOnlyIds(menus);
  const picked = new Set<string>();
  const visit = (id: string) => {
    if (picked.has(id) || excluded.has(id)) return;
    picked.add(id);
    for (const child of children.get(id) ?? []) visit(child);
  };
  const wanted = new Set(codes);
  for (const m of menus) if (wanted.has(m.code)) visit(String(m.id));
  return [...picked];
}

/**
 * What a new tenant's administrator role is granted: the package's menus and buttons when the tenant has one;
 * otherwise BladeX's rule, the menus listed in `tenant.default.menuCode` and everything below them (never the
 * platform's own screens).
 */
export async function defaultGrants(db: Executor, tenantId: string): Promise<string[]> {
  const chosen = await packageChoice(db, tenantId);
  if (chosen) {
    // A package that lists a platform screen still never hands it to a tenant's administrator.
    const menus = await db.selectFrom('cubeMenu').select(['id', 'parentId', 'code']).$call(live).execute();
    const platformOnly = platformOnlyIds(menus);
    const liveMenus = new Set(menus.map((m) => String(m.id)));
    return chosen.filter((id) => liveMenus.has(id) && !platformOnly.has(id));
  }
  const codes = await readParam(db, 'tenantMenuCode');
  return menusByCode(
    db,
    codes
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean),
  );
}

/** Grants menus to a role, skipping those it already holds. */
export async function grantMenus(db: Executor, roleId: string, menuIds: readonly string[]): Promise<void> {
  if (menuIds.length === 0) return;
  const held = new Set(
    (await db.selectFrom('cubeRoleMenu').select('menuId').where('roleId', '=', roleId).execute()).map((r) =>
      String(r.menuId),
    ),
  );
  const missing = [...new Set(menuIds)].filter((id) => !held.has(id));
  for (let i = 0; i < missing.length; i += 200) {
    await db
      .insertInto('cubeRoleMenu')
      .values(missing.slice(i, i + 200).map((menuId) => ({ id: newId(), roleId, menuId })))
      .execute();
  }
}

export interface ProvisionInput {
  tenantId: string;
  tenantName: string;
  /** The administrator's first password as typed; absent, one is generated. */
  adminPassword?: string;
}

export interface Provisioned {
  roleId: string;
  deptId: string;
  postId: string;
  userId: string;
  adminAccount: string;
  /** Set only when generated: the one time it is shown. */
  generatedPassword?: string;
}

/**
 * Provisions a new tenant inside the caller's transaction: administrator
 * role `admin`, root department named after the tenant, post `ceo`, administrator account `admin` who must change
 * the first password at first sign-in, a copy of the platform tenant's business dictionaries, and the default
 * grants. Any failure rolls back the whole tenant.
 */
export async function provisionTenant(
  trx: Transaction<Database>,
  ctx: RequestContext,
  input: ProvisionInput,
): Promise<Provisioned> {
  const data = new TenantData(trx, input.tenantId);
  const audit = { ...createStamp(ctx), status: 1, isDeleted: LIVE_ROW };
  const roleId = newId();
  await data
    .insertInto('cubeRole', {
      id: roleId,
      parentId: '0',
      roleName: '管理员',
      roleAlias: 'admin',
      sort: 2,
      isDeleted: LIVE_ROW,
    })
    .execute();
  const deptId = newId();
  await data
    .insertInto('cubeDept', {
      id: deptId,
      parentId: '0',
      ancestors: '0',
      deptCategory: 1,
      deptName: input.tenantName,
      fullName: input.tenantName,
      sort: 1,
      remark: '',
      isDeleted: LIVE_ROW,
    })
    .execute();
  const postId = newId();
  await data
    .insertInto('cubePost', {
      id: postId,
      category: 1,
      postCode: 'ceo',
      postName: '首席执行官',
      sort: 1,
      remark: '',
      ...audit,
    })
    .execute();
  const password = input.adminPassword ?? generatePassword();
  const userId = newId();
  await data
    .insertInto('cubeUser', {
      id: userId,
      code: '',
      userType: 1,
      account: 'admin',
      password: await hashSecret(md5Hex(password)),
      name: '管理员',
      realName: '管理员',
      avatar: '',
      email: '',
      phone: '',
      birthday: null,
      sex: 1,
      roleId,
      deptId,
      postId,
      passwordMustChange: 1,
      ...audit,
    })
    .execute();
  await data.insertInto('cubeUserDept', { id: newId(), userId, deptId }).execute();
  await copyBusinessDictionaries(trx, input.tenantId);
  await grantMenus(trx, roleId, await defaultGrants(trx, input.tenantId));
  return {
    roleId,
    deptId,
    postId,
    userId,
    adminAccount: 'admin',
    generatedPassword: input.adminPassword ? undefined : password,
  };
}

/** Copies the platform tenant's live business dictionaries (roots and items, any depth) into a new tenant. */
async function copyBusinessDictionaries(trx: Transaction<Database>, tenantId: string): Promise<void> {
  const template = await new TenantData(trx, PLATFORM_TENANT_ID)
    .selectFrom('cubeDictBiz')
    .select(['id', 'parentId', 'code', 'dictKey', 'dictValue', 'sort', 'remark', 'isSealed'])
    .orderBy('id')
    .execute();
  if (template.length === 0) return;
  const newIds = new Map(template.map((row) => [String(row.id), newId()]));
  const rows = template.map((row) => ({
    id: newIds.get(String(row.id)) as string,
    tenantId,
    // A parent missing from the template (removed) makes the copy a root rather than point at another tenant.
    parentId: newIds.get(String(row.parentId)) ?? '0',
    code: row.code,
    dictKey: row.dictKey,
    dictValue: row.dictValue,
    sort: row.sort,
    remark: row.remark,
    isSealed: row.isSealed,
    isDeleted: LIVE_ROW,
  }));
  for (let i = 0; i < rows.length; i += 200) {
    await trx
      .insertInto('cubeDictBiz')
      .values(rows.slice(i, i + 200))
      .execute();
  }
}
