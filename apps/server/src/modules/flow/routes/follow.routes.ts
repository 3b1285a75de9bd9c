import {
  FLOW_FOLLOW_API,
  FLOW_PROCESS_API,
  FlowMessage,
  flowDiagramQuery,
  flowDiagramSchema,
  flowFollowListQuery,
  flowInstanceSchema,
  flowTerminateInput,
  pageSchema,
} from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access, contextOf, grantsOf } from '../../../platform/access.js';
import { actingInTenant, isPlatformAdmin } from '../../../platform/context.js';
import { parseOrRefuse } from '../../../platform/crud/index.js';
import {
  applyDataScope,
  DataScopeType,
  dataScopeNarrows,
  deptsAndBelow,
} from '../../../platform/data-scope.js';
import type { AppDeps } from '../../../platform/deps.js';
import { ok, rEmpty, rSchema } from '../../../platform/envelope.js';
import { NotFoundError } from '../../../platform/errors.js';
import { terminate } from '../instances.service.js';
import { ROW_ID } from '../queries/executor.js';
import { diagramFor, followList, followListOfEveryTenant } from '../read.service.js';
import { input, P, skippedIn, tenantOf } from './shared.js';

/** 流程跟踪 (running instances): the list within the caller's data scope, terminating one, and the diagram. */

export function registerFollowRoutes(app: FastifyInstance, deps: AppDeps): void {
  // Instances live with their tenant's business data (platform/tenant-databases.ts): the routed handle.
  const handle = deps.datasources.routed;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    `${FLOW_FOLLOW_API}/list`,
    {
      config: { access: access.permission(P.follow) },
      schema: {
        querystring: flowFollowListQuery,
        response: { 200: rSchema(pageSchema(flowInstanceSchema)) },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      // The platform administrator without a tenant named: every tenant's instances, from the master and from
      // each bound tenant's own database, merged into one page.
      if (isPlatformAdmin(ctx) && !request.query.tenantId)
        return ok(await followListOfEveryTenant(deps.datasources, request.query, skippedIn(request)));
      const tenantId = tenantOf(ctx, request.query.tenantId);
      // One tenant named by the platform administrator: read where that tenant's instances are, unscoped.
      if (tenantId !== ctx.tenantId)
        return ok(
          await deps.datasources.withTenantDatabase(tenantId, () =>
            followList(handle, tenantId, request.query, (qb) => qb),
          ),
        );
      // Role-less callers are not narrowed by a scope.
      return ok(
        await followList(handle, tenantId, request.query, async (qb) => {
          if (ctx.roleIds.length === 0) return qb;
          const grants = grantsOf(ctx) ?? (await deps.sessions.roleGrants(ctx.tenantId, ctx.roleIds));
          const rules = grants.dataScopes.get(P.follow);
          // Instances may live in the tenant's own database, whose cube_dept is empty: 所在机构及子级可见 is worked
          // out on the master and applied as a list of ids.
          const below =
            dataScopeNarrows(ctx, rules) && rules?.some((r) => r.type === DataScopeType.ownDeptAndBelow)
              ? await deptsAndBelow(deps.db.db, ctx.tenantId, ctx.deptIds)
              : undefined;
          return applyDataScope(qb, ctx, rules, {
            table: 'flowInstance',
            tenantId,
            columns: { dept: 'createDept', creator: 'createUser' },
            filters: { category: 'string', processKey: 'string', title: 'string', createTime: 'date' },
            ...(below ? { deptsBelow: below } : {}),
          });
        }),
      );
    },
  );

  api.post(
    `${FLOW_FOLLOW_API}/delete-process-instance`,
    { config: { access: access.permission(P.followDelete) }, schema: { response: { 200: rEmpty } } },
    async (request) => {
      const ctx = contextOf(request);
      const raw = input(request);
      const body = parseOrRefuse(flowTerminateInput, raw);
      const tenantId = tenantOf(ctx, typeof raw.tenantId === 'string' ? raw.tenantId : undefined);
      if (!ROW_ID.test(body.processInstanceId)) throw new NotFoundError(FlowMessage.instanceMissing);
      const run = () => terminate(handle, ctx, tenantId, body.processInstanceId, body.deleteReason);
      // Another tenant's instance (platform administrator): terminated in the database holding it.
      await (tenantId === ctx.tenantId ? run() : deps.datasources.withTenantDatabase(tenantId, run));
      return ok({});
    },
  );

  api.get(
    `${FLOW_PROCESS_API}/model-view`,
    {
      config: { access: access.authenticated },
      schema: { querystring: flowDiagramQuery, response: { 200: rSchema(flowDiagramSchema) } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const tenantId = tenantOf(ctx, request.query.tenantId);
      if (tenantId === ctx.tenantId) return ok(await diagramFor(handle, ctx, request.query));
      // Another tenant's instance (platform administrator): read in the database holding it, acting in its tenant.
      return ok(
        await deps.datasources.withTenantDatabase(tenantId, () =>
          diagramFor(handle, actingInTenant(ctx, tenantId), request.query),
        ),
      );
    },
  );
}
