import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf, requirePermission } from '../../../platform/access.js';
import { splitIds } from '../../../platform/context.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { ok, rSchema } from '../../../platform/envelope.js';
import { NotFoundError } from '../../../platform/errors.js';
import { isId } from '../../../platform/ids.js';
import { userOrgLists } from '../../user/user.queries.js';
import { tenantDepts } from '../authority/dept.queries.js';
import { tenantRoleNames } from '../authority/role.queries.js';

const userQuery = z.object({
  userId: z
    .string()
    .optional()
    .refine((v) => !v || isId(v), '请求参数类型错误: userId'),
});

/**
 * The departments and roles a user holds (the department/role switch dialog). Without `userId` the
 * caller's own; another user's need the user-management permission and stay within the caller's tenant.
 */
export const orgLookupModule = defineModule('system/org', (app: FastifyInstance, deps: AppDeps): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const userLists = async (request: FastifyRequest, requestedUserId: string | undefined) => {
    const ctx = contextOf(request);
    const userId = requestedUserId || ctx.userId;
    if (userId !== ctx.userId) await requirePermission(deps.db, ctx, 'user');
    const user = await userOrgLists(deps.db.db, ctx.tenantId, userId);
    if (!user) throw new NotFoundError();
    return { tenantId: ctx.tenantId, roleIds: splitIds(user.roleId), deptIds: splitIds(user.deptId) };
  };

  api.get(
    '/api/cube-system/dept/select',
    {
      config: { access: access.authenticated },
      schema: {
        querystring: userQuery,
        response: { 200: rSchema(z.array(z.object({ id: z.string(), deptName: z.string() }))) },
      },
    },
    async (request) => {
      const { tenantId, deptIds } = await userLists(request, request.query.userId);
      if (deptIds.length === 0) return ok([]);
      return ok(await tenantDepts(deps.db.db, tenantId, deptIds));
    },
  );

  api.get(
    '/api/cube-system/role/select',
    {
      config: { access: access.authenticated },
      schema: {
        querystring: userQuery,
        response: { 200: rSchema(z.array(z.object({ id: z.string(), roleName: z.string() }))) },
      },
    },
    async (request) => {
      const { tenantId, roleIds } = await userLists(request, request.query.userId);
      if (roleIds.length === 0) return ok([]);
      return ok(await tenantRoleNames(deps.db.db, tenantId, roleIds));
    },
  );
});
