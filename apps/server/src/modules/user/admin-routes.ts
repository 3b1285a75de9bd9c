import { CommonMessage, pageSchema, userEntity } from '@cube/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf, requirePermission } from '../../platform/access.js';
import { parseOrRefuse, readPage, registerCrud } from '../../platform/crud/index.js';
import { type AppDeps, defineModule } from '../../platform/deps.js';
import { ok, rSchema } from '../../platform/envelope.js';
import { BizError, NotFoundError } from '../../platform/errors.js';
import { WatchedCache } from '../../platform/watched-cache.js';
import { saveUser } from './admin.js';
import { removedUsers, usersByName } from './admin.queries.js';
import { registerUserAccountRoutes } from './admin-account-routes.js';
import { AdminGuard, presentUsers, USER_LABEL_TABLES } from './admin-rules.js';
import { registerUserExcel } from './excel-routes.js';
import { isOwnProfileForm, profileChanges, requireApiScope } from './profile-form.js';
import { unlinkUsers } from './rules.queries.js';
import { chooseTenant } from './tenant-choice.js';
import { updateOwnProfile } from './user.queries.js';
import { COMPUTED, filteredUsers, USER_COLUMNS, userCountCap } from './user-query.js';

const M = userEntity.messages;
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

/**
 * User administration (BladeX `/blade-user/*`): the kit's `list`, `detail` and `remove`, and the
 * calls of the user screen. Every write keeps `cube_user_dept` in step with `dept_id`, refuses to leave the
 * tenant without an enabled administrator, and ends the sessions of users whose roles or departments changed so
 * that the change holds from their next request.
 */
export const userAdminModule = defineModule('user/admin', async (app: FastifyInstance, deps: AppDeps) => {
  // Every route of this module works in the tenant the platform administrator chose (`tenantId`).
  app.addHook('preValidation', (request) => chooseTenant(deps, request));
  const labels = new WatchedCache(deps.db, deps.store, {
    channel: 'user-labels-invalidation',
    tables: USER_LABEL_TABLES,
    maxEntries: 200,
    log: app.log,
  });
  deps.caches.register('user-labels', () => labels.clear());
  await labels.start();
  app.addHook('onClose', () => labels.stop());
  const kit = registerCrud(app, deps, userEntity, {
    table: 'cubeUser',
    operations: ['list', 'detail', 'remove'],
    computed: [...COMPUTED],
    // A user's departments are rows of cube_user_dept; "own rows" means the account itself.
    dataScope: { dept: { table: 'cubeUserDept', rowKey: 'userId', deptColumn: 'deptId' }, creator: 'id' },
    toRecord: (records, db) => presentUsers(db, records, labels),
    hooks: {
      afterRemove: [
        async ({ ctx, trx, ids }) => {
          if (ids.includes(ctx.userId)) throw new BizError(M.removeSelf);
          // The rows are already marked deleted: read them without the live filter.
          const touched = await removedUsers(trx, ctx.tenantId, ids);
          const guard = await AdminGuard.load(trx, ctx);
          guard.mayTouch(touched);
          await guard.stillAdministered(trx, ctx.tenantId, touched);
          await unlinkUsers(trx, ctx.tenantId, ids);
        },
      ],
    },
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  const save = async (request: FastifyRequest, requireId: boolean) =>
    ok(
      await saveUser(deps, kit, contextOf(request), parseOrRefuse(submitBody, request.body ?? {}), requireId),
    );

  const saveResponse = { 200: rSchema(z.object({ id: z.string(), initPassword: z.string().optional() })) };
  api.post(
    `${prefix}/submit`,
    { config: { access: kit.readAccess }, schema: { response: saveResponse } },
    (request) => save(request, false),
  );
  // The user screen's whole user (with the edit permission), or SpringBlade's profile form: only the fields it
  // shows, for the caller's own row, the others kept (never roles, departments, tenant or account from here).
  api.post(
    `${prefix}/update`,
    { config: { access: access.authenticated }, schema: { response: saveResponse } },
    async (request) => {
      const ctx = contextOf(request);
      const sent = request.body ?? {};
      // A body that is not an object is no profile form: the user screen's save refuses it with its own message.
      const body =
        typeof sent === 'object' && !Array.isArray(sent) ? (sent as Record<string, unknown>) : undefined;
      if (body && isOwnProfileForm(body, ctx)) {
        const changes = profileChanges(body);
        if (Object.keys(changes).length && !(await updateOwnProfile(deps.db.db, ctx, changes)))
          throw new NotFoundError();
        return ok({ id: ctx.userId });
      }
      await requirePermission(deps.db, ctx, userEntity.permissions.edit);
      requireApiScope(request, ctx, userEntity.permissions.edit);
      return save(request, true);
    },
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
      const page = await readPage(
        f.rows,
        { current: f.current, size: f.size, orders: f.orders, countCap: userCountCap(deps) },
        (qb) => qb.select(USER_COLUMNS),
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

  // BladeX `user-list`: users as a plain list of user rows (the list filters apply; at most 1,000), in the same
  // shape as `list`'s records — tenantId, account, name, realName, avatar, email, phone, sex, roleId, deptId,
  // postId, status … with the names beside them and the password always empty.
  api.get(
    `${prefix}/user-list`,
    {
      config: { access: kit.readAccess },
      schema: {
        querystring: z.record(z.string(), z.unknown()),
        response: { 200: rSchema(z.array(userEntity.record)) },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const f = await filteredUsers(kit, deps, ctx, request.query);
      let q = f.rows.select(USER_COLUMNS);
      for (const o of f.orders) q = q.orderBy(o.field, o.direction);
      const rows = (await q.limit(1000).execute()) as Array<Record<string, unknown>>;
      return ok((await kit.present(rows)) as never);
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
      return ok(await usersByName(deps.db.db, contextOf(request), request.query.userName ?? ''));
    },
  );

  registerUserAccountRoutes(app, deps, kit);
  registerUserExcel(app, deps, kit);
});
