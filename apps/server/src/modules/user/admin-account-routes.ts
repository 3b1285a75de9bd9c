import { USER_ACTION_CODES, userEntity } from '@cube/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../platform/access.js';
import { type CrudKit, idSchema, idsSchema, parseOrRefuse } from '../../platform/crud/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { done, ok, rEmpty, rSchema } from '../../platform/envelope.js';
import { PasswordLockout } from '../identity/lockout.js';
import { grantRoles, platformDetail, resetPasswords, updatePlatform, usersInScope } from './admin.js';

const M = userEntity.messages;
const CODES = USER_ACTION_CODES;
const prefix = userEntity.api;

const userIdsQuery = (message: string) =>
  z
    .preprocess((v) => (v === undefined || v === '' ? undefined : v), idsSchema.optional())
    .refine((v) => !!v, message);

/**
 * The user screen's account actions: reset passwords, grant roles, unlock after failed sign-ins, and the
 * account's platform with its extension record.
 */
export function registerUserAccountRoutes(app: FastifyInstance, deps: AppDeps, kit: CrudKit): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const lockout = new PasswordLockout(deps.db, deps.store);

  api.post(
    `${prefix}/reset-password`,
    {
      config: { access: access.permission(CODES.reset) },
      schema: { response: { 200: rSchema(z.object({ initPassword: z.string() })) } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const ids = parseOrRefuse(userIdsQuery(M.selectUsers), idsParam(request, 'userIds'));
      const initPassword = await resetPasswords(deps, kit, ctx, ids);
      request.log.info(
        { event: 'password_reset', tenantId: ctx.tenantId, by: ctx.userId, users: ids },
        'passwords reset',
      );
      // Shown once when generated; the configured initial password is the administrator's to pass on.
      return ok({ initPassword }, '操作成功');
    },
  );

  api.post(
    `${prefix}/grant`,
    { config: { access: access.permission(CODES.grant) }, schema: { response: { 200: rEmpty } } },
    async (request) => {
      const ctx = contextOf(request);
      const ids = parseOrRefuse(userIdsQuery(M.selectUsers), idsParam(request, 'userIds'));
      const roleIds = parseOrRefuse(userIdsQuery(M.selectRoles), idsParam(request, 'roleIds'));
      await grantRoles(deps, kit, ctx, ids, roleIds.join(','));
      return done();
    },
  );

  api.post(
    `${prefix}/unlock`,
    { config: { access: access.permission(CODES.unlock) }, schema: { response: { 200: rEmpty } } },
    async (request) => {
      const ctx = contextOf(request);
      const ids = parseOrRefuse(userIdsQuery(M.selectUsers), idsParam(request, 'userIds'));
      const users = await usersInScope(kit, deps.db.db, ctx, ids);
      for (const user of users) await lockout.clear(ctx.tenantId, user.account);
      return done();
    },
  );

  const platformRecord = userEntity.record.extend({ userExt: z.string() });
  api.get(
    `${prefix}/platform-detail`,
    {
      config: { access: kit.readAccess },
      schema: { querystring: z.object({ id: idSchema }).loose(), response: { 200: rSchema(platformRecord) } },
    },
    async (request) => {
      return ok(await platformDetail(deps, kit, contextOf(request), request.query.id));
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
      await updatePlatform(deps, kit, ctx, input);
      return done();
    },
  );
}

/** `userIds` / `roleIds` come in the query (BladeX) or a form/JSON body. */
function idsParam(request: FastifyRequest, name: string): unknown {
  const query = request.query as Record<string, unknown> | undefined;
  const body = request.body as Record<string, unknown> | null | undefined;
  return query?.[name] ?? (body && typeof body === 'object' ? body[name] : undefined);
}
