import { type LoginResource, ResourceCode, type SiteInfo } from '@cube/contract';

type ResourceCodeName = (typeof ResourceCode)[keyof typeof ResourceCode];

/** The content of a branding resource, or `undefined` when absent or blank. */
export function resourceContent(
  resources: readonly LoginResource[] | undefined,
  code: ResourceCodeName,
): string | undefined {
  const content = resources?.find((resource) => resource.resources_code === code)?.resources_content?.trim();
  return content ? content : undefined;
}

export interface Branding {
  /** Product title: browser-title suffix and brand name. */
  productTitle: string;
  /** Heading and browser title of the login page. */
  loginTitle: string;
  /** Heading of the public home page. */
  indexTitle: string;
  logoUrl: string | undefined;
  faviconUrl: string | undefined;
  backgroundUrl: string | undefined;
  tenantName: string | undefined;
  /** `#RRGGBB` when the tenant set one (site settings). */
  primaryColor: string | undefined;
  icp: string | undefined;
  copyright: string | undefined;
}

/** Branding of the site, each title falling back to the product title and that to `fallbackTitle`. */
export function brandingOf(info: SiteInfo | undefined, fallbackTitle: string): Branding {
  const resources = info?.resources;
  const productTitle = resourceContent(resources, ResourceCode.title) ?? fallbackTitle;
  return {
    productTitle,
    loginTitle: resourceContent(resources, ResourceCode.loginTitle) ?? productTitle,
    indexTitle: resourceContent(resources, ResourceCode.indexTitle) ?? productTitle,
    logoUrl: resourceContent(resources, ResourceCode.logo),
    faviconUrl: resourceContent(resources, ResourceCode.favicon),
    backgroundUrl: info?.backgroundUrl.trim() || undefined,
    tenantName: info?.tenantName.trim() || undefined,
    primaryColor: /^#[0-9a-fA-F]{6}$/.test(resourceContent(resources, ResourceCode.primaryColor) ?? '')
      ? resourceContent(resources, ResourceCode.primaryColor)
      : undefined,
    icp: resourceContent(resources, ResourceCode.icp),
    copyright: resourceContent(resources, ResourceCode.copyright),
  };
}

/** The page title followed by the product title. */
export function documentTitle(pageTitle: string | undefined, productTitle: string): string {
  return pageTitle && pageTitle !== productTitle ? `${pageTitle} - ${productTitle}` : productTitle;
}

/** Points the page's icon link at `href`, creating the link when the document has none. */
export function applyFavicon(href: string, doc: Document = document): void {
  let link = doc.head.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'icon';
    doc.head.appendChild(link);
  }
  if (link.getAttribute('href') !== href) {
    link.removeAttribute('type');
    link.href = href;
  }
}
