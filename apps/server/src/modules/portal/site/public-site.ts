import { DEFAULT_TENANT_ID, type PublicSiteProfile, type SiteInfo } from '@cube/contract';
import type { AppDeps } from '../../../platform/deps.js';
import { loadSiteInfo } from '../../system/site/site-info.js';
import { sanitizeRichText } from './sanitize.js';

/** The site a request's host names: its tenant and that tenant's branding, for the public calls and pages. */

export interface PublicSite {
  tenantId: string;
  info: SiteInfo;
  profile: PublicSiteProfile;
}

/**
 * The site of a request's host: the tenant whose domain it is, else the default tenant (tenant mode is on
 * with default tenant 100000), so a fresh install answers on any address it is reached by.
 */
export async function siteOfHost(deps: AppDeps, host: string): Promise<PublicSite> {
  const info = await loadSiteInfo(deps, host, DEFAULT_TENANT_ID);
  const resource = (code: string) =>
    info.resources.find((r) => r.resources_code === code)?.resources_content.trim() ?? '';
  const title = resource('title') || info.tenantName || '企业门户';
  return {
    tenantId: info.tenantId,
    info,
    profile: {
      tenantId: info.tenantId,
      title,
      indexTitle: resource('indexTitle') || title,
      logo: resource('logo'),
      favicon: resource('favicon'),
      primaryColor: /^#[0-9a-fA-F]{6}$/.test(resource('primaryColor')) ? resource('primaryColor') : '#1f5fbf',
      description: resource('description'),
      keywords: resource('keywords'),
      icp: resource('icp'),
      copyright: resource('copyright'),
      companyName: resource('companyName') || info.tenantName,
      contactPhone: resource('contactPhone'),
      contactEmail: resource('contactEmail'),
      contactAddress: resource('contactAddress'),
      workHours: resource('workHours'),
    },
  };
}

/** The about-us page of the site's tenant, sanitised for rendering. */
export function aboutHtml(site: PublicSite): string {
  return sanitizeRichText(
    site.info.resources.find((r) => r.resources_code === 'aboutUs')?.resources_content ?? '',
  );
}
