import {
  ARTICLE_CATEGORY_LABELS,
  ArticleCategory,
  type ArticleCategoryKey,
  type PublicPageContent,
  type PublicPageData,
  type PublicPageLoader,
  type PublicRoute,
  publicPage,
  sectionOfArticleCategory,
} from '@cube/contract';
import type { AppDeps } from '../../../platform/deps.js';
import {
  publishedArticle,
  publishedArticles,
  publishedBanners,
  publishedCertification,
  publishedCertifications,
  publishedProduct,
  publishedProducts,
} from './content.queries.js';
import { aboutHtml, type PublicSite, privacyHtml } from './public-site.js';
import { plainText } from './sanitize.js';

/**
 * The data of each public page, read through the same content queries as the public API. Each page names its
 * loader in the contract's page list; a loader answers 404 data when the row asked for is not published.
 */

const ID = /^[1-9]\d{0,18}$/;
const LIST_SIZE = 10;

const positiveInt = (value: unknown, fallback: number, max: number) => {
  const n = typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
};

export interface Built {
  status: number;
  data: PublicPageData;
  ogType: 'website' | 'article';
  image: string;
}

interface PageRequest {
  deps: AppDeps;
  site: PublicSite;
  route: PublicRoute;
  query: Record<string, unknown>;
  /** The id asked for, when it is a well-formed one. */
  id: string | undefined;
  base: (
    title: string,
    description: string,
    canonicalPath: string,
    content: PublicPageContent,
  ) => PublicPageData;
  notFound: () => Built;
}

const website = (data: PublicPageData, image = ''): Built => ({
  status: 200,
  ogType: 'website',
  image,
  data,
});
const article = (data: PublicPageData, image: string): Built => ({
  status: 200,
  ogType: 'article',
  image,
  data,
});

/** A page's own title, from the contract's page list. */
const titleOf = (route: PublicRoute) => publicPage(route).title;

const LOADERS: Record<PublicPageLoader, (page: PageRequest) => Promise<Built>> = {
  async home({ deps, site, base }) {
    const { db } = deps.db;
    const tenantId = site.tenantId;
    const [banners, products, certifications, news, party, policies] = await Promise.all([
      publishedBanners(db, tenantId),
      publishedProducts(db, tenantId, 8),
      publishedCertifications(db, tenantId, 6),
      publishedArticles(db, tenantId, [ArticleCategory.news], 1, 6),
      publishedArticles(db, tenantId, [ArticleCategory.party], 1, 5),
      publishedArticles(db, tenantId, [ArticleCategory.policy], 1, 5),
    ]);
    return website(
      base(site.profile.indexTitle, '', '/', {
        kind: 'home',
        banners,
        products,
        certifications,
        news: news.records,
        party: party.records,
        policies: policies.records,
        aboutSummary: plainText(aboutHtml(site), 220),
      }),
      banners[0]?.imageUrl ?? '',
    );
  },

  async products({ deps, site, route, base }) {
    const { db } = deps.db;
    const [products, certifications] = await Promise.all([
      publishedProducts(db, site.tenantId),
      publishedCertifications(db, site.tenantId),
    ]);
    const description = `${site.profile.companyName}提供${products.map((p) => p.name).join('、')}等知识产权服务。`;
    return website(
      base(titleOf(route), products.length ? description : '', route, {
        kind: 'products',
        products,
        certifications,
      }),
    );
  },

  async articles({ deps, site, route, query, base, notFound }) {
    const categories = publicPage(route).categories ?? [];
    const asked = positiveInt(query.category, categories[0] ?? 1, 99);
    const category = categories.includes(asked) ? asked : (categories[0] ?? 1);
    const current = positiveInt(query.page, 1, 10_000);
    const page = await publishedArticles(deps.db.db, site.tenantId, [category], current, LIST_SIZE);
    // A page past the end is not a page: 404, so crawlers drop it.
    if (current > 1 && page.records.length === 0) return notFound();
    const params = new URLSearchParams();
    if (category !== categories[0]) params.set('category', String(category));
    if (current > 1) params.set('page', String(current));
    const canonicalPath = params.size ? `${route}?${params}` : route;
    const label = ARTICLE_CATEGORY_LABELS[category as ArticleCategoryKey];
    const title = titleOf(route);
    return website(
      base(
        categories.length > 1 ? `${label} - ${title}` : title,
        page.records.length
          ? `${label}：${page.records
              .map((r) => r.title)
              .slice(0, 3)
              .join('；')}`
          : '',
        canonicalPath,
        {
          kind: 'articles',
          tabs: categories.map((c) => ({
            category: c,
            label: ARTICLE_CATEGORY_LABELS[c as ArticleCategoryKey],
          })),
          category,
          page,
        },
      ),
    );
  },

  async about({ site, route, base }) {
    const html = aboutHtml(site);
    return website(base(titleOf(route), plainText(html, 160), route, { kind: 'about', html }));
  },

  async privacy({ site, route, base }) {
    const html = privacyHtml(site);
    return website(base(titleOf(route), plainText(html, 160), route, { kind: 'privacy', html }));
  },

  async article({ deps, site, route, id, base, notFound }) {
    const found = id ? await publishedArticle(deps.db.db, site.tenantId, id) : undefined;
    if (!found) return notFound();
    return article(
      base(found.title, found.summary || plainText(found.content, 160), `${route}?id=${found.id}`, {
        kind: 'article',
        article: found,
        section: sectionOfArticleCategory(found.category),
      }),
      found.coverUrl,
    );
  },

  async product({ deps, site, route, id, base, notFound }) {
    const { db } = deps.db;
    const product = id ? await publishedProduct(db, site.tenantId, id) : undefined;
    if (!product) return notFound();
    const related = (await publishedProducts(db, site.tenantId, 20))
      .filter((p) => p.id !== product.id)
      .slice(0, 4);
    return article(
      base(product.name, product.summary || plainText(product.content, 160), `${route}?id=${product.id}`, {
        kind: 'product',
        product,
        related,
      }),
      product.coverUrl,
    );
  },

  async certification({ deps, site, route, id, base, notFound }) {
    const { db } = deps.db;
    const certification = id ? await publishedCertification(db, site.tenantId, id) : undefined;
    if (!certification) return notFound();
    const related = (await publishedCertifications(db, site.tenantId, 20))
      .filter((c) => c.id !== certification.id)
      .slice(0, 4);
    return article(
      base(
        certification.name,
        certification.summary || plainText(certification.content, 160),
        `${route}?id=${certification.id}`,
        { kind: 'certification', certification, related },
      ),
      certification.coverUrl,
    );
  },
};

/**
 * The query parameters each loader reads: a page is the same for any value of the others (the page cache's key
 * holds these only).
 */
export const PAGE_QUERY_KEYS: Record<PublicPageLoader, readonly string[]> = {
  home: [],
  products: [],
  articles: ['category', 'page'],
  about: [],
  privacy: [],
  article: ['id'],
  product: ['id'],
  certification: ['id'],
};

const pageBase =
  (site: PublicSite, route: PublicRoute, origin: string) =>
  (
    title: string,
    description: string,
    canonicalPath: string,
    content: PublicPageContent,
  ): PublicPageData => ({
    route,
    url: canonicalPath,
    title,
    description: description || site.profile.description,
    canonical: `${origin}${canonicalPath}`,
    site: site.profile,
    content,
  });

/** The public site's 404 page (an unknown id, a page past the end, an address the site does not have). */
export function notFoundPage(site: PublicSite, route: PublicRoute, origin: string): Built {
  return {
    status: 404,
    ogType: 'website',
    image: '',
    data: { ...pageBase(site, route, origin)('页面不存在', '', route, { kind: 'notFound' }), route: '/404' },
  };
}

/** Reads one public page's data with the loader its definition names. */
export function buildPage(
  deps: AppDeps,
  site: PublicSite,
  route: PublicRoute,
  query: Record<string, unknown>,
  origin: string,
): Promise<Built> {
  const base = pageBase(site, route, origin);
  const notFound = () => notFoundPage(site, route, origin);
  const id = typeof query.id === 'string' && ID.test(query.id) ? query.id : undefined;
  return LOADERS[publicPage(route).loader]({ deps, site, route, query, id, base, notFound });
}
