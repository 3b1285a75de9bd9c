import {
  DEFAULT_TENANT_ID,
  PLATFORM_TENANT_ID,
  type RuntimeConfig,
  type SiteInfo,
  siteInfoSchema,
  TOKEN_TIME_SECONDS,
} from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withPlatformScope } from '../../../db/row-scope.js';
import { access } from '../../../platform/access.js';
import { isPast } from '../../../platform/dates.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { ok, rSchema } from '../../../platform/envelope.js';
import { anyProviderEnabled } from '../../identity/oauth.queries.js';

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
    const live = (t: { tenantId: string; expireTime: string | null }) =>
      t.tenantId === PLATFORM_TENANT_ID || !isPast(t.expireTime);
    const tenants = await db
      .selectFrom('cubeTenant')
      .select(['tenantId', 'tenantName', 'domain', 'backgroundUrl', 'expireTime'])
      .where('isDeleted', '=', 0)
      .where('status', '=', 1)
      .where((eb) =>
        fallbackTenantId
          ? eb.or([eb('domain', '<>', ''), eb('tenantId', '=', fallbackTenantId)])
          : eb('domain', '<>', ''),
      )
      .execute();
    const owner = domain
      ? tenants.find((t) => t.domain && normalizeDomain(t.domain) === domain && live(t))
      : undefined;
    const tenant =
      owner ??
      (fallbackTenantId ? tenants.find((t) => t.tenantId === fallbackTenantId && live(t)) : undefined);
    const resourceRows = await db
      .selectFrom('cubeSiteResource')
      .select(['tenantId', 'resourcesCode', 'resourcesContent'])
      .where('tenantId', 'in', tenant ? [PLATFORM_TENANT_ID, tenant.tenantId] : [PLATFORM_TENANT_ID])
      .execute();
    const resources = new Map<string, string>();
    for (const row of resourceRows.filter((r) => r.tenantId === PLATFORM_TENANT_ID))
      resources.set(row.resourcesCode, row.resourcesContent);
    for (const row of resourceRows.filter((r) => r.tenantId !== PLATFORM_TENANT_ID))
      resources.set(row.resourcesCode, row.resourcesContent);
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

/**
 * Site info (no token): the tenant whose domain is the site's base address, its branding resources over the
 * platform defaults, and the web app's runtime configuration. The web app calls it before it mounts.
 */
export const siteModule = defineModule('system/site', (app: FastifyInstance, deps: AppDeps): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/cube-system/tenant/info',
    {
      config: { access: access.public, rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        querystring: z.object({ domain: z.string().max(500).optional().default('') }),
        response: { 200: rSchema(siteInfoSchema) },
      },
    },
    async (request) => ok(await loadSiteInfo(deps, request.query.domain)),
  );
});
