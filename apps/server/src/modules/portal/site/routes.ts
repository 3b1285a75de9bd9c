import {
  ARTICLE_CATEGORY_LABELS,
  ArticleCategory,
  articleEntity,
  bannerEntity,
  certificationEntity,
  type EntityDefinition,
  pageSchema,
  productEntity,
  SITE_SETTING_API,
  SITE_SETTING_CODES,
  SITE_SETTING_PERMISSION,
  siteSettingSchema,
} from '@cube/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withPlatformScope } from '../../../db/row-scope.js';
import type { TableName } from '../../../db/types.js';
import { access, contextOf } from '../../../platform/access.js';
import { registerCrud, type SaveEvent } from '../../../platform/crud/index.js';
import { now } from '../../../platform/dates.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { ok, rSchema } from '../../../platform/envelope.js';
import { BizError, NotFoundError } from '../../../platform/errors.js';
import { saveTenantResources, siteResources } from '../../system/site/site.queries.js';
import {
  MAX_PUBLIC_PAGE_SIZE,
  publishedArticle,
  publishedArticles,
  publishedBanners,
  publishedCertification,
  publishedCertifications,
  publishedProduct,
  publishedProducts,
} from './content.queries.js';
import { siteOfHost } from './public-site.js';
import { sanitizeRichText } from './sanitize.js';
import { registerSitePages } from './ssr.js';

/**
 * Save hook shared by the content entities: rich text is sanitised before it is stored, and publishing without
 * a time stamps the moment of publishing (a time in the future schedules the row).
 */
const beforeContentSave = async (event: SaveEvent): Promise<void> => {
  const { values } = event;
  if (typeof values.content === 'string') values.content = sanitizeRichText(values.content);
  if (!values.publishTime) values.publishTime = values.isPublish === 1 ? now() : null;
};

const WECHAT_LINK_REQUIRED = articleEntity.messages.wechatLinkRequired;
const WECHAT_LINK_HTTPS = articleEntity.messages.wechatLinkInvalid;

const beforeArticleSave = async (event: SaveEvent): Promise<void> => {
  const { values } = event;
  // A WeChat article is read through the proxy, which fetches https addresses only.
  if (values.category === ArticleCategory.wechat) {
    const link = String(values.linkUrl ?? '');
    if (!link) throw new BizError(WECHAT_LINK_REQUIRED);
    if (!link.startsWith('https://')) throw new BizError(WECHAT_LINK_HTTPS);
  }
  await beforeContentSave(event);
};

/** The site's host as the visitor addressed it; a `domain` query (as site info takes) names another. */
export const hostOf = (request: FastifyRequest, domain?: string): string => domain || request.host || '';

const pagingQuery = z.object({
  current: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  size: z.coerce.number().int().min(1).max(MAX_PUBLIC_PAGE_SIZE).optional().default(10),
  domain: z.string().max(500).optional(),
});
const detailQuery = z.object({
  id: z.string({ error: '缺少必要的请求参数: id' }).regex(/^[1-9]\d{0,18}$/, '请求参数类型错误: id'),
  domain: z.string().max(500).optional(),
});
const categoryOf = z.coerce
  .number({ error: '请求参数类型错误: category' })
  .int('请求参数类型错误: category')
  .refine((n) => n in ARTICLE_CATEGORY_LABELS, '请求参数类型错误: category');

/** The public records (no tenant, audit or draft fields ever leave the server: the schemas strip them). */
const articleSummary = z.object({
  id: z.string(),
  category: z.number(),
  categoryName: z.string(),
  title: z.string(),
  author: z.string(),
  source: z.string(),
  coverUrl: z.string(),
  summary: z.string(),
  linkUrl: z.string(),
  isTop: z.number(),
  publishTime: z.string(),
});
const productSummary = z.object({
  id: z.string(),
  category: z.number(),
  categoryName: z.string(),
  name: z.string(),
  coverUrl: z.string(),
  summary: z.string(),
});
const certificationSummary = z.object({
  id: z.string(),
  name: z.string(),
  standard: z.string(),
  coverUrl: z.string(),
  summary: z.string(),
});
const bannerRecord = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string(),
});
const withContent = <T extends z.ZodObject>(schema: T) => rSchema(schema.extend({ content: z.string() }));
const articlePage = rSchema(pageSchema(articleSummary));
// Anonymous reads that render a page's worth of rows: generous per address, still bounded.
const publicConfig = { access: access.public, rateLimit: { max: 600, timeWindow: '1 minute' } };

export const portalSiteModule = defineModule('portal/site', async (app: FastifyInstance, deps: AppDeps) => {
  // The site's content is the tenant's business data: a tenant bound to a datasource of its own keeps it there
  // (platform/tenant-databases.ts). The site settings (`cube_site_resource`) are branding the login page reads
  // too, and stay on the master: they are written through `deps.db`, never through a routed transaction.
  const business: AppDeps = { ...deps, db: deps.datasources.routed };
  const content = (entity: EntityDefinition, table: TableName, beforeSave = beforeContentSave) =>
    registerCrud(app, business, entity, { table, hooks: { beforeSave: [beforeSave] } });
  content(articleEntity, 'cubeCrArticle', beforeArticleSave);
  content(productEntity, 'cubeCrProduct');
  content(certificationEntity, 'cubeCrCertification');
  content(bannerEntity, 'cubeCrBanner');

  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.db;
  const contentDb = business.db.db;

  /* ---- Branding, contact details and the about-us page (站点设置): the caller's tenant's site resources ---- */

  api.get(
    SITE_SETTING_API,
    {
      config: { access: access.permission(SITE_SETTING_PERMISSION.read) },
      schema: { response: { 200: rSchema(z.record(z.string(), z.string())) } },
    },
    async (request) => {
      const ctx = contextOf(request);
      // The tenant's own values over the platform's defaults: what its site shows today. The defaults are the
      // platform tenant's rows, which row security hides from a tenant's request: read in the platform scope,
      // these two tenants' branding rows only.
      const rows = await withPlatformScope(() => siteResources(db, ctx.tenantId, SITE_SETTING_CODES));
      const values: Record<string, string> = Object.fromEntries(
        SITE_SETTING_CODES.map((c) => [c, rows.get(c) ?? '']),
      );
      return ok(values);
    },
  );

  api.post(
    `${SITE_SETTING_API}/submit`,
    {
      config: { access: access.permission(SITE_SETTING_PERMISSION.edit) },
      schema: { body: siteSettingSchema, response: { 200: rSchema(z.object({})) } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const values: Record<string, string> = {
        ...request.body,
        aboutUs: sanitizeRichText(request.body.aboutUs),
        privacyPolicy: sanitizeRichText(request.body.privacyPolicy),
      };
      // A blank value the tenant never set stays unset, so the platform's default keeps applying.
      await saveTenantResources(
        db,
        ctx.tenantId,
        SITE_SETTING_CODES.map((code) => [code, values[code] ?? ''] as const),
      );
      return ok({}, '更新成功');
    },
  );

  /* ---- Public calls (no token): the published content of the site whose domain the request names ---- */

  const tenantOf = async (request: FastifyRequest, domain?: string) =>
    (await siteOfHost(deps, hostOf(request, domain))).tenantId;

  const articlesOf = (category: number) =>
    api.get(
      `/api/cube-cr/article/${category === ArticleCategory.party ? 'getDjyw' : 'getZc'}`,
      { config: publicConfig, schema: { querystring: pagingQuery, response: { 200: articlePage } } },
      async (request) => {
        const { current, size, domain } = request.query;
        return ok(
          await publishedArticles(contentDb, await tenantOf(request, domain), [category], current, size),
        );
      },
    );
  articlesOf(ArticleCategory.party);
  articlesOf(ArticleCategory.policy);

  api.get(
    '/api/cube-cr/article/public-list',
    {
      config: publicConfig,
      schema: {
        querystring: pagingQuery.extend({ category: categoryOf }),
        response: { 200: articlePage },
      },
    },
    async (request) => {
      const { current, size, domain, category } = request.query;
      return ok(
        await publishedArticles(contentDb, await tenantOf(request, domain), [category], current, size),
      );
    },
  );

  const detail = <T>(
    path: string,
    response: z.ZodType,
    read: (tenantId: string, id: string) => Promise<T | undefined>,
  ) =>
    api.get(
      path,
      { config: publicConfig, schema: { querystring: detailQuery, response: { 200: response } } },
      async (request) => {
        const found = await read(await tenantOf(request, request.query.domain), request.query.id);
        if (!found) throw new NotFoundError();
        return ok(found);
      },
    );
  detail('/api/cube-cr/article/public-detail', withContent(articleSummary), (tenantId, id) =>
    publishedArticle(contentDb, tenantId, id),
  );
  detail('/api/cube-cr/product/public-detail', withContent(productSummary), (tenantId, id) =>
    publishedProduct(contentDb, tenantId, id),
  );
  detail('/api/cube-cr/certification/public-detail', withContent(certificationSummary), (tenantId, id) =>
    publishedCertification(contentDb, tenantId, id),
  );

  const domainQuery = z.object({ domain: z.string().max(500).optional() });
  api.get(
    '/api/cube-cr/product/public-list',
    {
      config: publicConfig,
      schema: { querystring: domainQuery, response: { 200: rSchema(z.array(productSummary)) } },
    },
    async (request) => ok(await publishedProducts(contentDb, await tenantOf(request, request.query.domain))),
  );
  api.get(
    '/api/cube-cr/certification/public-list',
    {
      config: publicConfig,
      schema: { querystring: domainQuery, response: { 200: rSchema(z.array(certificationSummary)) } },
    },
    async (request) =>
      ok(await publishedCertifications(contentDb, await tenantOf(request, request.query.domain))),
  );
  api.get(
    '/api/cube-cr/banner/public-list',
    {
      config: publicConfig,
      schema: { querystring: domainQuery, response: { 200: rSchema(z.array(bannerRecord)) } },
    },
    async (request) => ok(await publishedBanners(contentDb, await tenantOf(request, request.query.domain))),
  );

  await registerSitePages(app, business);
});
