import { AGENT_COMPANY_AUTH_PERMISSION, agentCompanyEntity, companyLookupSchema } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../platform/access.js';
import { idSchema, idsSchema, registerCrud } from '../../platform/crud/index.js';
import { type AppDeps, defineModule } from '../../platform/deps.js';
import { ok, rEmpty, rSchema } from '../../platform/envelope.js';
import { BizError, NotFoundError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { TenantData } from '../../platform/tenant-data.js';

const LOOKUP_COLUMNS = ['id', 'uniName', 'creditCode', 'address', 'contact', 'phone', 'industry'] as const;
/** The lookups answer the whole directory of a tenant; this bounds one answer. */
const LOOKUP_MAX = 2000;

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
 * Agent companies (issue 11 §6): the directory maintained on 代理公司 (`cube-agent/company/*`), the users authorised
 * for each, and the spec's two lookups under `cube-agent/companyDetail/` that the web reads into its `companyList`
 * storage key after sign-in. Both lookups are any signed-in user's, within their own tenant; `listAuthCompany`
 * answers only the companies the user is authorised for.
 */
export const agentCompanyModule = defineModule(
  'agent/company',
  (app: FastifyInstance, deps: AppDeps): void => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const handle = deps.db;
    const messages = agentCompanyEntity.messages;

    registerCrud(app, deps, agentCompanyEntity, {
      table: 'cubeAgentCompany',
      hooks: {
        beforeSave: [
          async ({ ctx, trx, id, values }) => {
            if (!values.creditCode) return;
            let q = new TenantData(trx, ctx.tenantId)
              .selectFrom('cubeAgentCompany')
              .select('id')
              .where('creditCode', '=', String(values.creditCode));
            if (id) q = q.where('id', '<>', id);
            if (await q.executeTakeFirst()) throw new BizError(messages.creditCodeExists);
          },
        ],
        afterRemove: [
          async ({ ctx, trx, ids }) => {
            const cases = await new TenantData(trx, ctx.tenantId)
              .selectFrom('patApplication')
              .select('id')
              .where('companyId', 'in', ids)
              .executeTakeFirst();
            if (cases) throw new BizError('该公司下存在专利案件，不能删除');
            await trx
              .deleteFrom('cubeAgentCompanyUser')
              .where('tenantId', '=', ctx.tenantId)
              .where('companyId', 'in', ids)
              .execute();
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
            const rows = await new TenantData(handle.db, ctx.tenantId)
              .selectFrom('cubeAgentCompanyUser')
              .select('userId')
              .where('companyId', '=', companyId)
              .execute();
            return ok(rows.map((r) => String(r.userId)));
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
              const data = new TenantData(trx, ctx.tenantId);
              const company = await crud
                .rows(trx, ctx)
                .select('cubeAgentCompany.id')
                .where('cubeAgentCompany.id', '=', companyId)
                .executeTakeFirst();
              if (!company) throw new NotFoundError();
              if (userIds.length > 0) {
                const found = await data
                  .selectFrom('cubeUser')
                  .select('id')
                  .where('id', 'in', userIds)
                  .execute();
                if (found.length !== userIds.length) throw new BizError(messages.usersInvalid);
              }
              await trx
                .deleteFrom('cubeAgentCompanyUser')
                .where('tenantId', '=', ctx.tenantId)
                .where('companyId', '=', companyId)
                .execute();
              for (const userId of userIds)
                await data
                  .insertInto('cubeAgentCompanyUser', { id: newId(), companyId, userId, isDeleted: 0 })
                  .execute();
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
        let q = new TenantData(handle.db, ctx.tenantId)
          .selectFrom('cubeAgentCompany')
          .select([...LOOKUP_COLUMNS]);
        const name = request.body?.uniName;
        if (name) q = q.where('uniName', 'like', `%${name}%`);
        const rows = await q.orderBy('uniName').orderBy('id').limit(LOOKUP_MAX).execute();
        return ok(rows.map((r) => toLookup(r as Record<string, unknown>)));
      },
    );

    api.post(
      '/api/cube-agent/companyDetail/listAuthCompany',
      { config: { access: access.authenticated }, schema: { body: lookupBody, response: lookupResponse } },
      async (request) => {
        const ctx = contextOf(request);
        const rows = await new TenantData(handle.db, ctx.tenantId)
          .selectFrom('cubeAgentCompany')
          .innerJoin('cubeAgentCompanyUser', (join) =>
            join
              .onRef('cubeAgentCompanyUser.companyId', '=', 'cubeAgentCompany.id')
              .on('cubeAgentCompanyUser.tenantId', '=', ctx.tenantId)
              .on('cubeAgentCompanyUser.userId', '=', ctx.userId),
          )
          .select(LOOKUP_COLUMNS.map((c) => `cubeAgentCompany.${c}` as const))
          .orderBy('cubeAgentCompany.uniName')
          .limit(LOOKUP_MAX)
          .execute();
        return ok(rows.map((r) => toLookup(r as Record<string, unknown>)));
      },
    );
  },
);
