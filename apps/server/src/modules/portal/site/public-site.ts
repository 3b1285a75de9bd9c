import { DEFAULT_TENANT_ID, type PublicSiteProfile, type SiteInfo } from '@cube/contract';
import type { AppDeps } from '../../../platform/deps.js';
import { loadSiteInfo } from '../../system/site/site-info.js';
import { PUBLIC_CONTENT_TABLES } from './content.queries.js';
import { sanitizeRichText } from './sanitize.js';

/** The site a request's host names: its tenant and that tenant's branding, for the public calls and pages. */

/**
 * Every table a public page is made from (SQL names): the content, the site settings (branding resources), the
 * tenants with their domains, and what site info reads beside them. A committed write to any of them drops the
 * rendered pages (page-cache.ts); `site.test.ts` checks that the pages' statements read no other table.
 */
export const PUBLIC_SITE_TABLES: readonly string[] = [
  ...PUBLIC_CONTENT_TABLES,
  'cube_site_resource',
  'cube_tenant',
  'cube_oauth_provider',
];

export interface PublicSite {
  tenantId: string;
  info: SiteInfo;
  profile: PublicSiteProfile;
}

/**
 * The site of a request's host: the tenant whose domain it is, else the default tenant (tenant mode is on
 * with default tenant 100000), so a fresh install answers on any address it is reached by. The (anonymous)
 * request is then served from that tenant's own database when it has one (`TenantDatabases.bindSite`): its
 * content reads, in the tenant's row scope, go there.
 */
export async function siteOfHost(deps: AppDeps, host: string): Promise<PublicSite> {
  const info = await loadSiteInfo(deps, host, DEFAULT_TENANT_ID);
  await deps.datasources.bindSite(info.tenantId);
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
      policeRecord: resource('policeRecord'),
      wechatQr: resource('wechatQr'),
    },
  };
}

/** The about-us page of the site's tenant, sanitised for rendering. */
export function aboutHtml(site: PublicSite): string {
  return sanitizeRichText(
    site.info.resources.find((r) => r.resources_code === 'aboutUs')?.resources_content ?? '',
  );
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The notice shown when the tenant has written no privacy policy of its own. */
const defaultPrivacyHtml = (site: PublicSite) => {
  const who = escapeHtml(site.profile.companyName || site.profile.title);
  const contact = escapeHtml(
    [site.profile.contactPhone, site.profile.contactEmail].filter(Boolean).join('、'),
  );
  return [
    `<p>${who}（以下简称“我们”）重视您的个人信息保护。本政策说明我们在本网站如何收集、使用和保护您的个人信息。</p>`,
    '<h2>一、我们收集的信息</h2>',
    '<p>当您通过“免费咨询”表单提交咨询时，我们会收集您主动填写的姓名、手机号码、公司名称、咨询业务和留言。浏览本网站无需提供任何个人信息。</p>',
    '<h2>二、信息的使用</h2>',
    '<p>上述信息仅用于联系您、评估并答复您的咨询需求，不会用于与咨询无关的用途，也不会出售给任何第三方。</p>',
    '<h2>三、信息的保存与保护</h2>',
    '<p>信息保存在我们的业务系统中，仅授权的工作人员可以查看；咨询处理完毕后按业务需要的最短期限保存。</p>',
    '<h2>四、您的权利</h2>',
    `<p>您可以随时要求查询、更正或删除您提交的信息${contact ? `，请通过 ${contact} 与我们联系` : ''}。</p>`,
  ].join('');
};

/** The privacy page of the site's tenant (its own text, else the default notice), sanitised for rendering. */
export function privacyHtml(site: PublicSite): string {
  const own = site.info.resources.find((r) => r.resources_code === 'privacyPolicy')?.resources_content ?? '';
  return sanitizeRichText(own.trim() ? own : defaultPrivacyHtml(site));
}
