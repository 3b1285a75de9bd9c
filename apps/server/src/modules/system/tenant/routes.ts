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
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../db/types.js';
import { access, contextOf, requirePermission } from '../../../platform/access.js';
import { isPlatformAdmin } from '../../../platform/context.js';
import { registerCrud } from '../../../platform/crud/index.js';
import { idsSchema, optionalIdSchema, parseOrRefuse } from '../../../platform/crud/params.js';
import { now } from '../../../platform/dates.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { done, ok, rEmpty, rSchema } from '../../../platform/envelope.js';
import { BizError, NotFoundError } from '../../../platform/errors.js';
import { isId, newId } from '../../../platform/ids.js';
import { normalizeDomain } from '../site/routes.js';
import { parseMenuIds } from './package-menus.js';
import {
  defaultAccountNumber,
  defaultGrants,
  grantMenus,
  newTenantId,
  provisionTenant,
} from './provision.js';

type Executor = Kysely<Database> | Transaction<Database>;
const M = tenantEntity.messages;

/** Query string first, then a form or JSON body: BladeX clients send these parameters either way. */
function params(request: FastifyRequest): Record<string, unknown> {
  const body =
    request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  return { ...body, ...(request.query as Record<string, unknown>) };
}

/** A live package, or a 400 naming it as missing. */
async function requirePackage(db: Executor, packageId: string): Promise<void> {
  const found = await db
    .selectFrom('cubeTenantPackage')
    .select('id')
    .where('id', '=', packageId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!found) throw new BizError(M.packageInvalid);
}

/** Two live tenants never share a site address: the public site info resolves a tenant by it. */
async function requireFreeDomain(db: Executor, domain: string, exceptId?: string): Promise<void> {
  const wanted = normalizeDomain(domain);
  if (!wanted) return;
  let q = db
    .selectFrom('cubeTenant')
    .select(['id', 'domain'])
    .where('isDeleted', '=', 0)
    .where('domain', '<>', '');
  if (exceptId) q = q.where('id', '<>', exceptId);
  const rows = await q.execute();
  if (rows.some((r) => normalizeDomain(r.domain) === wanted)) throw new BizError(M.domainExists);
}

/** The live tenant a BladeX client names by row id (its `tenantId` parameter) or by 6-digit tenant id. */
async function findTenant(db: Executor, key: string) {
  const base = db.selectFrom('cubeTenant').select(['id', 'tenantId', 'packageId']).where('isDeleted', '=', 0);
  const byId = isId(key) ? await base.where('id', '=', key).executeTakeFirst() : undefined;
  return (
    byId ?? (/^\d{6}$/.test(key) ? await base.where('tenantId', '=', key).executeTakeFirst() : undefined)
  );
}

/** The tenant's administrator roles (alias `admin`): what a package change grants its menus to. */
async function adminRoleIds(db: Executor, tenantId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('cubeRole')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('roleAlias', '=', 'admin')
    .where('isDeleted', '=', 0)
    .execute();
  return rows.map((r) => String(r.id));
}

const packageRecord = tenantPackageEntity.record;

/**
 * Tenants and tenant packages (contract §9). Tenants are administered by the platform administrator only: every
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
        : qb.where(
            'cubeTenantPackage.id',
            'in',
            handle.db
              .selectFrom('cubeTenant')
              .select('cubeTenant.packageId')
              .where('cubeTenant.tenantId', '=', ctx.tenantId)
              .where('cubeTenant.isDeleted', '=', 0),
          ),
    hooks: {
      beforeSave: [
        async ({ trx, values }) => {
          // Every chosen id must be a live menu or button: a package cannot smuggle in ids that appear later.
          const ids = parseMenuIds(String(values.menuId ?? ''));
          const found = await trx
            .selectFrom('cubeMenu')
            .select('id')
            .where('id', 'in', ids)
            .where('isDeleted', '=', 0)
            .execute();
          if (found.length !== ids.length) throw new BizError(tenantPackageEntity.messages.menuInvalid);
        },
      ],
      afterRemove: [
        async ({ trx, ids }) => {
          const inUse = await trx
            .selectFrom('cubeTenant')
            .select('id')
            .where('packageId', 'in', ids)
            .where('isDeleted', '=', 0)
            .executeTakeFirst();
          // Thrown inside the remove transaction: nothing stays removed.
          if (inUse) throw new BizError(tenantPackageEntity.messages.inUse);
        },
      ],
    },
  });

  // ---- Tenants ---------------------------------------------------------------------------------------------
  const kit = registerCrud(app, deps, tenantEntity, {
    table: 'cubeTenant',
    operations: ['list', 'detail', 'remove', 'select'],
    computed: ['packageName'],
    selectColumns: ['id', 'tenantId', 'tenantName'],
    // A picker's `select` is open to any signed-in user; outside the platform it lists the caller's own tenant.
    where: (qb, ctx) => (isPlatformAdmin(ctx) ? qb : qb.where('cubeTenant.tenantId', '=', ctx.tenantId)),
    toRecord: async (records, db) => {
      const packageIds = [...new Set(records.map((r) => String(r.packageId ?? '')).filter(isId))];
      const names = new Map<string, string>();
      if (packageIds.length > 0) {
        const rows = await db
          .selectFrom('cubeTenantPackage')
          .select(['id', 'packageName'])
          .where('id', 'in', packageIds)
          .where('isDeleted', '=', 0)
          .execute();
        for (const row of rows) names.set(String(row.id), row.packageName);
      }
      // `select` answers only id, tenantId and tenantName; list and detail carry the package's name.
      return records.map((r) =>
        'packageId' in r ? { ...r, packageName: names.get(String(r.packageId ?? '')) ?? '' } : r,
      );
    },
    hooks: {
      afterRemove: [
        async ({ trx, ids }) => {
          const platformRow = await trx
            .selectFrom('cubeTenant')
            .select('id')
            .where('id', 'in', ids)
            .where('tenantId', '=', PLATFORM_TENANT_ID)
            .executeTakeFirst();
          // Thrown inside the remove transaction, so no tenant of the request stays removed.
          if (platformRow) throw new BizError(M.platformNotRemovable);
          // The tenant's sessions end with it: the access hook finds no live tenant, and the write to cube_tenant
          // drops every cached session state (D13). Its users cannot sign in: the login requires a live tenant.
        },
      ],
    },
  });

  // Create provisions the tenant; update changes its own fields only. The add/edit code is checked once the
  // body says which of the two it is.
  const submitBody = tenantEntity.input.extend({
    id: optionalIdSchema,
    adminPassword: tenantAdminPasswordSchema,
  });
  api.post(
    `${kit.prefix}/submit`,
    {
      config: { access: platform(tenantEntity.permissions.read) },
      schema: {
        summary: '新增或修改（新增时开通租户）',
        body: submitBody,
        response: { 200: rSchema(tenantCreatedSchema) },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const { id, adminPassword, ...values } = request.body;
      await requirePermission(handle, ctx, id ? tenantEntity.permissions.edit : tenantEntity.permissions.add);
      const stamp = now();
      const answer = await handle.db.transaction().execute(async (trx) => {
        if (values.packageId) await requirePackage(trx, values.packageId);
        await requireFreeDomain(trx, values.domain, id);
        let sameName = trx
          .selectFrom('cubeTenant')
          .select('id')
          .where('tenantName', '=', values.tenantName)
          .where('isDeleted', '=', 0);
        if (id) sameName = sameName.where('id', '<>', id);
        if (await sameName.executeTakeFirst()) throw new BizError(M.tenantNameExists);
        if (id) {
          const current = await trx
            .selectFrom('cubeTenant')
            .select(['tenantId', 'packageId'])
            .where('id', '=', id)
            .where('isDeleted', '=', 0)
            .executeTakeFirst();
          if (!current) throw new NotFoundError();
          if (values.packageId && current.tenantId === PLATFORM_TENANT_ID)
            throw new BizError(M.platformNotSettable);
          await trx
            .updateTable('cubeTenant')
            .set({ ...values, updateUser: ctx.userId, updateTime: stamp })
            .where('id', '=', id)
            .execute();
          if (values.packageId && String(current.packageId ?? '') !== values.packageId)
            await grantPackageToAdmins(trx, current.tenantId);
          return { id };
        }
        const tenantId = await newTenantId(trx);
        const rowId = newId();
        await trx
          .insertInto('cubeTenant')
          .values({
            id: rowId,
            tenantId,
            tenantName: values.tenantName,
            domain: values.domain,
            backgroundUrl: values.backgroundUrl,
            linkman: values.linkman,
            contactNumber: values.contactNumber,
            address: values.address,
            licenseKey: '',
            accountNumber: await defaultAccountNumber(trx),
            expireTime: null,
            packageId: values.packageId ?? null,
            datasourceId: null,
            createUser: ctx.userId,
            createDept: ctx.deptId || null,
            createTime: stamp,
            updateUser: ctx.userId,
            updateTime: stamp,
            status: 1,
            isDeleted: 0,
          })
          .execute();
        const provisioned = await provisionTenant(trx, ctx, {
          tenantId,
          tenantName: values.tenantName,
          adminPassword,
        });
        request.log.info(
          { event: 'tenant_created', tenantId, by: ctx.userId, generatedPassword: !adminPassword },
          'tenant provisioned',
        );
        return {
          id: rowId,
          tenantId,
          adminAccount: provisioned.adminAccount,
          ...(provisioned.generatedPassword ? { adminPassword: provisioned.generatedPassword } : {}),
        };
      });
      return ok(answer);
    },
  );

  /** Grants the tenant's current package to its administrator roles (what a new package offers them). */
  async function grantPackageToAdmins(trx: Transaction<Database>, tenantId: string): Promise<void> {
    const menus = await defaultGrants(trx, tenantId);
    for (const roleId of await adminRoleIds(trx, tenantId)) await grantMenus(trx, roleId, menus);
  }

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
        const found = await trx
          .selectFrom('cubeTenant')
          .select(['id', 'tenantId'])
          .where('id', 'in', ids)
          .where('isDeleted', '=', 0)
          .execute();
        if (found.length !== ids.length) throw new NotFoundError();
        if (found.some((t) => t.tenantId === PLATFORM_TENANT_ID)) throw new BizError(M.platformNotSettable);
        await trx
          .updateTable('cubeTenant')
          .set({
            accountNumber: setting.accountNumber,
            expireTime: setting.expireTime || null,
            updateUser: ctx.userId,
            updateTime: now(),
          })
          .where('id', 'in', ids)
          .execute();
      });
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
      const [shown] = await kit.present([row as Record<string, unknown>]);
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
      const row = await handle.db
        .selectFrom('cubeTenantPackage')
        .selectAll()
        .where('id', '=', packageId)
        .where('isDeleted', '=', 0)
        .executeTakeFirst();
      if (!row) return ok({});
      const shown = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v ?? '']));
      return ok(packageRecord.parse(shown));
    },
  );

  // 产品包配置: sets (or, with an empty `packageId`, clears) a tenant's package; its administrators are granted
  // the new package's menus. Codes outside it stop counting on the next request (D13 invalidation).
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
        await trx
          .updateTable('cubeTenant')
          .set({ packageId: packageId ?? null, updateUser: ctx.userId, updateTime: now() })
          .where('id', '=', tenant.id)
          .execute();
        if (packageId) await grantPackageToAdmins(trx, tenant.tenantId);
      });
      return done();
    },
  );
});
