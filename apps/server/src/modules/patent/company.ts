import { AGENT_COMPANY_AUTH_PERMISSION, agentCompanyEntity, companyLookupSchema } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../platform/access.js';
import { idSchema, idsSchema, registerCrud } from '../../platform/crud/index.js';
import { type AppDeps, defineModule } from '../../platform/deps.js';
import { ok, rEmpty, rSchema } from '../../platform/envelope.js';
import { BizError, NotFoundError } from '../../platform/errors.js';
import { masterSide } from '../../platform/tenant-databases.js';
import { countLiveUsers } from '../user/user.queries.js';
import { companiesHaveCases } from './case.queries.js';
import {
  authorisedCompanies,
  companyDirectory,
  companyUserIds,
  creditCodeTaken,
  setCompanyUsers,
  unlinkCompanyUsers,
} from './company.queries.js';

const lookupBody = z
  .object({ uniName: z.string().trim().max(100).optional() })
  .partial()
  .nullish();

const toLookup = (r: Record<string, unknown>) => ({
  id: String(r.id),
  uniName: String(r.uniName ?? ''),
  creditCode: String(r.creditCode ?? ''),
  address: String(r.address ?? ''),
  contact: String(r.contact ?? ''),
  phone: String(r.phone ?? ''),
  industry: String(r.industry ?? ''),
});

/**
 * Agent companies: the directory maintained on 代理公司 (`cube-agent/company/*`), the users authorised
 * for each, and the two lookups under `cube-agent/companyDetail/` that the web reads into its `companyList`
 * storage key after sign-in. Both lookups are any signed-in user's, within their own tenant; `listAuthCompany`
 * answers only the companies the user is authorised for.
 */
export const agentCompanyModule = defineModule(
  'agent/company',
  (app: FastifyInstance, master: AppDeps): void => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    // The companies live with the tenant's business data (platform/tenant-databases.ts): the routed handle.
    const deps: AppDeps = { ...master, db: master.datasources.routed };
    const handle = deps.db;
    const messages = agentCompanyEntity.messages;

    registerCrud(app, deps, agentCompanyEntity, {
      table: 'cubeAgentCompany',
      hooks: {
        beforeSave: [
          async ({ ctx, trx, id, values }) => {
            if (!values.creditCode) return;
            if (await creditCodeTaken(trx, ctx.tenantId, String(values.creditCode), id))
              throw new BizError(messages.creditCodeExists);
          },
        ],
        afterRemove: [
          async ({ ctx, trx, ids }) => {
            if (await companiesHaveCases(trx, ctx.tenantId, ids))
              throw new BizError('该公司下存在专利案件，不能删除');
            await unlinkCompanyUsers(trx, ctx.tenantId, ids);
          },
        ],
      },
      routes: (inner, crud) => {
        const routes = inner.withTypeProvider<ZodTypeProvider>();
        routes.get(
          `${crud.prefix}/auth-users`,
          {
            config: { access: access.permission(AGENT_COMPANY_AUTH_PERMISSION) },
            schema: {
              querystring: z.object({ companyId: z.unknown() }),
              response: { 200: rSchema(z.array(z.string())) },
            },
          },
          async (request) => {
            const ctx = contextOf(request);
            const companyId = idSchema.parse(request.query.companyId);
            return ok(await companyUserIds(handle.db, ctx.tenantId, companyId));
          },
        );
        routes.post(
          `${crud.prefix}/auth-users`,
          {
            config: { access: access.permission(AGENT_COMPANY_AUTH_PERMISSION) },
            schema: {
              body: z.object({ companyId: z.unknown(), userIds: z.unknown() }),
              response: { 200: rEmpty },
            },
          },
          async (request) => {
            const ctx = contextOf(request);
            const companyId = idSchema.parse(request.body.companyId);
            const raw = request.body.userIds;
            const userIds =
              raw === '' || raw === null || raw === undefined || (Array.isArray(raw) && raw.length === 0)
                ? []
                : idsSchema.parse(raw);
            await handle.db.transaction().execute(async (trx) => {
              const company = await crud
                .rows(trx, ctx)
                .select('cubeAgentCompany.id')
                .where('cubeAgentCompany.id', '=', companyId)
                .executeTakeFirst();
              if (!company) throw new NotFoundError();
              if (
                userIds.length > 0 &&
                (await countLiveUsers(masterSide(trx), ctx.tenantId, userIds)) !== userIds.length
              )
                throw new BizError(messages.usersInvalid);
              await setCompanyUsers(trx, ctx.tenantId, companyId, userIds);
            });
            return ok({});
          },
        );
      },
    });

    const lookupResponse = { 200: rSchema(z.array(companyLookupSchema)) };

    api.post(
      '/api/cube-agent/companyDetail/getcompanylist',
      { config: { access: access.authenticated }, schema: { body: lookupBody, response: lookupResponse } },
      async (request) => {
        const ctx = contextOf(request);
        const rows = await companyDirectory(handle.db, ctx.tenantId, request.body?.uniName);
        return ok(rows.map((r) => toLookup(r as Record<string, unknown>)));
      },
    );

    api.post(
      '/api/cube-agent/companyDetail/listAuthCompany',
      { config: { access: access.authenticated }, schema: { body: lookupBody, response: lookupResponse } },
      async (request) => {
        const ctx = contextOf(request);
        const rows = await authorisedCompanies(handle.db, ctx.tenantId, ctx.userId);
        return ok(rows.map((r) => toLookup(r as Record<string, unknown>)));
      },
    );
  },
);
