import { PLATFORM_TENANT_ID } from '@cube/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/types.js';
import { newId } from '../../../platform/ids.js';
import { live } from '../../../platform/rows.js';

type Db = Kysely<Database>;

/**
 * What a site is made of: the enabled tenants that own a domain (or the fallback tenant), and the branding
 * resources of the platform and one tenant. The caller opens the row scope these cross-tenant reads need.
 */

export interface DomainTenant {
  tenantId: string;
  tenantName: string;
  domain: string;
  backgroundUrl: string;
  expireTime: string | null;
}

/** Enabled, live tenants that own a domain, plus the fallback tenant when one is named. */
export function domainTenants(db: Db, fallbackTenantId?: string): Promise<DomainTenant[]> {
  return db
    .selectFrom('cubeTenant')
    .select(['tenantId', 'tenantName', 'domain', 'backgroundUrl', 'expireTime'])
    .$call(live)
    .where('status', '=', 1)
    .where((eb) =>
      fallbackTenantId
        ? eb.or([eb('domain', '<>', ''), eb('tenantId', '=', fallbackTenantId)])
        : eb('domain', '<>', ''),
    )
    .execute();
}

/**
 * Resource values by code: the platform's defaults overlaid by the tenant's own (no tenant: the defaults only),
 * optionally limited to some codes.
 */
export async function siteResources(
  db: Db,
  tenantId: string | undefined,
  codes?: readonly string[],
): Promise<Map<string, string>> {
  let query = db
    .selectFrom('cubeSiteResource')
    .select(['tenantId', 'resourcesCode', 'resourcesContent'])
    .where('tenantId', 'in', tenantId ? [PLATFORM_TENANT_ID, tenantId] : [PLATFORM_TENANT_ID]);
  if (codes) query = query.where('resourcesCode', 'in', [...codes]);
  const rows = await query.execute();
  const resources = new Map<string, string>();
  for (const row of rows.filter((r) => r.tenantId === PLATFORM_TENANT_ID))
    resources.set(row.resourcesCode, row.resourcesContent);
  for (const row of rows.filter((r) => r.tenantId !== PLATFORM_TENANT_ID))
    resources.set(row.resourcesCode, row.resourcesContent);
  return resources;
}

/**
 * Writes a tenant's own resource values in one transaction. A blank value the tenant never set stays unset, so
 * the platform's default keeps applying.
 */
export async function saveTenantResources(
  db: Db,
  tenantId: string,
  values: ReadonlyArray<readonly [code: string, content: string]>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [code, content] of values) {
      const existing = await trx
        .selectFrom('cubeSiteResource')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('resourcesCode', '=', code)
        .executeTakeFirst();
      if (existing)
        await trx
          .updateTable('cubeSiteResource')
          .set({ resourcesContent: content })
          .where('id', '=', existing.id)
          .where('tenantId', '=', tenantId)
          .execute();
      else if (content)
        await trx
          .insertInto('cubeSiteResource')
          .values({ id: newId(), tenantId, resourcesCode: code, resourcesContent: content })
          .execute();
    }
  });
}
