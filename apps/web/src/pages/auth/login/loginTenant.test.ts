import { describe, expect, it } from 'vitest';
import { asksForTenant, initialTenantId, loginTenantId } from './loginTenant';

describe('login tenant', () => {
  const tenantMode = { tenantMode: true, defaultTenantId: '100000' };
  const singleTenant = { tenantMode: false, defaultTenantId: '100000' };

  it('asks for the tenant only in tenant mode when the site address names none', () => {
    expect(asksForTenant(tenantMode, '')).toBe(true);
    expect(asksForTenant(tenantMode, '200000')).toBe(false);
    expect(asksForTenant(singleTenant, '')).toBe(false);
  });

  it('starts the field at the configured default tenant, 100000 when unset', () => {
    expect(initialTenantId(tenantMode)).toBe('100000');
    expect(initialTenantId({ tenantMode: true, defaultTenantId: '' })).toBe('100000');
    expect(initialTenantId({ tenantMode: true, defaultTenantId: '300000' })).toBe('300000');
  });

  it("logs in to the site's tenant, else the typed one, else the default", () => {
    expect(loginTenantId(tenantMode, '200000', '999999')).toBe('200000');
    expect(loginTenantId(tenantMode, '', ' 300000 ')).toBe('300000');
    expect(loginTenantId(singleTenant, '', '999999')).toBe('100000');
  });
});
