import { DEFAULT_TENANT_ID, type RuntimeConfig } from '@cube/contract';

type TenantConfig = Pick<RuntimeConfig, 'tenantMode' | 'defaultTenantId'>;

/** The tenant field shows only in tenant mode and when the site address names no tenant. */
export function asksForTenant(config: TenantConfig, siteTenantId: string): boolean {
  return config.tenantMode && !siteTenantId;
}

/** The value the tenant field starts with (default tenant 100000). */
export function initialTenantId(config: TenantConfig): string {
  return config.defaultTenantId || DEFAULT_TENANT_ID;
}

/** The tenant a login goes to: the site's own tenant, else the typed one in tenant mode, else the default. */
export function loginTenantId(config: TenantConfig, siteTenantId: string, typedTenantId?: string): string {
  if (siteTenantId) return siteTenantId;
  if (config.tenantMode) return typedTenantId?.trim() ?? '';
  return initialTenantId(config);
}
