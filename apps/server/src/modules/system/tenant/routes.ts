import {
  CommonMessage,
  PLATFORM_TENANT_ID,
  TenantCode,
  tenantAdminPasswordSchema,
  tenantCreatedSchema,
  tenantEntity,
  tenantPackageEntity,
  tenantSettingSchema,
} from '@cube/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../../platform/access.js';
import { isPlatformAdmin } from '../../../platform/context.js';
import { registerCrud } from '../../../platform/crud/index.js';
import { idsSchema, optionalIdSchema, parseOrRefuse } from '../../../platform/crud/params.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { done, ok, rEmpty, rSchema } from '../../../platform/envelope.js';
import { AppError, BizError, NotFoundError } from '../../../platform/errors.js';
import { isId } from '../../../platform/ids.js';
import { describeConnectionFailure } from '../../../platform/tenant-databases.js';
import {
  datasourceExists,
  datasourceNames,
  findPackage,
  findTenant,
  liveTenants,
  packageIdsOfTenant,
  packageNames,
  updateTenantDatasource,
  updateTenantPackage,
  updateTenantSetting,
} from './tenant.queries.js';
import { grantPackageToAdmins, requirePackage, tenantHooks, tenantPackageHooks } from './tenant-save.js';

const M = tenantEntity.messages;

/** Query string first, then a form or JSON body: BladeX clients send these parameters either way. */
function params(request: FastifyRequest): Record<string, unknown> {
  const body =
    request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  return { ...body, ...(request.query as Record<string, unknown>) };
}

const packageRecord = tenantPackageEntity.record;

/**
 * Tenants and tenant packages. Tenants are administered by the platform administrator only: every
 * route needs the platform administrator, whatever codes a tenant role was granted.
 */
export const tenantModule = defineModule('system/tenant', (app: FastifyInstance, deps: AppDeps): void => {
  const handle = deps.db;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const platform = (code: string) => access.permission(code, { platformOnly: true });

  // ---- Tenant packages -------------------------------------------------------------------------------------
  registerCrud(app, deps, tenantPackageEntity, {
    table: 'cubeTenantPackage',
    operations: ['list', 'detail', 'submit', 'remove', 'select'],
    selectColumns: ['id', 'packageName'],
    // `select` is open to any signed-in user; outside the platform it shows the caller's own tenant's package.
    where: (qb, ctx) =>
      isPlatformAdmin(ctx)
        ? qb
        : qb.where('cubeTenantPackage.id', 'in', packageIdsOfTenant(handle.db, ctx.tenantId)),
    hooks: tenantPackageHooks,
  });

  // ---- Tenants ---------------------------------------------------------------------------------------------
  const kit = registerCrud(app, deps, tenantEntity, {
    table: 'cubeTenant',
    operations: ['list', 'detail', 'submit', 'remove', 'select'],
    computed: ['packageName', 'datasourceName'],
    selectColumns: ['id', 'tenantId', 'tenantName'],
    // A picker's `select` is open to any signed-in user; outside the platform it lists the caller's own tenant.
    where: (qb, ctx) => (isPlatformAdmin(ctx) ? qb : qb.where('cubeTenant.tenantId', '=', ctx.tenantId)),
    toRecord: async (records, db) => {
      const packageIds = [...new Set(records.map((r) => String(r.packageId ?? '')).filter(isId))];
      const names = await packageNames(db, packageIds);
      const sourceIds = [...new Set(records.map((r) => String(r.datasourceId ?? '')).filter(isId))];
      const sources = await datasourceNames(db, sourceIds);
      // `select` answers only id, tenantId and tenantName; list and detail carry the package's and datasource's names.
      return records.map((r) =>
        'packageId' in r
          ? {
              ...r,
              packageName: names.get(String(r.packageId ?? '')) ?? '',
              datasourceName: sources.get(String(r.datasourceId ?? '')) ?? '',
            }
          : r,
      );
    },
    // Create provisions the tenant (and may take the administrator's first password); update changes its own
    // fields only.
    submit: {
      summary: '新增或修改（新增时开通租户）',
      extraBody: { adminPassword: tenantAdminPasswordSchema },
      answer: tenantCreatedSchema,
    },
    hooks: tenantHooks,
  });

  // 授权配置: account quota and expiry of several tenants at once, all or nothing.
  api.post(
    `${kit.prefix}/setting`,
    {
      config: { access: platform(TenantCode.setting) },
      schema: { summary: '授权配置', response: { 200: rEmpty } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const p = params(request);
      const ids = parseOrRefuse(idsSchema, p.ids);
      const setting = parseOrRefuse(tenantSettingSchema, {
        accountNumber: p.accountNumber,
        expireTime: p.expireTime,
      });
      await handle.db.transaction().execute(async (trx) => {
        const found = await liveTenants(trx, ids);
        if (found.length !== ids.length) throw new NotFoundError();
        if (found.some((t) => t.tenantId === PLATFORM_TENANT_ID)) throw new BizError(M.platformNotSettable);
        await updateTenantSetting(trx, ctx, ids, setting);
      });
      return done();
    },
  );

  // 数据源配置 (BladeX `tenant/datasource?tenantId=&datasourceId=`): binds the tenant's business data to a
  // datasource, or with an empty `datasourceId` brings it back to the master. The target gets the migrations, the
  // tenant's rows are copied there and the binding flips, or nothing changes (platform/tenant-databases.ts).
  api.post(
    `${kit.prefix}/datasource`,
    {
      config: { access: platform(TenantCode.datasource) },
      schema: { summary: '数据源配置', response: { 200: rEmpty } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const p = params(request);
      const key = typeof p.tenantId === 'string' || typeof p.tenantId === 'number' ? String(p.tenantId) : '';
      if (!key) throw new BizError('缺少必要的请求参数: tenantId');
      const datasourceId = parseOrRefuse(optionalIdSchema, p.datasourceId) ?? '';
      const tenant = await findTenant(handle.db, key);
      if (!tenant) throw new NotFoundError();
      if (tenant.tenantId === PLATFORM_TENANT_ID) throw new BizError(M.datasourcePlatform);
      if (!deps.datasources.supported) throw new BizError(M.datasourceSqlite);
      if (datasourceId && !(await datasourceExists(handle.db, datasourceId)))
        throw new BizError(M.datasourceInvalid);
      const current = String(tenant.datasourceId ?? '');
      if (current === datasourceId) return done();
      try {
        await deps.datasources.move(
          { id: String(tenant.id), tenantId: tenant.tenantId, datasourceId: current },
          datasourceId,
          (trx) => updateTenantDatasource(trx, ctx, String(tenant.id), datasourceId),
          (reason) => new BizError(reason === 'occupied' ? M.datasourceOccupied : M.datasourceChanged),
        );
      } catch (error) {
        if (error instanceof AppError) throw error;
        request.log.warn({ err: error, tenantId: tenant.tenantId }, 'tenant datasource move failed');
        throw new BizError(`${M.datasourceMoveFailed}: ${describeConnectionFailure(error)}`);
      }
      request.log.info(
        { event: 'tenant_datasource', tenantId: tenant.tenantId, datasourceId, userId: ctx.userId },
        'tenant datasource changed',
      );
      return done();
    },
  );

  // BladeX `info_TD`: one tenant's record for the administrator, by row id or 6-digit tenant id. The public
  // `info?domain=` (site info, before sign-in) is the site module's.
  api.get(
    `${kit.prefix}/info_TD`,
    {
      config: { access: platform(tenantEntity.permissions.read) },
      schema: {
        summary: '租户详情',
        querystring: z.object({ id: z.string().max(32).optional(), tenantId: z.string().max(32).optional() }),
        response: { 200: rSchema(tenantEntity.record) },
      },
    },
    async (request) => {
      const key = request.query.id || request.query.tenantId || '';
      if (!key) throw new BizError(CommonMessage.idMissing);
      const found = await findTenant(handle.db, key);
      if (!found) throw new NotFoundError();
      const row = await kit
        .rows(handle.db, contextOf(request))
        .selectAll()
        .where('cubeTenant.id', '=', found.id)
        .executeTakeFirst();
      if (!row) throw new NotFoundError();
      const [shown] = await kit.present([row]);
      return ok(tenantEntity.record.parse(shown));
    },
  );

  // The tenant's package (`tenantId` = the tenant's row id, as BladeX; a 6-digit tenant id is accepted too);
  // `{}` when the tenant has none.
  api.get(
    `${kit.prefix}/package-detail`,
    {
      config: { access: platform(tenantEntity.permissions.read) },
      schema: {
        summary: '租户产品包详情',
        querystring: z.object({ tenantId: z.string().max(32).optional() }).loose(),
        response: { 200: rSchema(z.union([packageRecord, z.object({}).strict()])) },
      },
    },
    async (request) => {
      const key = request.query.tenantId ?? '';
      if (!key) throw new BizError('缺少必要的请求参数: tenantId');
      const tenant = await findTenant(handle.db, key);
      if (!tenant) throw new NotFoundError();
      const packageId = String(tenant.packageId ?? '');
      if (!isId(packageId)) return ok({});
      const row = await findPackage(handle.db, packageId);
      if (!row) return ok({});
      const shown = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v ?? '']));
      return ok(packageRecord.parse(shown));
    },
  );

  // 产品包配置: sets (or, with an empty `packageId`, clears) a tenant's package; its administrators are granted
  // the new package's menus. Codes outside it stop counting on the next request (the write drops every cached session state).
  api.post(
    `${kit.prefix}/package-setting`,
    {
      config: { access: platform(TenantCode.packageSetting) },
      schema: { summary: '产品包配置', response: { 200: rEmpty } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const p = params(request);
      const key = typeof p.tenantId === 'string' || typeof p.tenantId === 'number' ? String(p.tenantId) : '';
      if (!key) throw new BizError('缺少必要的请求参数: tenantId');
      const packageId = parseOrRefuse(optionalIdSchema, p.packageId);
      await handle.db.transaction().execute(async (trx) => {
        const tenant = await findTenant(trx, key);
        if (!tenant) throw new NotFoundError();
        if (tenant.tenantId === PLATFORM_TENANT_ID) throw new BizError(M.platformNotSettable);
        if (packageId) await requirePackage(trx, packageId);
        await updateTenantPackage(trx, ctx, tenant.id, packageId);
        if (packageId) await grantPackageToAdmins(trx, tenant.tenantId);
      });
      return done();
    },
  );
});
