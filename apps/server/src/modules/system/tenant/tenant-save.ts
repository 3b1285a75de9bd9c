import { PLATFORM_TENANT_ID, tenantEntity, tenantPackageEntity } from '@cube/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';
import type { CrudHooks, SaveEvent } from '../../../platform/crud/index.js';
import { BizError } from '../../../platform/errors.js';
import { parseMenuIds, platformOnlyIds } from '../../../platform/tenant-package.js';
import {
  defaultAccountNumber,
  defaultGrants,
  grantMenus,
  newTenantId,
  provisionTenant,
} from './provision.js';
import {
  adminRoleIds,
  domainTaken,
  includesPlatformTenant,
  liveMenuCount,
  liveMenuTree,
  packageExists,
  packageInUse,
} from './tenant.queries.js';

const M = tenantEntity.messages;

/** A live package, or a 400 naming it as missing. */
export async function requirePackage(db: Transaction<Database>, packageId: string): Promise<void> {
  if (!(await packageExists(db, packageId))) throw new BizError(M.packageInvalid);
}

/** Grants the tenant's current package to its administrator roles (what a new package offers them). */
export async function grantPackageToAdmins(trx: Transaction<Database>, tenantId: string): Promise<void> {
  const menus = await defaultGrants(trx, tenantId);
  for (const roleId of await adminRoleIds(trx, tenantId)) await grantMenus(trx, roleId, menus);
}

/**
 * A tenant's save on the kit's submit: the package must be live and the site address free (two live tenants
 * never share one: the public site info resolves a tenant by it), then the kit's checks and the unique name. A
 * create generates the 6-digit tenant id and the quota, and provisions the tenant in the same transaction
 * (role, department, post, administrator, dictionaries, grants); the answer shows the administrator's account and,
 * when it was generated, its first password, once. An update cannot give the platform tenant a package; a new
 * package is granted to the tenant's administrators.
 */
export const tenantHooks: CrudHooks<'cubeTenant'> = {
  beforeValidate: [
    async ({ trx, id, values }) => {
      if (values.packageId) await requirePackage(trx, String(values.packageId));
      if (await domainTaken(trx, String(values.domain ?? ''), id)) throw new BizError(M.domainExists);
    },
  ],
  beforeSave: [
    async ({ trx, id, values, columns }) => {
      if (id) return;
      Object.assign(columns, {
        tenantId: await newTenantId(trx),
        licenseKey: '',
        accountNumber: await defaultAccountNumber(trx),
        expireTime: null,
        packageId: values.packageId ?? null,
        datasourceId: null,
      });
    },
  ],
  afterSave: [
    async (event) => {
      if (event.id) await afterTenantUpdate(event);
      else await provision(event);
    },
  ],
  afterRemove: [
    async ({ trx, ids }) => {
      // Thrown inside the remove transaction, so no tenant of the request stays removed.
      if (await includesPlatformTenant(trx, ids)) throw new BizError(M.platformNotRemovable);
      // The tenant's sessions end with it: the access hook finds no live tenant, and the write to cube_tenant
      // drops every cached session state. Its users cannot sign in: the login requires a live tenant.
    },
  ],
};

async function afterTenantUpdate({ trx, values, current }: SaveEvent<'cubeTenant'>): Promise<void> {
  const tenantId = String(current?.tenantId);
  // Inside the transaction: the refusal undoes the update.
  if (values.packageId && tenantId === PLATFORM_TENANT_ID) throw new BizError(M.platformNotSettable);
  if (values.packageId && String(current?.packageId ?? '') !== values.packageId)
    await grantPackageToAdmins(trx, tenantId);
}

async function provision(event: SaveEvent<'cubeTenant'>): Promise<void> {
  const { trx, ctx, values, columns, body } = event;
  const tenantId = String(columns.tenantId);
  const adminPassword = body.adminPassword as string | undefined;
  const provisioned = await provisionTenant(trx, ctx, {
    tenantId,
    tenantName: String(values.tenantName),
    adminPassword,
  });
  event.log.info(
    { event: 'tenant_created', tenantId, by: ctx.userId, generatedPassword: !adminPassword },
    'tenant provisioned',
  );
  event.answer = {
    tenantId,
    adminAccount: provisioned.adminAccount,
    ...(provisioned.generatedPassword ? { adminPassword: provisioned.generatedPassword } : {}),
  };
}

/** A package lists live menus and buttons only, and stays while a live tenant uses it. */
export const tenantPackageHooks: CrudHooks<'cubeTenantPackage'> = {
  beforeSave: [
    async ({ trx, values }) => {
      // Every chosen id must be a live menu or button: a package cannot smuggle in ids that appear later.
      const ids = parseMenuIds(String(values.menuId ?? ''));
      if ((await liveMenuCount(trx, ids)) !== ids.length)
        throw new BizError(tenantPackageEntity.messages.menuInvalid);
      // A package is for tenants: the platform's own screens are never in one (the editor does not offer them).
      const platformOnly = platformOnlyIds(await liveMenuTree(trx));
      if (ids.some((id) => platformOnly.has(id)))
        throw new BizError(tenantPackageEntity.messages.menuPlatformOnly);
    },
  ],
  afterRemove: [
    async ({ trx, ids }) => {
      // Thrown inside the remove transaction: nothing stays removed.
      if (await packageInUse(trx, ids)) throw new BizError(tenantPackageEntity.messages.inUse);
    },
  ],
};
