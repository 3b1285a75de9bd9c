import {
  DEFAULT_TENANT_ID,
  PLATFORM_TENANT_ID,
  type RuntimeConfig,
  type SiteInfo,
  TOKEN_TIME_SECONDS,
} from '@cube/contract';
import { withPlatformScope } from '../../../db/row-scope.js';
import { isPast } from '../../../platform/dates.js';
import type { AppDeps } from '../../../platform/deps.js';
import { sm2KeysIn } from '../../auth/sm2.js';
import { anyProviderEnabled } from '../../identity/oauth.queries.js';
import { domainTenants, siteResources } from './site.queries.js';

/**
 * The site a domain names: its tenant, that tenant's branding over the platform's, and the web app's runtime
 * configuration. Read by the site-info call, the public website and the public customer form.
 */

/** `https://Portal.Example.com:8443/` → `portal.example.com:8443`; tenants store their domain either way. */
export function normalizeDomain(value: string): string {
  const trimmed = value.trim().toLowerCase();
  if (!trimmed) return '';
  try {
    return new URL(/^[a-z]+:\/\//.test(trimmed) ? trimmed : `http://${trimmed}`).host;
  } catch {
    return '';
  }
}

/** `socialMode` says whether the site's tenant offers a third-party login (an enabled provider). */
export function runtimeConfig(deps: AppDeps, socialMode = false): RuntimeConfig {
  const { config } = deps;
  return {
    clientId: config.webClient.clientId,
    clientSecret: config.webClient.clientSecret,
    tenantMode: true,
    defaultTenantId: DEFAULT_TENANT_ID,
    captchaMode: config.features.captcha,
    switchMode: config.features.switchMode,
    languageMode: config.features.languageMode,
    socialMode,
    chatMode: config.chat.baseUrl !== '',
    tokenTime: TOKEN_TIME_SECONDS,
    siteKey: config.siteKey,
    // Saber's `website.publicKey`: the SM2 key a BladeX console encrypts the login password with (the same one
    // `GET /api/cube-auth/public-key` answers), so a console reads it with the site instead of compiling it in.
    publicKey: sm2KeysIn(config.dataDir)().publicKey,
  };
}

/**
 * The site-info answer for a domain. `fallbackTenantId` names the tenant whose branding to use when no tenant
 * owns the domain (the public website falls back to the default tenant; the login page does not).
 */
export function loadSiteInfo(deps: AppDeps, rawDomain: string, fallbackTenantId?: string): Promise<SiteInfo> {
  // Which tenant a domain belongs to is a question across tenants, asked before anyone signs in, and the
  // answer merges the platform's branding with that tenant's: the platform row scope, for reads only.
  return withPlatformScope(async () => {
    const domain = normalizeDomain(rawDomain);
    const { db } = deps.db;
    const usable = (t: { tenantId: string; expireTime: string | null }) =>
      t.tenantId === PLATFORM_TENANT_ID || !isPast(t.expireTime);
    const tenants = await domainTenants(db, fallbackTenantId);
    const owner = domain
      ? tenants.find((t) => t.domain && normalizeDomain(t.domain) === domain && usable(t))
      : undefined;
    const tenant =
      owner ??
      (fallbackTenantId ? tenants.find((t) => t.tenantId === fallbackTenantId && usable(t)) : undefined);
    const resources = await siteResources(db, tenant?.tenantId);
    return {
      tenantId: tenant?.tenantId ?? '',
      tenantName: tenant?.tenantName ?? '',
      domain: owner ? domain : '',
      backgroundUrl: tenant?.backgroundUrl ?? '',
      resources: [...resources].map(([resources_code, resources_content]) => ({
        resources_code,
        resources_content,
      })),
      config: runtimeConfig(deps, await anyProviderEnabled(deps.db.db, tenant?.tenantId)),
    };
  });
}
