import { PLATFORM_TENANT_ID, ROLE_GRANT_CODE, roleEntity, roleGrantSchema } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf, requirePermission } from '../../../platform/access.js';
import {
  isPlatformAdmin,
  isTenantAdmin,
  type RequestContext,
  ROLE_ADMIN,
  ROLE_ADMINISTRATOR,
} from '../../../platform/context.js';
import { mergeForest, parseOrRefuse, registerCrud } from '../../../platform/crud/index.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { ok, rEmpty } from '../../../platform/envelope.js';
import { BizError, ForbiddenError, NotFoundError } from '../../../platform/errors.js';
import { isId } from '../../../platform/ids.js';
import { recordOperation } from '../../../platform/operation-log.js';
import { keepOwnReach } from '../../../platform/own-reach.js';
import { crossTenantData, TenantData } from '../../../platform/tenant-data.js';
import { anyUserHolds } from '../../user/user.queries.js';
import { allMenus, allScopes, grantedMenuIds, ScopeCategory } from './grant.queries.js';
import { grantableScopeIds, menuGrantLimits, treeNode } from './grants.js';
import {
  clearRoleGrants,
  replaceRoleGrants,
  roleAliasesAnyState,
  roleNames,
  roleTenant,
  roleTreeRows,
  tenantRoles,
} from './role.queries.js';

const M = roleEntity.messages;
const RESERVED = new Set([ROLE_ADMIN, ROLE_ADMINISTRATOR]);

const tenantQuery = z
  .object({
    tenantId: z
      .string()
      .regex(/^\d{6}$/, '请求参数类型错误: tenantId')
      .optional()
      .or(z.literal('')),
  })
  .loose();
const roleIdQuery = z
  .object({
    roleId: z.string({ error: '缺少必要的请求参数: roleId' }).refine(isId, '请求参数类型错误: roleId'),
  })
  .loose();

/** The role tree (TreeNode shape) of one tenant; BladeX hides `administrator` from anyone but administrators. */
async function roleTree(db: TenantData, ctx: RequestContext) {
  const rows = await roleTreeRows(db, isTenantAdmin(ctx) ? undefined : ROLE_ADMINISTRATOR);
  return mergeForest(rows.map((r) => treeNode(r.id, String(r.parentId), r.roleName)));
}

/**
 * Roles: the CRUD kit's list/detail/submit/remove, the role trees of the grant and user dialogs, and
 * `grant` — escalation-safe: the caller grants only what it may grant itself (see grants.ts), to roles of its own
 * tenant; a changed grant holds from the next request (the access cache drops on writes to the grant tables).
 */
export const roleModule = defineModule('system/role', (app: FastifyInstance, deps: AppDeps): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const handle = deps.db;

  registerCrud(app, deps, roleEntity, {
    table: 'cubeRole',
    operations: ['list', 'detail', 'submit', 'remove'],
    computed: ['parentName'],
    toRecord: async (records, db) => {
      const parentIds = [...new Set(records.map((r) => String(r.parentId)).filter((id) => id !== '0'))];
      const names = await roleNames(db, parentIds);
      return records.map((r) => ({
        ...r,
        parentName: r.parentId === '0' ? '顶级' : (names.get(String(r.parentId)) ?? ''),
      }));
    },
    hooks: {
      beforeSave: [
        async ({ ctx, id, values, rows }) => {
          const alias = String(values.roleAlias);
          if (alias === ROLE_ADMINISTRATOR && !(isPlatformAdmin(ctx) && ctx.tenantId === PLATFORM_TENANT_ID))
            throw new BizError(M.administratorReserved);
          if (alias === ROLE_ADMIN && !isTenantAdmin(ctx)) throw new BizError(M.adminReserved);
          if (id) {
            const current = (await rows()
              .select('cubeRole.roleAlias')
              .where('cubeRole.id', '=', id)
              .executeTakeFirst()) as { roleAlias: string } | undefined;
            // Renaming an administrator role away would leave the tenant without one; only an administrator edits it.
            if (current && RESERVED.has(current.roleAlias)) {
              if (!isTenantAdmin(ctx)) throw new BizError(M.adminRoleProtected);
              if (current.roleAlias !== alias) throw new BizError(M.adminRoleProtected);
            }
            // The alias is what the caller acts as (flow candidate groups, menus limited to roles): someone who is
            // not an administrator may not rename a role they hold into another's (platform/own-reach.ts).
            if (current && current.roleAlias !== alias && ctx.roleIds.includes(id) && !isTenantAdmin(ctx))
              throw new BizError(M.ownRoleAlias);
          }
        },
      ],
      afterRemove: [
        async ({ ctx, trx, ids }) => {
          const aliases = await roleAliasesAnyState(trx, ctx.tenantId, ids);
          if (aliases.some((alias) => RESERVED.has(alias))) throw new BizError(M.adminRoleRemove);
          if (await anyUserHolds(trx, ctx.tenantId, 'roleId', ids)) throw new BizError(M.roleInUse);
          await clearRoleGrants(trx, ids);
        },
      ],
    },
  });

  api.get(
    '/api/cube-system/role/tree',
    {
      config: { access: access.permission(roleEntity.permissions.read) },
      schema: { querystring: tenantQuery },
    },
    async (request) => {
      const ctx = contextOf(request);
      const tenantId = request.query.tenantId || ctx.tenantId;
      // Others' tenants only for the platform administrator (BladeX: administrators may pick the tenant).
      const data =
        tenantId === ctx.tenantId
          ? new TenantData(handle.db, tenantId)
          : crossTenantData(handle.db, ctx, tenantId);
      return ok(await roleTree(data, ctx));
    },
  );

  api.get(
    '/api/cube-system/role/tree-by-id',
    {
      config: { access: access.permission(roleEntity.permissions.read) },
      schema: { querystring: roleIdQuery },
    },
    async (request) => {
      const ctx = contextOf(request);
      const roleId = request.query.roleId;
      const tenantId = isPlatformAdmin(ctx)
        ? await roleTenant(handle.db, roleId)
        : (await tenantRoles(handle.db, ctx.tenantId, [roleId])).length > 0
          ? ctx.tenantId
          : undefined;
      if (!tenantId) throw new NotFoundError();
      const data =
        tenantId === ctx.tenantId
          ? new TenantData(handle.db, ctx.tenantId)
          : crossTenantData(handle.db, ctx, tenantId);
      return ok(await roleTree(data, ctx));
    },
  );

  api.post(
    '/api/cube-system/role/grant',
    {
      config: { access: access.permission(roleEntity.permissions.read) },
      schema: { response: { 200: rEmpty } },
    },
    async (request) => {
      const ctx = contextOf(request);
      await requirePermission(handle, ctx, ROLE_GRANT_CODE);
      const body = parseOrRefuse(roleGrantSchema, request.body ?? {});
      const ids = (list: Array<string | number>, name: string) => {
        const out = [...new Set(list.map((v) => String(v).trim()))];
        if (!out.every(isId)) throw new BizError(`请求参数类型错误: ${name}`);
        return out;
      };
      const roleIds = ids(body.roleIds, 'roleIds');
      const menuIds = ids(body.menuIds, 'menuIds');
      let dataScopeIds = ids(body.dataScopeIds, 'dataScopeIds');
      let apiScopeIds = ids(body.apiScopeIds, 'apiScopeIds');

      const before = await handle.db.transaction().execute(async (trx) => {
        const roles = await tenantRoles(trx, ctx.tenantId, roleIds);
        // Another tenant's role (or a gone one) is "not found", and the whole request changes nothing.
        if (roles.length !== roleIds.length) throw new NotFoundError();
        if (!isTenantAdmin(ctx) && roles.some((r) => RESERVED.has(r.roleAlias)))
          throw new BizError(roleEntity.messages.adminRoleProtected);
        if (roles.some((r) => r.roleAlias === ROLE_ADMINISTRATOR) && !isPlatformAdmin(ctx))
          throw new ForbiddenError();

        const menus = await allMenus(trx);
        const limits = await menuGrantLimits(trx, ctx, menus);
        const known = new Set(menus.map((m) => m.id));
        for (const id of menuIds) {
          if (!known.has(id)) throw new BizError(M.grantNotHeld);
          if (limits.platformOnly.has(id)) throw new BizError(M.grantPlatformOnly);
          if (limits.packaged && !limits.packaged.has(id)) throw new BizError(M.grantOutsidePackage);
          if (!limits.held.has(id)) throw new BizError(M.grantNotHeld);
        }
        const grantable = new Set(
          [...limits.held].filter(
            (id) => (!limits.packaged || limits.packaged.has(id)) && !limits.platformOnly.has(id),
          ),
        );
        const granted = new Set(menuIds);
        // The scope trees nest rules under their menus; a client that sends the checked menu nodes along with the
        // rules (Saber sends every checked key) means the rules only.
        dataScopeIds = dataScopeIds.filter((id) => !known.has(id));
        apiScopeIds = apiScopeIds.filter((id) => !known.has(id));
        for (const [category, list] of [
          [ScopeCategory.data, dataScopeIds],
          [ScopeCategory.api, apiScopeIds],
        ] as const) {
          if (list.length === 0) continue;
          const scopes = await allScopes(trx, category);
          const byId = new Map(scopes.map((s) => [s.id, s]));
          const allowed = await grantableScopeIds(trx, ctx, category, grantable, scopes);
          for (const id of list) {
            const scope = byId.get(id);
            if (!scope || !allowed.has(id)) throw new BizError(M.grantNotHeld);
            // A rule only means something with its menu; granting one without the menu is a mistake.
            if (!granted.has(String(scope.menuId))) throw new BizError(M.grantScopeMenu);
          }
        }

        const held = await Promise.all(roleIds.map((id) => grantedMenuIds(trx, ctx.tenantId, [id])));
        const write = () =>
          replaceRoleGrants(trx, roleIds, menuIds, [
            ...dataScopeIds.map((scopeId) => ({ scopeId, scopeCategory: ScopeCategory.data })),
            ...apiScopeIds.map((scopeId) => ({ scopeId, scopeCategory: ScopeCategory.api })),
          ]);
        // Whoever manages roles without being an administrator may not loosen the rules that bind themselves:
        // a change to a role they hold is compared with what they reached before it (platform/own-reach.ts).
        if (roleIds.some((id) => ctx.roleIds.includes(id))) await keepOwnReach(trx, ctx, write);
        else await write();
        return held;
      });
      roleIds.forEach((roleId, i) => {
        const was = new Set(before[i]);
        recordOperation(deps.audit, request, {
          module: 'role',
          action: 'grant',
          ids: [roleId],
          before: { menus: was.size },
          after: { menus: menuIds.length, dataScopes: dataScopeIds.length, apiScopes: apiScopeIds.length },
          detail: {
            added: menuIds.filter((id) => !was.has(id)),
            removed: [...was].filter((id) => !menuIds.includes(id)),
          },
        });
      });
      // The writes above already dropped every cached grant set (observed tables); this also covers a change made
      // only to rows the observer filters, and says so where a reader looks for it.
      await deps.sessions.invalidateGrants();
      return ok({});
    },
  );
});
