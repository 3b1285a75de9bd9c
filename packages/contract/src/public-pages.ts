import { ArticleCategory } from './article-categories.js';
import type {
  PublicArticle,
  PublicArticleSummary,
  PublicBanner,
  PublicCertification,
  PublicCertificationSummary,
  PublicPage,
  PublicProduct,
  PublicProductSummary,
  PublicSiteProfile,
} from './entities/site.js';

/**
 * The public website's pages, each defined once: its address, its title (the `<title>` of a page whose title is
 * not its content's), its label in the site's navigation (pages outside the navigation have none), whether the
 * sitemap lists it, and the server loader that reads its data. The file imports no schema library, so the
 * public client bundle may import it (`@cube/contract/public-pages`). The server's routes, titles and sitemap, the web's
 * navigation and its list of server-rendered addresses are all derived from this list, in this order.
 */

/** The server loaders a page's data comes from (one per kind of page content). */
export type PublicPageLoader =
  | 'home'
  | 'products'
  | 'articles'
  | 'about'
  | 'privacy'
  | 'article'
  | 'product'
  | 'certification';

export interface PublicPageDefinition {
  path: string;
  title: string;
  /** The navigation label; pages without one are reached from a section's lists. */
  nav?: string;
  sitemap: boolean;
  loader: PublicPageLoader;
  /** Article sections: the categories shown as tabs, the first one by default. */
  categories?: readonly number[];
  /** Detail pages: the section the header marks and the breadcrumb links to. */
  section?: string;
}

export const PUBLIC_PAGES = [
  { path: '/', title: '首页', nav: '首页', sitemap: true, loader: 'home' },
  { path: '/productServices', title: '产品服务', nav: '产品服务', sitemap: true, loader: 'products' },
  {
    path: '/newsCenter',
    title: '新闻中心',
    nav: '新闻中心',
    sitemap: true,
    loader: 'articles',
    categories: [ArticleCategory.news, ArticleCategory.policy, ArticleCategory.wechat],
  },
  {
    path: '/scienceEducation',
    title: '科普教育',
    nav: '科普教育',
    sitemap: true,
    loader: 'articles',
    categories: [ArticleCategory.science],
  },
  {
    path: '/partyBuilding',
    title: '党建园地',
    nav: '党建园地',
    sitemap: true,
    loader: 'articles',
    categories: [ArticleCategory.party],
  },
  { path: '/aboutUs', title: '关于我们', nav: '关于我们', sitemap: true, loader: 'about' },
  { path: '/privacy', title: '隐私政策', sitemap: true, loader: 'privacy' },
  { path: '/newsDetails', title: '新闻详情', sitemap: false, loader: 'article' },
  {
    path: '/productDetails',
    title: '产品详情',
    sitemap: false,
    loader: 'product',
    section: '/productServices',
  },
  {
    path: '/systemDetails',
    title: '体系认证',
    sitemap: false,
    loader: 'certification',
    section: '/productServices',
  },
] as const satisfies readonly PublicPageDefinition[];

export type PublicRoute = (typeof PUBLIC_PAGES)[number]['path'];

/** Every public page's address, the home page first. */
export const PUBLIC_ROUTES: readonly PublicRoute[] = PUBLIC_PAGES.map((p) => p.path);

/** The pages of the site's navigation, in order. */
export const PUBLIC_NAV: ReadonlyArray<{ path: PublicRoute; label: string }> = PUBLIC_PAGES.flatMap((p) =>
  'nav' in p ? [{ path: p.path, label: p.nav }] : [],
);

/** The pages the sitemap lists by their own address (detail pages are listed per published row). */
export const PUBLIC_SITEMAP_PATHS: readonly PublicRoute[] = PUBLIC_PAGES.filter((p) => p.sitemap).map(
  (p) => p.path,
);

/** The definition of a public page by its address. */
export function publicPage(path: PublicRoute): PublicPageDefinition {
  return PUBLIC_PAGES.find((p) => p.path === path) as PublicPageDefinition;
}

/** The address of the page a loader serves (detail pages have one loader each). */
export function publicPagePath(loader: PublicPageLoader): PublicRoute {
  return (PUBLIC_PAGES.find((p) => p.loader === loader) ?? PUBLIC_PAGES[0]).path;
}

/** The article section whose tabs hold a category (a category no section lists belongs to the first section). */
export function sectionOfArticleCategory(category: number): PublicRoute {
  const sections = PUBLIC_PAGES.filter((p) => p.loader === 'articles');
  const owner = sections.find(
    (p) => 'categories' in p && (p.categories as readonly number[]).includes(category),
  );
  return (owner ?? sections[0])?.path ?? '/';
}

export type PublicPageContent =
  | {
      kind: 'home';
      banners: PublicBanner[];
      products: PublicProductSummary[];
      certifications: PublicCertificationSummary[];
      news: PublicArticleSummary[];
      party: PublicArticleSummary[];
      policies: PublicArticleSummary[];
      aboutSummary: string;
    }
  | { kind: 'products'; products: PublicProductSummary[]; certifications: PublicCertificationSummary[] }
  | {
      kind: 'articles';
      /** The section's categories (tabs) and the one shown. */
      tabs: Array<{ category: number; label: string }>;
      category: number;
      page: PublicPage<PublicArticleSummary>;
    }
  | { kind: 'about'; html: string }
  | { kind: 'privacy'; html: string }
  | { kind: 'article'; article: PublicArticle; section: PublicRoute }
  | { kind: 'product'; product: PublicProduct; related: PublicProductSummary[] }
  | { kind: 'certification'; certification: PublicCertification; related: PublicCertificationSummary[] }
  | { kind: 'notFound' };

/** Everything one public page renders from: handed to the SSR renderer and, as JSON, to the hydrating client. */
export interface PublicPageData {
  route: PublicRoute | '/404';
  /** Path and query of the page (links mark the current section from it). */
  url: string;
  /** The page's own title (without the site title), description and canonical address. */
  title: string;
  description: string;
  canonical: string;
  site: PublicSiteProfile;
  content: PublicPageContent;
}
