import { CommonMessage, pageSchema, USER_ACTION_CODES, userEntity } from '@cube/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf, requirePermission } from '../../platform/access.js';
import type { RequestContext } from '../../platform/context.js';
import {
  type CrudKit,
  dynamic,
  idSchema,
  idsSchema,
  parseOrRefuse,
  readPage,
  registerCrud,
} from '../../platform/crud/index.js';
import { now } from '../../platform/dates.js';
import { type AppDeps, defineModule } from '../../platform/deps.js';
import { done, ok, rEmpty, rSchema } from '../../platform/envelope.js';
import { BizError, NotFoundError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { TenantData, tenantData } from '../../platform/tenant-data.js';
import { PasswordLockout } from '../auth/lockout.js';
import {
  AdminGuard,
  assertQuota,
  checkReferences,
  hashPlainPassword,
  initialPassword,
  presentUsers,
  syncUserDepts,
  unlinkUsers,
} from './admin-rules.js';
import { registerUserExcel } from './excel-routes.js';
import { COMPUTED, filteredUsers, USER_COLUMNS } from './user-query.js';

const M = userEntity.messages;
const CODES = USER_ACTION_CODES;
const prefix = userEntity.api;

const submitBody = userEntity.input.extend({
  id: z.preprocess(
    (v) =>
      v === null || v === '' || v === 0 || v === '0' ? undefined : typeof v === 'number' ? String(v) : v,
    z
      .string()
      .regex(/^[1-9]\d{0,18}$/, CommonMessage.idInvalid)
      .optional(),
  ),
});

const userIdsQuery = (message: string) =>
  z
    .preprocess((v) => (v === undefined || v === '' ? undefined : v), idsSchema.optional())
    .refine((v) => !!v, message);

/**
 * User administration (contract §8, BladeX `/blade-user/*`): the kit's `list`, `detail` and `remove`, and the
 * calls of the user screen. Every write keeps `cube_user_dept` in step with `dept_id`, refuses to leave the
 * tenant without an enabled administrator, and ends the sessions of users whose roles or departments changed so
 * that the change holds from their next request.
 */
export const userAdminModule = defineModule('user/admin', (app: FastifyInstance, deps: AppDeps): void => {
  const handle = deps.db;
  const lockout = new PasswordLockout(deps.db, deps.store);

  const kit = registerCrud(app, deps, userEntity, {
    table: 'cubeUser',
    operations: ['list', 'detail', 'remove'],
    computed: [...COMPUTED],
    // A user's departments are rows of cube_user_dept; "own rows" means the account itself.
    dataScope: { dept: { table: 'cubeUserDept', rowKey: 'userId', deptColumn: 'deptId' }, creator: 'id' },
    toRecord: (records, db) => presentUsers(db, records),
    hooks: {
      afterRemove: [
        async ({ ctx, trx, ids }) => {
          if (ids.includes(ctx.userId)) throw new BizError(M.removeSelf);
          // The rows are already marked deleted: read them without the live filter.
          const touched = await trx
            .selectFrom('cubeUser')
            .select(['roleId', 'status'])
            .where('tenantId', '=', ctx.tenantId)
            .where('id', 'in', ids)
            .execute();
          const guard = await AdminGuard.load(trx, ctx);
          guard.mayTouch(touched);
          await guard.stillAdministered(trx, ctx.tenantId, touched);
          await unlinkUsers(trx, ctx.tenantId, ids);
        },
      ],
    },
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** Live users of the caller's tenant and data scope among `ids`; one that is not there answers 404 for the whole request. */
  const usersInScope = async (db: Parameters<CrudKit['rows']>[0], ctx: RequestContext, ids: string[]) => {
    const found = (await (
      await kit.readRows(db, ctx)
    )
      .select(['cubeUser.id', 'cubeUser.account', 'cubeUser.roleId', 'cubeUser.deptId', 'cubeUser.status'])
      .where('cubeUser.id', 'in', ids)
      .execute()) as Array<{ id: string; account: string; roleId: string; deptId: string; status: number }>;
    if (found.length !== ids.length) throw new NotFoundError();
    return found;
  };

  /** Ends the sessions of users whose roles or departments changed (their tokens name the old ones). */
  const endSessions = async (tenantId: string, userIds: string[], reason: string) => {
    for (const userId of userIds) await deps.sessions.revokeUserSessions(tenantId, userId, reason);
  };

  const save = async (request: FastifyRequest, requireId: boolean) => {
    const ctx = contextOf(request);
    const { id, password, status, ...values } = parseOrRefuse(submitBody, request.body ?? {});
    if (requireId && !id) throw new BizError(CommonMessage.idMissing);
    await requirePermission(handle, ctx, id ? userEntity.permissions.edit : userEntity.permissions.add);
    const stamp = now();
    let shownPassword: string | undefined;
    let sessionsToEnd: string[] = [];
    // Read before the transaction: on SQLite a query outside it would wait for the transaction's connection.
    const initial = !id && !password ? await initialPassword(handle) : undefined;
    const savedId = await handle.db.transaction().execute(async (trx) => {
      const data = new TenantData(trx, ctx.tenantId);
      const guard = await AdminGuard.load(trx, ctx);
      await checkReferences(trx, ctx.tenantId, values);
      const taken = data.selectFrom('cubeUser').select('id').where('account', '=', values.account);
      if (await (id ? taken.where('id', '<>', id) : taken).executeTakeFirst())
        throw new BizError(M.accountExists);
      const birthday = values.birthday === '' ? null : values.birthday;
      if (id) {
        const [before] = await usersInScope(trx, ctx, [id]);
        guard.mayTouch([before!]);
        if (values.roleId !== before!.roleId) guard.assignable(values.roleId);
        if (status === 0 && id === ctx.userId) throw new BizError(M.disableSelf);
        await data
          .updateTable('cubeUser')
          .set({
            ...values,
            birthday,
            ...(status === undefined ? {} : { status }),
            updateUser: ctx.userId,
            updateTime: stamp,
          })
          .where('id', '=', id)
          .execute();
        if (values.deptId !== before!.deptId)
          await syncUserDepts(trx, ctx.tenantId, [{ id, deptId: values.deptId }]);
        await guard.stillAdministered(trx, ctx.tenantId, [before!]);
        if (values.roleId !== before!.roleId || values.deptId !== before!.deptId) sessionsToEnd = [id];
        return id;
      }
      guard.assignable(values.roleId);
      await assertQuota(trx, handle.kind, ctx.tenantId, 1);
      const plain = password || initial!.plain;
      if (!password && initial!.generated) shownPassword = initial!.plain;
      const newUserId = newId();
      await data
        .insertInto('cubeUser', {
          ...values,
          birthday,
          id: newUserId,
          password: await hashPlainPassword(plain),
          // Whoever set it, the person it belongs to replaces it at the first sign-in.
          passwordMustChange: 1,
          createUser: ctx.userId,
          createDept: ctx.deptId || null,
          createTime: stamp,
          updateUser: ctx.userId,
          updateTime: stamp,
          status: status ?? 1,
          isDeleted: 0,
        })
        .execute();
      await syncUserDepts(trx, ctx.tenantId, [{ id: newUserId, deptId: values.deptId }]);
      return newUserId;
    });
    await endSessions(ctx.tenantId, sessionsToEnd, 'user_changed');
    return ok({ id: savedId, ...(shownPassword ? { initPassword: shownPassword } : {}) });
  };

  const saveResponse = { 200: rSchema(z.object({ id: z.string(), initPassword: z.string().optional() })) };
  api.post(
    `${prefix}/submit`,
    { config: { access: kit.readAccess }, schema: { response: saveResponse } },
    (request) => save(request, false),
  );
  api.post(
    `${prefix}/update`,
    {
      config: { access: access.permission(userEntity.permissions.edit) },
      schema: { response: saveResponse },
    },
    (request) => save(request, true),
  );

  api.get(
    `${prefix}/page`,
    {
      config: { access: kit.readAccess },
      schema: {
        querystring: z.record(z.string(), z.unknown()),
        response: { 200: rSchema(pageSchema(userEntity.record)) },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const f = await filteredUsers(kit, deps, ctx, request.query);
      const page = await readPage(f.rows, { current: f.current, size: f.size, orders: f.orders }, (qb) =>
        qb.select(USER_COLUMNS),
      );
      return ok({
        ...page,
        records: await kit.present(page.records as Array<Record<string, unknown>>),
      } as never);
    },
  );

  const listItem = z.object({
    id: z.string(),
    account: z.string(),
    name: z.string(),
    realName: z.string(),
    deptId: z.string(),
  });

  // BladeX `user-list`: users as a plain list for pickers (the list filters apply; at most 1,000).
  api.get(
    `${prefix}/user-list`,
    {
      config: { access: kit.readAccess },
      schema: {
        querystring: z.record(z.string(), z.unknown()),
        response: { 200: rSchema(z.array(listItem)) },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const f = await filteredUsers(kit, deps, ctx, request.query);
      let q = f.rows.select([
        'cubeUser.id',
        'cubeUser.account',
        'cubeUser.name',
        'cubeUser.realName',
        'cubeUser.deptId',
      ]);
      for (const o of f.orders) q = q.orderBy(o.field, o.direction);
      return ok((await q.limit(1000).execute()) as Array<z.infer<typeof listItem>>);
    },
  );

  // BladeX `queryUserByName?userName=`: accounts whose name, real name or account contains the text (pickers of
  // any signed-in user: names only, at most 50, own tenant).
  api.get(
    `${prefix}/queryUserByName`,
    {
      config: { access: access.authenticated },
      schema: {
        querystring: z
          .object({ userName: z.string().trim().max(50, '长度不能超过50个字符').optional() })
          .loose(),
        response: { 200: rSchema(z.array(listItem.omit({ deptId: true }))) },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const text = request.query.userName ?? '';
      let q = tenantData(handle.db, ctx)
        .selectFrom('cubeUser')
        .select(['id', 'account', 'name', 'realName'])
        .where('status', '=', 1);
      if (text) {
        const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        q = q.where((eb) =>
          eb.or([eb('name', 'like', like), eb('realName', 'like', like), eb('account', 'like', like)]),
        );
      }
      return ok(await q.orderBy('id').limit(50).execute());
    },
  );

  api.post(
    `${prefix}/reset-password`,
    {
      config: { access: access.permission(CODES.reset) },
      schema: { response: { 200: rSchema(z.object({ initPassword: z.string() })) } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const ids = parseOrRefuse(userIdsQuery(M.selectUsers), idsParam(request, 'userIds'));
      const initial = await initialPassword(handle);
      const hashed = await hashPlainPassword(initial.plain);
      await handle.db.transaction().execute(async (trx) => {
        const users = await usersInScope(trx, ctx, ids);
        (await AdminGuard.load(trx, ctx)).mayTouch(users);
        await tenantData(trx, ctx)
          .updateTable('cubeUser')
          .set({ password: hashed, passwordMustChange: 1, updateUser: ctx.userId, updateTime: now() })
          .where('id', 'in', ids)
          .execute();
      });
      // A reset password ends the account's sessions, like a changed one.
      await endSessions(ctx.tenantId, ids, 'password_reset');
      request.log.info(
        { event: 'password_reset', tenantId: ctx.tenantId, by: ctx.userId, users: ids },
        'passwords reset',
      );
      // Shown once when generated; the configured initial password is the administrator's to pass on.
      return ok({ initPassword: initial.plain }, '操作成功');
    },
  );

  api.post(
    `${prefix}/grant`,
    { config: { access: access.permission(CODES.grant) }, schema: { response: { 200: rEmpty } } },
    async (request) => {
      const ctx = contextOf(request);
      const ids = parseOrRefuse(userIdsQuery(M.selectUsers), idsParam(request, 'userIds'));
      const roleIds = parseOrRefuse(userIdsQuery(M.selectRoles), idsParam(request, 'roleIds'));
      const roleId = roleIds.join(',');
      await handle.db.transaction().execute(async (trx) => {
        const users = await usersInScope(trx, ctx, ids);
        const guard = await AdminGuard.load(trx, ctx);
        guard.mayTouch(users);
        guard.assignable(roleId);
        await checkReferences(trx, ctx.tenantId, { roleId });
        await tenantData(trx, ctx)
          .updateTable('cubeUser')
          .set({ roleId, updateUser: ctx.userId, updateTime: now() })
          .where('id', 'in', ids)
          .execute();
        await guard.stillAdministered(trx, ctx.tenantId, users);
      });
      await endSessions(ctx.tenantId, ids, 'roles_changed');
      return done();
    },
  );

  api.post(
    `${prefix}/unlock`,
    { config: { access: access.permission(CODES.unlock) }, schema: { response: { 200: rEmpty } } },
    async (request) => {
      const ctx = contextOf(request);
      const ids = parseOrRefuse(userIdsQuery(M.selectUsers), idsParam(request, 'userIds'));
      const users = await usersInScope(handle.db, ctx, ids);
      for (const user of users) await lockout.clear(ctx.tenantId, user.account);
      return done();
    },
  );

  const platformDetail = userEntity.record.extend({ userExt: z.string() });
  api.get(
    `${prefix}/platform-detail`,
    {
      config: { access: kit.readAccess },
      schema: { querystring: z.object({ id: idSchema }).loose(), response: { 200: rSchema(platformDetail) } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const row = await dynamic(await kit.readRows(handle.db, ctx))
        .select(USER_COLUMNS)
        .where('cubeUser.id', '=', request.query.id)
        .executeTakeFirst();
      if (!row) throw new NotFoundError();
      const [user] = await kit.present([row as Record<string, unknown>]);
      const ext = await handle.db
        .selectFrom('cubeUserExt')
        .select('userExt')
        .where('tenantId', '=', ctx.tenantId)
        .where('userId', '=', request.query.id)
        .where('userType', '=', Number(user!.userType))
        .executeTakeFirst();
      return ok({ ...(user as z.infer<typeof userEntity.record>), userExt: ext?.userExt ?? '' });
    },
  );

  const platformInput = z.object({
    userId: idSchema,
    userType: z.coerce
      .number({ error: M.userTypeInvalid })
      .int(M.userTypeInvalid)
      .min(1, M.userTypeInvalid)
      .max(3, M.userTypeInvalid),
    userExt: z.string().max(2000, M.userExtTooLong).optional().default(''),
  });
  // BladeX `update-platform?userId=&userType=&userExt=`: the account's platform and that platform's extension.
  api.post(
    `${prefix}/update-platform`,
    {
      config: { access: access.permission(userEntity.permissions.edit) },
      schema: { response: { 200: rEmpty } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const source = {
        ...(request.body && typeof request.body === 'object' ? request.body : {}),
        ...(request.query as object),
      };
      const input = parseOrRefuse(platformInput, source);
      await handle.db.transaction().execute(async (trx) => {
        const users = await usersInScope(trx, ctx, [input.userId]);
        (await AdminGuard.load(trx, ctx)).mayTouch(users);
        await tenantData(trx, ctx)
          .updateTable('cubeUser')
          .set({ userType: input.userType, updateUser: ctx.userId, updateTime: now() })
          .where('id', '=', input.userId)
          .execute();
        const existing = await trx
          .selectFrom('cubeUserExt')
          .select('id')
          .where('tenantId', '=', ctx.tenantId)
          .where('userId', '=', input.userId)
          .where('userType', '=', input.userType)
          .executeTakeFirst();
        if (existing)
          await trx
            .updateTable('cubeUserExt')
            .set({ userExt: input.userExt })
            .where('id', '=', existing.id)
            .execute();
        else
          await trx
            .insertInto('cubeUserExt')
            .values({
              id: newId(),
              tenantId: ctx.tenantId,
              userId: input.userId,
              userType: input.userType,
              userExt: input.userExt,
            })
            .execute();
      });
      return done();
    },
  );

  registerUserExcel(app, deps, kit);
});

/** `userIds` / `roleIds` come in the query (BladeX) or a form/JSON body. */
function idsParam(request: FastifyRequest, name: string): unknown {
  const query = request.query as Record<string, unknown> | undefined;
  const body = request.body as Record<string, unknown> | null | undefined;
  return query?.[name] ?? (body && typeof body === 'object' ? body[name] : undefined);
}
