import { type R, type SiteInfo, siteInfoSchema } from '@cube/contract';
import { i18n } from '../lib/i18n';
import { request } from './request';

export const SITE_INFO_URL = '/api/cube-system/tenant/info';

/** The boot call: branding, tenant and runtime configuration of the site at `domain` (its origin). */
export async function fetchSiteInfo(domain: string): Promise<SiteInfo> {
  const { data } = await request.get<R<unknown>>(SITE_INFO_URL, {
    params: { domain },
    skipToken: true,
    handlesErrors: true,
  });
  const parsed = siteInfoSchema.safeParse(data.data);
  if (!parsed.success) throw new Error(i18n.t('request.invalidAnswer'), { cause: parsed.error });
  return parsed.data;
}
