import {
  agentCompanyEntity,
  apiScopeEntity,
  articleEntity,
  attachEntity,
  bannerEntity,
  certificationEntity,
  DEFAULT_PAGE_SIZE,
  dataScopeEntity,
  datasourceEntity,
  deptEntity,
  dictBizEntity,
  dictEntity,
  leadEntity,
  logApiEntity,
  logErrorEntity,
  logUsualEntity,
  menuEntity,
  noticeEntity,
  oauthProviderEntity,
  ossEntity,
  paramEntity,
  patentApplicationEntity,
  patentDeadlineRuleEntity,
  patentHolidayEntity,
  postEntity,
  productEntity,
  roleEntity,
  smsProviderEntity,
  tenantEntity,
  tenantPackageEntity,
  topMenuEntity,
  userEntity,
} from '@cube/contract';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { EarlyCall } from '../api/earlyCalls';
import { loadChunk } from '../lib/chunk';

/**
 * Console pages by menu path: menus come from the server, pages from this registry. The server's
 * menu tree decides what a user sees; this map decides which code renders a menu's page at `<path>/index`.
 * A menu path missing here shows a clear "page not available" result inside the shell.
 */
type PageModule = () => Promise<{ default: ComponentType }>;

export const pageRegistry: Readonly<Record<string, PageModule>> = {
  '/system/param': () => import('./console/system/param/ParamPage'),
  '/system/user': () => import('./console/system/user/UserPage'),
  '/system/post': () => import('./console/system/post/PostPage'),
  '/system/dict': () => import('./console/system/dict/DictPage'),
  '/system/dictbiz': () => import('./console/system/dict/DictBizPage'),
  '/system/client': () => import('./console/system/client/ClientPage'),
  '/system/menu': () => import('./console/system/menu/MenuPage'),
  '/system/topmenu': () => import('./console/system/topmenu/TopMenuPage'),
  '/system/dept': () => import('./console/system/dept/DeptPage'),
  '/authority/role': () => import('./console/system/role/RolePage'),
  '/authority/datascope': () => import('./console/authority/DataScopePage'),
  '/authority/apiscope': () => import('./console/authority/ApiScopePage'),
  '/desk/notice': () => import('./console/desk/notice/NoticePage'),
  '/desk/notify': () => import('./console/notify/NotifyPage'),
  '/portal/article': () => import('./console/portal/ArticlePage'),
  '/portal/product': () => import('./console/portal/ProductPage'),
  '/portal/certification': () => import('./console/portal/CertificationPage'),
  '/portal/banner': () => import('./console/portal/BannerPage'),
  '/portal/site': () => import('./console/portal/SiteSettingPage'),
  '/desk/lead': () => import('./console/desk/lead/LeadPage'),
  '/patent/application': () => import('./console/patent/ApplicationPage'),
  '/patent/deadline': () => import('./console/patent/DeadlinePage'),
  '/patent/holiday': () => import('./console/patent/HolidayPage'),
  '/patent/rule': () => import('./console/patent/RulePage'),
  '/agent/company': () => import('./console/patent/CompanyPage'),
  '/system/tenant': () => import('./console/system/tenant/TenantPage'),
  '/system/tenantpackage': () => import('./console/system/tenantpackage/TenantPackagePage'),
  '/tool/datasource': () => import('./console/tool/datasource/DatasourcePage'),
  '/monitor/log/usual': () => import('./console/monitor/log/UsualLogPage'),
  '/monitor/log/api': () => import('./console/monitor/log/ApiLogPage'),
  '/monitor/log/error': () => import('./console/monitor/log/ErrorLogPage'),
  '/resource/attach': () => import('./console/resource/attach/AttachPage'),
  '/resource/oss': () => import('./console/resource/oss/OssPage'),
  '/system/oauth-provider': () => import('./console/system/oauth-provider/OauthProviderPage'),
  '/system/sms-provider': () => import('./console/system/sms-provider/SmsProviderPage'),
  '/system/online': () => import('./console/system/online/OnlinePage'),
  '/base/region': () => import('./console/base/region/RegionPage'),
  '/flow/model': () => import('./console/flow/ModelPage'),
  '/flow/deploy': () => import('./console/flow/DeployPage'),
  '/flow/manager': () => import('./console/flow/ManagerPage'),
  '/flow/follow': () => import('./console/flow/FollowPage'),
  '/work/start': () => import('./console/work/StartPage'),
  '/work/claim': () => import('./console/work/ClaimPage'),
  '/work/todo': () => import('./console/work/TodoPage'),
  '/work/send': () => import('./console/work/SendPage'),
  '/work/done': () => import('./console/work/DonePage'),
};

/** A CRUD screen's first page as its list asks for it (page 1, the default size, no filter). */
const firstPage = (url: string): EarlyCall => ({ url, params: { current: 1, size: DEFAULT_PAGE_SIZE } });
/** A dictionary's items as the screen's dictionary fields ask for them. */
const dictionary = (code: string): EarlyCall => ({
  url: '/api/cube-system/dict/dictionary',
  params: { code },
});

/**
 * The GETs a screen makes as soon as it renders, by menu path: a click in the menu sends them beside the screen's
 * code (`layouts/console/prefetch.ts`), and the screen's own identical calls take their answers, so the server
 * works while the browser loads and runs the code. Each list is checked against what the screen really asks for
 * first (`registry.earlyCalls.test.tsx`); a call left out is simply made later, by the screen.
 */
export const screenEarlyCalls: Readonly<Record<string, readonly EarlyCall[]>> = {
  '/system/param': [firstPage(`${paramEntity.api}/list`)],
  '/system/user': [firstPage(`${userEntity.api}/page`), { url: `${deptEntity.api}/tree` }],
  '/system/post': [firstPage(`${postEntity.api}/list`), dictionary('post_category')],
  '/system/dict': [firstPage(`${dictEntity.api}/parent-list`)],
  '/system/dictbiz': [firstPage(`${dictBizEntity.api}/parent-list`)],
  '/system/menu': [{ url: `${menuEntity.api}/lazy-list`, params: { parentId: '0' } }],
  '/system/topmenu': [firstPage(`${topMenuEntity.api}/list`)],
  '/authority/role': [{ url: `${roleEntity.api}/list` }],
  '/authority/datascope': [firstPage(`${dataScopeEntity.api}/list`), { url: `${menuEntity.api}/tree` }],
  '/authority/apiscope': [firstPage(`${apiScopeEntity.api}/list`), { url: `${menuEntity.api}/tree` }],
  '/desk/notice': [firstPage(`${noticeEntity.api}/list`), dictionary('notice')],
  '/desk/lead': [firstPage(`${leadEntity.api}/list`), dictionary('lead_service'), dictionary('lead_status')],
  '/portal/article': [firstPage(`${articleEntity.api}/list`)],
  '/portal/product': [firstPage(`${productEntity.api}/list`)],
  '/portal/certification': [firstPage(`${certificationEntity.api}/list`)],
  '/portal/banner': [firstPage(`${bannerEntity.api}/list`)],
  '/patent/application': [firstPage(`${patentApplicationEntity.api}/list`)],
  '/patent/holiday': [firstPage(`${patentHolidayEntity.api}/list`)],
  '/patent/rule': [firstPage(`${patentDeadlineRuleEntity.api}/list`)],
  '/agent/company': [firstPage(`${agentCompanyEntity.api}/list`)],
  '/system/tenant': [firstPage(`${tenantEntity.api}/list`)],
  '/system/tenantpackage': [firstPage(`${tenantPackageEntity.api}/list`)],
  '/tool/datasource': [firstPage(`${datasourceEntity.api}/list`)],
  '/monitor/log/usual': [firstPage(`${logUsualEntity.api}/list`), { url: `${logUsualEntity.api}/stats` }],
  '/monitor/log/api': [firstPage(`${logApiEntity.api}/list`), { url: `${logApiEntity.api}/stats` }],
  '/monitor/log/error': [firstPage(`${logErrorEntity.api}/list`), { url: `${logErrorEntity.api}/stats` }],
  '/resource/attach': [firstPage(`${attachEntity.api}/list`)],
  '/resource/oss': [firstPage(`${ossEntity.api}/list`)],
  '/system/oauth-provider': [firstPage(`${oauthProviderEntity.api}/list`)],
  '/system/sms-provider': [firstPage(`${smsProviderEntity.api}/list`)],
};

const pending = new Map<string, Promise<ComponentType>>();
const arrived = new Map<string, ComponentType>();

/**
 * Loads the page of a menu path once (a failed load is forgotten, so that the next visit tries again) and keeps
 * its component for {@link loadedPage}; `undefined` when no page is registered for it.
 */
export function loadPage(menuPath: string): Promise<ComponentType> | undefined {
  const load = pageRegistry[menuPath];
  if (!load) return undefined;
  let loading = pending.get(menuPath);
  if (!loading) {
    loading = loadChunk(load).then(
      (module) => {
        arrived.set(menuPath, module.default);
        return module.default;
      },
      (error: unknown) => {
        pending.delete(menuPath);
        throw error;
      },
    );
    pending.set(menuPath, loading);
  }
  return loading;
}

/**
 * The component of a menu path's page once its code has arrived (a visit, a hover or the idle prefetch loaded
 * it), for a render that does not suspend; `undefined` before.
 */
export function loadedPage(menuPath: string): ComponentType | undefined {
  return arrived.get(menuPath);
}

const loaded = new Map<string, LazyExoticComponent<ComponentType>>();

/** The lazily loaded page component of a menu path, or `undefined` when no page is registered for it. */
export function registeredPage(menuPath: string): LazyExoticComponent<ComponentType> | undefined {
  if (!pageRegistry[menuPath]) return undefined;
  let component = loaded.get(menuPath);
  if (!component) {
    component = lazy(async () => ({ default: await (loadPage(menuPath) as Promise<ComponentType>) }));
    loaded.set(menuPath, component);
  }
  return component;
}

/**
 * Starts loading the page chunk of a menu path ahead of its first visit (a hover on its menu item, or the browser
 * idle after sign-in), so that opening it waits for its data alone. A failed prefetch is forgotten and the visit
 * loads it again.
 */
export async function prefetchPage(menuPath: string): Promise<void> {
  await loadPage(menuPath)?.catch(() => undefined);
}
