import { roleEntity } from '@cube/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../../platform/access.js';
import type { RequestContext } from '../../../platform/context.js';
import { mergeForest } from '../../../platform/crud/index.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { ok } from '../../../platform/envelope.js';
import { NotFoundError } from '../../../platform/errors.js';
import { isId } from '../../../platform/ids.js';
import { platformOnlyIds } from '../../../platform/tenant-package.js';
import { allMenus, allScopes, heldScopeIds, ScopeCategory } from './grant.queries.js';
import { grantableMenuIds, grantableScopeIds, treeNode } from './grants.js';
import { roleMenuIds, tenantRoles } from './role.queries.js';

const roleIdsQuery = z
  .object({
    roleIds: z
      .string({ error: '缺少必要的请求参数: roleIds' })
      .transform((s) => [
        ...new Set(
          s
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean),
        ),
      ])
      .refine((ids) => ids.length > 0 && ids.every(isId), '请求参数类型错误: roleIds'),
  })
  .loose();

/**
 * The trees of the role grant dialog (`grant-tree`, `role-tree-keys`, and BladeX's older
 * `grant-data-tree` / `grant-api-tree` / `data-scope-tree-keys` / `api-scope-tree-keys`). Each tree offers exactly
 * what the caller may grant (grants.ts): what `role/grant` accepts is what the dialog can show checked.
 */
export const grantTreeModule = defineModule(
  'system/grant-tree',
  (app: FastifyInstance, deps: AppDeps): void => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const db = deps.db.db;

    /** `forTenants`: what a tenant may be given (the package editor), so never the platform's own menus. */
    const menuTree = async (ctx: RequestContext, forTenants = false) => {
      const menus = await allMenus(db);
      const grantable = await grantableMenuIds(db, ctx, menus);
      if (forTenants) for (const id of platformOnlyIds(menus)) grantable.delete(id);
      const nodes = menus
        .filter((m) => grantable.has(m.id))
        .map((m) => treeNode(m.id, String(m.parentId), m.name));
      return { menus, grantable, tree: mergeForest(nodes) };
    };

    /** Menus that own grantable rules of a category, with those rules as leaves. */
    const scopeTree = async (
      ctx: RequestContext,
      category: number,
      menus: Awaited<ReturnType<typeof menuTree>>['menus'],
      grantable: Set<string>,
    ) => {
      const scopes = await allScopes(db, category);
      const allowed = await grantableScopeIds(db, ctx, category, grantable, scopes);
      const offered = scopes.filter((s) => allowed.has(s.id));
      const owners = new Set(offered.map((s) => String(s.menuId)));
      const nodes = [
        ...menus.filter((m) => owners.has(m.id)).map((m) => treeNode(m.id, '0', m.name)),
        ...offered.map((s) => treeNode(s.id, String(s.menuId), s.scopeName)),
      ];
      return mergeForest(nodes);
    };

    api.get(
      '/api/cube-system/menu/grant-tree',
      {
        config: { access: access.authenticated },
        schema: { querystring: z.object({ scope: z.enum(['tenant']).optional() }).loose() },
      },
      async (request) => {
        const ctx = contextOf(request);
        const { menus, grantable, tree } = await menuTree(ctx, request.query.scope === 'tenant');
        return ok({
          menu: tree,
          dataScope: await scopeTree(ctx, ScopeCategory.data, menus, grantable),
          apiScope: await scopeTree(ctx, ScopeCategory.api, menus, grantable),
        });
      },
    );

    api.get(
      '/api/cube-system/menu/grant-data-tree',
      { config: { access: access.authenticated } },
      async (request) => {
        const ctx = contextOf(request);
        const { menus, grantable } = await menuTree(ctx);
        return ok(await scopeTree(ctx, ScopeCategory.data, menus, grantable));
      },
    );

    api.get(
      '/api/cube-system/menu/grant-api-tree',
      { config: { access: access.authenticated } },
      async (request) => {
        const ctx = contextOf(request);
        const { menus, grantable } = await menuTree(ctx);
        return ok(await scopeTree(ctx, ScopeCategory.api, menus, grantable));
      },
    );

    /** The asked roles, all of the caller's tenant (another tenant's id is "not found"). */
    const askedRoles = async (request: FastifyRequest) => {
      const ctx = contextOf(request);
      // The route's schema has parsed the comma list already.
      const { roleIds } = request.query as { roleIds: string[] };
      const roles = await tenantRoles(db, ctx.tenantId, roleIds);
      if (roles.length !== roleIds.length) throw new NotFoundError();
      return { ctx, roleIds };
    };
    const readAccess = access.permission(roleEntity.permissions.read);

    api.get(
      '/api/cube-system/menu/role-tree-keys',
      { config: { access: readAccess }, schema: { querystring: roleIdsQuery } },
      async (request) => {
        const { ctx, roleIds } = await askedRoles(request);
        return ok({
          menu: await roleMenuIds(db, roleIds),
          dataScope: [...(await heldScopeIds(db, ctx.tenantId, roleIds, ScopeCategory.data))],
          apiScope: [...(await heldScopeIds(db, ctx.tenantId, roleIds, ScopeCategory.api))],
        });
      },
    );

    api.get(
      '/api/cube-system/menu/data-scope-tree-keys',
      { config: { access: readAccess }, schema: { querystring: roleIdsQuery } },
      async (request) => {
        const { ctx, roleIds } = await askedRoles(request);
        return ok([...(await heldScopeIds(db, ctx.tenantId, roleIds, ScopeCategory.data))]);
      },
    );

    api.get(
      '/api/cube-system/menu/api-scope-tree-keys',
      { config: { access: readAccess }, schema: { querystring: roleIdsQuery } },
      async (request) => {
        const { ctx, roleIds } = await askedRoles(request);
        return ok([...(await heldScopeIds(db, ctx.tenantId, roleIds, ScopeCategory.api))]);
      },
    );
  },
);
