import {
  articleEntity,
  bannerEntity,
  certificationEntity,
  type PortalArticle,
  type PortalBanner,
  type PortalCertification,
  type PortalProduct,
  productEntity,
  type R,
  SITE_SETTING_API,
  type SiteSetting,
} from '@cube/contract';
import { createCrudApi } from './crud';
import { request } from './request';

/** The 门户管理 screens' bindings: prefixes and shapes from the contract. */
export const articleApi = createCrudApi<PortalArticle>(articleEntity.api);
export const productApi = createCrudApi<PortalProduct>(productEntity.api);
export const certificationApi = createCrudApi<PortalCertification>(certificationEntity.api);
export const bannerApi = createCrudApi<PortalBanner>(bannerEntity.api);

/** `GET site/setting`: the tenant's branding, contact details and about-us (over the platform's defaults). */
export async function fetchSiteSetting(): Promise<SiteSetting> {
  const { data } = await request.get<R<SiteSetting>>(SITE_SETTING_API);
  return data.data;
}

/** `POST site/setting/submit`. */
export async function saveSiteSetting(values: SiteSetting): Promise<void> {
  await request.post<R<unknown>>(`${SITE_SETTING_API}/submit`, values);
}
