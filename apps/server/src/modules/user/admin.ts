import { CommonMessage, userEntity } from '@cube/contract';
import type { z } from 'zod';
import { requirePermission } from '../../platform/access.js';
import { type RequestContext, splitIds } from '../../platform/context.js';
import { type CrudKit, dynamic, insertEntity, updateEntity } from '../../platform/crud/index.js';
import { now } from '../../platform/dates.js';
import type { AppDeps } from '../../platform/deps.js';
import { BizError, NotFoundError } from '../../platform/errors.js';
import { recordOperation } from '../../platform/operation-log.js';
import { keepOwnReach } from '../../platform/own-reach.js';
import { checkReferences, refuseLookalike, syncUserDepts } from '../identity/account-rules.js';
import { saveUserExt, updateUsers, userExtOf } from './admin.queries.js';
import { AdminGuard, assertQuota, hashPlainPassword, initialPassword } from './admin-rules.js';
import { USER_COLUMNS } from './user-query.js';

/**
 * The user screen's writes. Every write keeps `cube_user_dept` in step with `dept_id`, refuses to leave the
 * tenant without an enabled administrator, and ends the sessions of users whose roles or departments changed so
 * that the change holds from their next request.
 */
const M = userEntity.messages;

/** How the user screens write `cube_user`: the account (sign-in name) is unique among the tenant's live users. */
const userWrites = { ...userEntity, unique: [{ fields: ['account'] as const, message: M.accountExists }] };

type Executor = Parameters<CrudKit['rows']>[0];
type UserInput = z.infer<typeof userEntity.input> & { id?: string };

/**
 * Live users of the caller's tenant and data scope among `ids`; one that is not there answers 404 for the whole
 * request.
 */
export async function usersInScope(kit: CrudKit, db: Executor, ctx: RequestContext, ids: string[]) {
  const found = (await (
    await kit.readRows(db, ctx)
  )
    .select(['cubeUser.id', 'cubeUser.account', 'cubeUser.roleId', 'cubeUser.deptId', 'cubeUser.status'])
    .where('cubeUser.id', 'in', ids)
    .execute()) as Array<{ id: string; account: string; roleId: string; deptId: string; status: number }>;
  if (found.length !== ids.length) throw new NotFoundError();
  return found;
}

/** Ends the sessions of users whose roles or departments changed (their tokens name the old ones). */
export async function endSessions(deps: AppDeps, tenantId: string, userIds: string[], reason: string) {
  for (const userId of userIds) await deps.sessions.revokeUserSessions(tenantId, userId, reason);
}

/**
 * Adds (no id) or changes (id) a user. A new user without a password gets the initial one (shown once when it
 * was generated); whoever set it, the person it belongs to replaces it at the first sign-in.
 */
export async function saveUser(
  deps: AppDeps,
  kit: CrudKit,
  ctx: RequestContext,
  input: UserInput,
  requireId: boolean,
): Promise<{ id: string; initPassword?: string }> {
  const handle = deps.db;
  const { id, password, status, ...values } = input;
  if (requireId && !id) throw new BizError(CommonMessage.idMissing);
  await requirePermission(handle, ctx, id ? userEntity.permissions.edit : userEntity.permissions.add);
  const stamp = now();
  let shownPassword: string | undefined;
  let sessionsToEnd: string[] = [];
  // Read before the transaction: on SQLite a query outside it would wait for the transaction's connection.
  const initial = !id && !password ? await initialPassword(handle) : undefined;
  let was: Record<string, unknown> | null = null;
  const savedId = await handle.db.transaction().execute(async (trx) => {
    const guard = await AdminGuard.load(trx, ctx);
    await checkReferences(trx, ctx.tenantId, values);
    const birthday = values.birthday === '' ? null : values.birthday;
    if (id) {
      const [before] = await usersInScope(kit, trx, ctx, [id]);
      // The whole row as it was, for the operation log's before/after.
      was =
        ((await dynamic(kit.rows(trx, ctx))
          .select(USER_COLUMNS)
          .where('cubeUser.id', '=', id)
          .executeTakeFirst()) as Record<string, unknown> | undefined) ?? null;
      guard.mayTouch([before!]);
      if (values.account !== before!.account) await refuseLookalike(trx, ctx.tenantId, values.account, id);
      if (values.roleId !== before!.roleId) guard.assignable(values.roleId);
      if (status === 0 && id === ctx.userId) throw new BizError(M.disableSelf);
      const write = () =>
        updateEntity(
          trx,
          ctx,
          userWrites,
          id,
          { ...values, birthday },
          { table: 'cubeUser', columns: status === undefined ? {} : { status } },
        );
      // Their own roles: never to reach more than they do now (platform/own-reach.ts).
      if (id === ctx.userId && values.roleId !== before!.roleId)
        await keepOwnReach(trx, ctx, write, splitIds(values.roleId));
      else await write();
      if (values.deptId !== before!.deptId)
        await syncUserDepts(trx, ctx.tenantId, [{ id, deptId: values.deptId }]);
      await guard.stillAdministered(trx, ctx.tenantId, [before!]);
      if (values.roleId !== before!.roleId || values.deptId !== before!.deptId) sessionsToEnd = [id];
      return id;
    }
    guard.assignable(values.roleId);
    await refuseLookalike(trx, ctx.tenantId, values.account);
    await assertQuota(trx, handle.kind, ctx.tenantId, 1);
    const plain = password || initial!.plain;
    if (!password && initial!.generated) shownPassword = initial!.plain;
    const newUserId = await insertEntity(
      trx,
      ctx,
      userWrites,
      { ...values, birthday },
      {
        table: 'cubeUser',
        at: stamp,
        columns: { password: await hashPlainPassword(plain), passwordMustChange: 1, status: status ?? 1 },
      },
    );
    await syncUserDepts(trx, ctx.tenantId, [{ id: newUserId, deptId: values.deptId }]);
    return newUserId;
  });
  const previous = was as Record<string, unknown> | null;
  recordOperation(deps.audit, null, {
    module: 'user',
    action:
      previous && String(previous.roleId) !== String(values.roleId)
        ? 'role_change'
        : id
          ? 'update'
          : 'create',
    ids: [savedId],
    before: previous,
    after: { ...values, ...(password ? { password } : {}), ...(status === undefined ? {} : { status }) },
    by: ctx,
  });
  await endSessions(deps, ctx.tenantId, sessionsToEnd, 'user_changed');
  return { id: savedId, ...(shownPassword ? { initPassword: shownPassword } : {}) };
}

/** Gives the users the initial password (they must replace it) and ends their sessions; answers it. */
export async function resetPasswords(deps: AppDeps, kit: CrudKit, ctx: RequestContext, ids: string[]) {
  const initial = await initialPassword(deps.db);
  const hashed = await hashPlainPassword(initial.plain);
  await deps.db.db.transaction().execute(async (trx) => {
    const users = await usersInScope(kit, trx, ctx, ids);
    (await AdminGuard.load(trx, ctx)).mayTouch(users);
    await updateUsers(trx, ctx, ids, { password: hashed, passwordMustChange: 1 });
  });
  // A reset password ends the account's sessions, like a changed one.
  await endSessions(deps, ctx.tenantId, ids, 'password_reset');
  return initial.plain;
}

/** Gives the users exactly these roles and ends their sessions. */
export async function grantRoles(
  deps: AppDeps,
  kit: CrudKit,
  ctx: RequestContext,
  ids: string[],
  roleId: string,
) {
  await deps.db.db.transaction().execute(async (trx) => {
    const users = await usersInScope(kit, trx, ctx, ids);
    const guard = await AdminGuard.load(trx, ctx);
    guard.mayTouch(users);
    guard.assignable(roleId);
    await checkReferences(trx, ctx.tenantId, { roleId });
    const write = () => updateUsers(trx, ctx, ids, { roleId });
    if (ids.includes(ctx.userId)) await keepOwnReach(trx, ctx, write, splitIds(roleId));
    else await write();
    await guard.stillAdministered(trx, ctx.tenantId, users);
  });
  await endSessions(deps, ctx.tenantId, ids, 'roles_changed');
}

/** A user with the extension record of their platform. */
export async function platformDetail(deps: AppDeps, kit: CrudKit, ctx: RequestContext, id: string) {
  const row = await dynamic(await kit.readRows(deps.db.db, ctx))
    .select(USER_COLUMNS)
    .where('cubeUser.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError();
  const [user] = await kit.present([row as Record<string, unknown>]);
  const userExt = await userExtOf(deps.db.db, ctx.tenantId, id, Number(user!.userType));
  return { ...(user as z.infer<typeof userEntity.record>), userExt };
}

/** Sets the account's platform and that platform's extension record. */
export async function updatePlatform(
  deps: AppDeps,
  kit: CrudKit,
  ctx: RequestContext,
  input: { userId: string; userType: number; userExt: string },
): Promise<void> {
  await deps.db.db.transaction().execute(async (trx) => {
    const users = await usersInScope(kit, trx, ctx, [input.userId]);
    (await AdminGuard.load(trx, ctx)).mayTouch(users);
    await updateUsers(trx, ctx, [input.userId], { userType: input.userType });
    await saveUserExt(trx, ctx.tenantId, input.userId, input.userType, input.userExt);
  });
}
