import { userEntity } from '@cube/contract';
import type { Kysely, Transaction } from 'kysely';
import unhomoglyph from 'unhomoglyph';
import type { Database } from '../../db/types.js';
import { splitIds } from '../../platform/context.js';
import { BizError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { TenantData } from '../../platform/tenant-data.js';
import { tenantAccounts } from './user.queries.js';

/**
 * Rules every write of an account's roles and departments keeps, whoever writes it (the user screen, the
 * approval of a guest registration): the ids must name live rows, and `cube_user_dept` follows `dept_id`.
 */
type Executor = Kysely<Database> | Transaction<Database>;
const M = userEntity.messages;

/** Ids that a user row may not name: checks each comma list against the tenant's live rows. */
export async function checkReferences(
  db: Executor,
  tenantId: string,
  lists: { roleId?: string; deptId?: string; postId?: string },
): Promise<void> {
  const data = new TenantData(db, tenantId);
  const check = async (
    table: 'cubeRole' | 'cubeDept' | 'cubePost',
    list: string | undefined,
    msg: string,
  ) => {
    const ids = splitIds(list);
    if (ids.length === 0) return;
    const found = await data.selectFrom(table).select('id').where('id', 'in', ids).execute();
    if (found.length !== ids.length) throw new BizError(msg);
  };
  await check('cubeRole', lists.roleId, M.roleMissing);
  await check('cubeDept', lists.deptId, M.deptMissing);
  await check('cubePost', lists.postId, M.postMissing);
}

/** Rewrites the `cube_user_dept` rows of the given users from their comma lists (one delete, batched inserts). */
export async function syncUserDepts(
  db: Executor,
  tenantId: string,
  users: ReadonlyArray<{ id: string; deptId: string }>,
): Promise<void> {
  if (users.length === 0) return;
  for (let i = 0; i < users.length; i += 500) {
    const ids = users.slice(i, i + 500).map((u) => u.id);
    await db.deleteFrom('cubeUserDept').where('tenantId', '=', tenantId).where('userId', 'in', ids).execute();
  }
  const rows = users.flatMap((u) =>
    splitIds(u.deptId).map((deptId) => ({ id: newId(), tenantId, userId: u.id, deptId })),
  );
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insertInto('cubeUserDept')
      .values(rows.slice(i, i + 1000))
      .execute();
  }
}

/**
 * The account and password rules of the user screen (the contract's user input: ASCII letters, digits and
 * `_ . @ -`, at most 45 characters; a password of 6 to 32 characters), for every other way an account is made
 * (guest registration). The account is NFKC-normalised first, so a full-width `ａｄｍｉｎ` is the plain `admin`, and
 * anything outside the ASCII set — a Cyrillic `а` that looks like a Latin `a` — is refused with the user screen's
 * message. Answers the normalised account, or throws the first rule's Chinese message.
 */
const accountRules = userEntity.input.pick({ account: true, password: true });
export function checkNewAccount(input: { account: string; password: string }): string {
  const account = input.account.normalize('NFKC').trim();
  const parsed = accountRules.safeParse({ account, password: input.password });
  if (!parsed.success) throw new BizError(parsed.error.issues[0]?.message ?? M.accountInvalid);
  if (!input.password) throw new BizError(M.passwordInvalid);
  return parsed.data.account;
}

/**
 * The look-alike skeleton of an account: two accounts a reader would take for one another share it. Unicode's
 * confusables (UTS #39 skeleton, `unhomoglyph`) map `rn` and `m` together, `1`, `l` and `I` to one letter, `0` to
 * `O`, other scripts' letters to their Latin twins; accounts compare ignoring case, so the skeleton is taken of the
 * upper case (where `i` is `I`, the twin of `l` and `1`) and again of its lower case (where `m` meets `rn`).
 * `admin`, `Admin`, `adm1n`, `admln`, `adrnin` and `ａｄｍｉｎ` share one skeleton; `admin2` does not. A skeleton
 * only ever refuses an account against an existing one: `adm1n` alone is a fine account.
 */
export function accountSkeleton(account: string): string {
  return unhomoglyph(unhomoglyph(account.normalize('NFKC').toUpperCase()).toLowerCase());
}

/**
 * Refuses a new (or renamed) account that reads like another live account of the tenant (`exceptId`: the user
 * being edited). The very same account is left to the caller's own "taken" rule and its message.
 */
export async function refuseLookalike(
  db: Executor,
  tenantId: string,
  account: string,
  exceptId?: string,
): Promise<void> {
  const skeleton = accountSkeleton(account);
  const accounts = await tenantAccounts(db, tenantId, exceptId);
  if (accounts.some((other) => other !== account && accountSkeleton(other) === skeleton))
    throw new BizError(M.accountLookalike);
}
