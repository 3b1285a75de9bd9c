import {
  ARTICLE_CATEGORY_LABELS,
  ArticleCategory,
  type ArticleCategoryKey,
  PRODUCT_CATEGORY_LABELS,
  type PublicArticle,
  type PublicArticleSummary,
  type PublicBanner,
  type PublicCertification,
  type PublicCertificationSummary,
  type PublicPage,
  type PublicProduct,
  type PublicProductSummary,
  publicPagePath,
} from '@cube/contract';
import type { Kysely } from 'kysely';
import { withTenantScope } from '../../../db/row-scope.js';
import type { Database } from '../../../db/types.js';
import { readPage } from '../../../platform/crud/index.js';
import { now } from '../../../platform/dates.js';
import { toPage } from '../../../platform/envelope.js';
import { TenantData } from '../../../platform/tenant-data.js';
import { sanitizeRichText } from './sanitize.js';

/**
 * What the public website reads, shared by the public API calls and the server-side renderer so that a page and
 * its data call never disagree. Every read is one tenant's (the site's), published rows only: `isPublish = 1`
 * and a publish time that has come. Nothing is cached, so a publish in the console shows on the next request.
 */

type Db = Kysely<Database>;

const inTenant = <T>(tenantId: string, work: () => Promise<T>, empty: T): Promise<T> =>
  tenantId ? withTenantScope(tenantId, work) : Promise.resolve(empty);

// biome-ignore lint/suspicious/noExplicitAny: the published filter applies to each content table alike
const published = (qb: any) => qb.where('isPublish', '=', 1).where('publishTime', '<=', now());

const articleColumns = [
  'id',
  'category',
  'title',
  'author',
  'source',
  'coverUrl',
  'summary',
  'linkUrl',
  'isTop',
  'publishTime',
] as const;

const toArticleSummary = (row: Record<string, unknown>): PublicArticleSummary => ({
  id: String(row.id),
  category: Number(row.category),
  categoryName: ARTICLE_CATEGORY_LABELS[Number(row.category) as ArticleCategoryKey] ?? '',
  title: String(row.title ?? ''),
  author: String(row.author ?? ''),
  source: String(row.source ?? ''),
  coverUrl: String(row.coverUrl ?? ''),
  summary: String(row.summary ?? ''),
  linkUrl: String(row.linkUrl ?? ''),
  isTop: Number(row.isTop ?? 0),
  publishTime: String(row.publishTime ?? ''),
});

export const MAX_PUBLIC_PAGE_SIZE = 50;

/** One page of a tenant's published articles of some categories: pinned first, newest first. */
export function publishedArticles(
  db: Db,
  tenantId: string,
  categories: readonly number[],
  current: number,
  size: number,
): Promise<PublicPage<PublicArticleSummary>> {
  const safeSize = Math.min(Math.max(1, size), MAX_PUBLIC_PAGE_SIZE);
  const safeCurrent = Math.max(1, current);
  return inTenant(
    tenantId,
    async () => {
      const base = published(new TenantData(db, tenantId).selectFrom('cubeCrArticle')).where(
        'category',
        'in',
        categories.length ? [...categories] : [-1],
      );
      const page = await readPage(
        base,
        {
          current: safeCurrent,
          size: safeSize,
          orders: [
            { field: 'isTop', direction: 'desc' },
            { field: 'publishTime', direction: 'desc' },
            { field: 'id', direction: 'desc' },
          ],
        },
        (qb) => qb.select([...articleColumns]),
      );
      return { ...page, records: (page.records as Array<Record<string, unknown>>).map(toArticleSummary) };
    },
    toPage<PublicArticleSummary>([], 0, safeCurrent, safeSize),
  );
}

/** A published article of the tenant, its body sanitised again on the way out; `undefined` when not visible. */
export function publishedArticle(db: Db, tenantId: string, id: string): Promise<PublicArticle | undefined> {
  return inTenant(
    tenantId,
    async () => {
      const row = await published(new TenantData(db, tenantId).selectFrom('cubeCrArticle'))
        .select([...articleColumns, 'content'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return { ...toArticleSummary(row), content: sanitizeRichText(String(row.content ?? '')) };
    },
    undefined,
  );
}

const toProductSummary = (row: Record<string, unknown>): PublicProductSummary => ({
  id: String(row.id),
  category: Number(row.category),
  categoryName: PRODUCT_CATEGORY_LABELS[Number(row.category)] ?? '',
  name: String(row.name ?? ''),
  coverUrl: String(row.coverUrl ?? ''),
  summary: String(row.summary ?? ''),
});

export function publishedProducts(db: Db, tenantId: string, limit = 100): Promise<PublicProductSummary[]> {
  return inTenant(
    tenantId,
    async () =>
      (
        await published(new TenantData(db, tenantId).selectFrom('cubeCrProduct'))
          .select(['id', 'category', 'name', 'coverUrl', 'summary'])
          .orderBy('sort', 'asc')
          .orderBy('id', 'asc')
          .limit(limit)
          .execute()
      ).map(toProductSummary),
    [],
  );
}

export function publishedProduct(db: Db, tenantId: string, id: string): Promise<PublicProduct | undefined> {
  return inTenant(
    tenantId,
    async () => {
      const row = await published(new TenantData(db, tenantId).selectFrom('cubeCrProduct'))
        .select(['id', 'category', 'name', 'coverUrl', 'summary', 'content'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row
        ? { ...toProductSummary(row), content: sanitizeRichText(String(row.content ?? '')) }
        : undefined;
    },
    undefined,
  );
}

const toCertificationSummary = (row: Record<string, unknown>): PublicCertificationSummary => ({
  id: String(row.id),
  name: String(row.name ?? ''),
  standard: String(row.standard ?? ''),
  coverUrl: String(row.coverUrl ?? ''),
  summary: String(row.summary ?? ''),
});

export function publishedCertifications(
  db: Db,
  tenantId: string,
  limit = 100,
): Promise<PublicCertificationSummary[]> {
  return inTenant(
    tenantId,
    async () =>
      (
        await published(new TenantData(db, tenantId).selectFrom('cubeCrCertification'))
          .select(['id', 'name', 'standard', 'coverUrl', 'summary'])
          .orderBy('sort', 'asc')
          .orderBy('id', 'asc')
          .limit(limit)
          .execute()
      ).map(toCertificationSummary),
    [],
  );
}

export function publishedCertification(
  db: Db,
  tenantId: string,
  id: string,
): Promise<PublicCertification | undefined> {
  return inTenant(
    tenantId,
    async () => {
      const row = await published(new TenantData(db, tenantId).selectFrom('cubeCrCertification'))
        .select(['id', 'name', 'standard', 'coverUrl', 'summary', 'content'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row
        ? { ...toCertificationSummary(row), content: sanitizeRichText(String(row.content ?? '')) }
        : undefined;
    },
    undefined,
  );
}

export function publishedBanners(db: Db, tenantId: string): Promise<PublicBanner[]> {
  return inTenant(
    tenantId,
    async () =>
      (
        await published(new TenantData(db, tenantId).selectFrom('cubeCrBanner'))
          .select(['id', 'title', 'subtitle', 'imageUrl', 'linkUrl'])
          .orderBy('sort', 'asc')
          .orderBy('id', 'asc')
          .limit(10)
          .execute()
      ).map((row: Record<string, unknown>) => ({
        id: String(row.id),
        title: String(row.title ?? ''),
        subtitle: String(row.subtitle ?? ''),
        imageUrl: String(row.imageUrl ?? ''),
        linkUrl: String(row.linkUrl ?? ''),
      })),
    [],
  );
}

/** Every published detail page of the tenant (the sitemap), newest articles first, capped. */
export function sitemapEntries(db: Db, tenantId: string): Promise<Array<{ path: string; lastmod: string }>> {
  return inTenant(tenantId, async () => {
    const articles = await published(new TenantData(db, tenantId).selectFrom('cubeCrArticle'))
      .select(['id', 'updateTime', 'category'])
      .where('category', '<>', ArticleCategory.wechat)
      .orderBy('publishTime', 'desc')
      .limit(5000)
      .execute();
    const products = await published(new TenantData(db, tenantId).selectFrom('cubeCrProduct'))
      .select(['id', 'updateTime'])
      .execute();
    const certifications = await published(new TenantData(db, tenantId).selectFrom('cubeCrCertification'))
      .select(['id', 'updateTime'])
      .execute();
    const entry = (route: string) => (row: { id: string; updateTime: string }) => ({
      path: `${route}?id=${row.id}`,
      lastmod: String(row.updateTime).slice(0, 10),
    });
    return [
      ...articles.map(entry(publicPagePath('article'))),
      ...products.map(entry(publicPagePath('product'))),
      ...certifications.map(entry(publicPagePath('certification'))),
    ];
  }, []);
}

/** The content tables the public pages read (SQL names): a write to any of them changes what a page may show. */
export const PUBLIC_CONTENT_TABLES = [
  'cube_cr_article',
  'cube_cr_product',
  'cube_cr_certification',
  'cube_cr_banner',
] as const;

/**
 * The earliest publish time still to come among the tenant's published rows (`undefined`: none): the moment its
 * pages change without a write, so a rendered page is kept no longer than that.
 */
export function nextScheduledPublish(db: Db, tenantId: string): Promise<string | undefined> {
  return inTenant(
    tenantId,
    async () => {
      const at = now();
      const scheduled = (table: 'cubeCrArticle' | 'cubeCrProduct' | 'cubeCrCertification' | 'cubeCrBanner') =>
        new TenantData(db, tenantId)
          .selectFrom(table)
          .select((eb) => eb.fn.min<string>('publishTime').as('next'))
          .where('isPublish', '=', 1)
          .where('publishTime', '>', at)
          .executeTakeFirst();
      const found = await Promise.all([
        scheduled('cubeCrArticle'),
        scheduled('cubeCrProduct'),
        scheduled('cubeCrCertification'),
        scheduled('cubeCrBanner'),
      ]);
      const times = found.map((row) => row?.next).filter((t): t is string => Boolean(t));
      return times.sort()[0];
    },
    undefined,
  );
}
