import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  ARTICLE_CATEGORY_LABELS,
  ArticleCategory,
  type ArticleCategoryKey,
  type PublicPageContent,
  type PublicPageData,
  type PublicRoute,
} from '@cube/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { access } from '../../../platform/access.js';
import type { AppDeps } from '../../../platform/deps.js';
import {
  aboutHtml,
  type PublicSite,
  publishedArticle,
  publishedArticles,
  publishedBanners,
  publishedCertification,
  publishedCertifications,
  publishedProduct,
  publishedProducts,
  sitemapEntries,
  siteOfHost,
} from './content.js';
import { plainText } from './sanitize.js';

/**
 * Server-side rendering of the nine public pages (issue 10, docs/architecture.md "Public site"). The page data is
 * read here through the same content service as the public API; the web's SSR bundle (`apps/web/dist-ssr`, built
 * by `vite build --ssr` from `apps/web/src/public/entry-server.tsx`) turns it into HTML, and the small public
 * client entry hydrates it from the same data, passed as a non-executed JSON script (the page CSP allows no inline
 * scripts). Responses are never cached, so a publish in the console shows on the next request.
 */

interface SiteRenderer {
  render(data: PublicPageData): string;
  css: string;
}

interface ClientAssets {
  entry: string;
  preload: string[];
}

const defaultWebDist = () =>
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../web/dist');

/** Sections and their tabs (article categories). */
const SECTIONS: Record<'/newsCenter' | '/partyBuilding' | '/scienceEducation', number[]> = {
  '/newsCenter': [ArticleCategory.news, ArticleCategory.policy, ArticleCategory.wechat],
  '/partyBuilding': [ArticleCategory.party],
  '/scienceEducation': [ArticleCategory.science],
};

const PAGE_TITLES: Record<PublicRoute, string> = {
  '/': '首页',
  '/productServices': '产品服务',
  '/newsCenter': '新闻中心',
  '/scienceEducation': '科普教育',
  '/partyBuilding': '党建园地',
  '/aboutUs': '关于我们',
  '/newsDetails': '新闻详情',
  '/productDetails': '产品详情',
  '/systemDetails': '体系认证',
};

export const PUBLIC_ROUTES = Object.keys(PAGE_TITLES) as PublicRoute[];

const ID = /^[1-9]\d{0,18}$/;
const LIST_SIZE = 10;

const sectionOfCategory = (category: number): PublicRoute =>
  category === ArticleCategory.party
    ? '/partyBuilding'
    : category === ArticleCategory.science
      ? '/scienceEducation'
      : '/newsCenter';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** JSON inside a script element: nothing in it may close the element or start a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const positiveInt = (value: unknown, fallback: number, max: number) => {
  const n = typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
};

interface Built {
  status: number;
  data: PublicPageData;
  ogType: 'website' | 'article';
  image: string;
}

async function buildPage(
  deps: AppDeps,
  site: PublicSite,
  route: PublicRoute,
  query: Record<string, unknown>,
  origin: string,
): Promise<Built> {
  const { db } = deps.db;
  const tenantId = site.tenantId;
  const base = (title: string, description: string, canonicalPath: string, content: PublicPageContent) => ({
    route,
    url: canonicalPath,
    title,
    description: description || site.profile.description,
    canonical: `${origin}${canonicalPath}`,
    site: site.profile,
    content,
  });
  const notFound = (): Built => ({
    status: 404,
    ogType: 'website',
    image: '',
    data: { ...base('页面不存在', '', route, { kind: 'notFound' }), route: '/404' },
  });
  const id = typeof query.id === 'string' && ID.test(query.id) ? query.id : undefined;

  switch (route) {
    case '/': {
      const [banners, products, certifications, news, party, policies] = await Promise.all([
        publishedBanners(db, tenantId),
        publishedProducts(db, tenantId, 8),
        publishedCertifications(db, tenantId, 6),
        publishedArticles(db, tenantId, [ArticleCategory.news], 1, 6),
        publishedArticles(db, tenantId, [ArticleCategory.party], 1, 5),
        publishedArticles(db, tenantId, [ArticleCategory.policy], 1, 5),
      ]);
      return {
        status: 200,
        ogType: 'website',
        image: banners[0]?.imageUrl ?? '',
        data: base(site.profile.indexTitle, '', '/', {
          kind: 'home',
          banners,
          products,
          certifications,
          news: news.records,
          party: party.records,
          policies: policies.records,
          aboutSummary: plainText(aboutHtml(site), 220),
        }),
      };
    }
    case '/productServices': {
      const [products, certifications] = await Promise.all([
        publishedProducts(db, tenantId),
        publishedCertifications(db, tenantId),
      ]);
      const description = `${site.profile.companyName}提供${products.map((p) => p.name).join('、')}等知识产权服务。`;
      return {
        status: 200,
        ogType: 'website',
        image: '',
        data: base(PAGE_TITLES[route], products.length ? description : '', route, {
          kind: 'products',
          products,
          certifications,
        }),
      };
    }
    case '/newsCenter':
    case '/partyBuilding':
    case '/scienceEducation': {
      const categories = SECTIONS[route];
      const asked = positiveInt(query.category, categories[0] ?? 1, 99);
      const category = categories.includes(asked) ? asked : (categories[0] ?? 1);
      const current = positiveInt(query.page, 1, 10_000);
      const page = await publishedArticles(db, tenantId, [category], current, LIST_SIZE);
      // A page past the end is not a page: 404, so crawlers drop it.
      if (current > 1 && page.records.length === 0) return notFound();
      const params = new URLSearchParams();
      if (category !== categories[0]) params.set('category', String(category));
      if (current > 1) params.set('page', String(current));
      const canonicalPath = params.size ? `${route}?${params}` : route;
      const label = ARTICLE_CATEGORY_LABELS[category as ArticleCategoryKey];
      return {
        status: 200,
        ogType: 'website',
        image: '',
        data: base(
          categories.length > 1 ? `${label} - ${PAGE_TITLES[route]}` : PAGE_TITLES[route],
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
      };
    }
    case '/aboutUs': {
      const html = aboutHtml(site);
      return {
        status: 200,
        ogType: 'website',
        image: '',
        data: base(PAGE_TITLES[route], plainText(html, 160), route, { kind: 'about', html }),
      };
    }
    case '/newsDetails': {
      const article = id ? await publishedArticle(db, tenantId, id) : undefined;
      if (!article) return notFound();
      return {
        status: 200,
        ogType: 'article',
        image: article.coverUrl,
        data: base(
          article.title,
          article.summary || plainText(article.content, 160),
          `${route}?id=${article.id}`,
          {
            kind: 'article',
            article,
            section: sectionOfCategory(article.category),
          },
        ),
      };
    }
    case '/productDetails': {
      const product = id ? await publishedProduct(db, tenantId, id) : undefined;
      if (!product) return notFound();
      const related = (await publishedProducts(db, tenantId, 20))
        .filter((p) => p.id !== product.id)
        .slice(0, 4);
      return {
        status: 200,
        ogType: 'article',
        image: product.coverUrl,
        data: base(
          product.name,
          product.summary || plainText(product.content, 160),
          `${route}?id=${product.id}`,
          {
            kind: 'product',
            product,
            related,
          },
        ),
      };
    }
    case '/systemDetails': {
      const certification = id ? await publishedCertification(db, tenantId, id) : undefined;
      if (!certification) return notFound();
      const related = (await publishedCertifications(db, tenantId, 20))
        .filter((c) => c.id !== certification.id)
        .slice(0, 4);
      return {
        status: 200,
        ogType: 'article',
        image: certification.coverUrl,
        data: base(
          certification.name,
          certification.summary || plainText(certification.content, 160),
          `${route}?id=${certification.id}`,
          { kind: 'certification', certification, related },
        ),
      };
    }
  }
}

function documentHtml(
  built: Built,
  renderer: SiteRenderer,
  assets: ClientAssets | undefined,
  origin: string,
) {
  const { data } = built;
  const site = data.site;
  const fullTitle = data.route === '/' ? `${site.indexTitle}` : `${data.title} - ${site.title}`;
  const absolute = (url: string) => (url.startsWith('/') ? `${origin}${url}` : url);
  const meta: string[] = [
    `<title>${escapeHtml(fullTitle)}</title>`,
    `<meta name="description" content="${escapeHtml(data.description)}">`,
    site.keywords ? `<meta name="keywords" content="${escapeHtml(site.keywords)}">` : '',
    `<link rel="canonical" href="${escapeHtml(data.canonical)}">`,
    `<meta property="og:type" content="${built.ogType}">`,
    `<meta property="og:title" content="${escapeHtml(data.route === '/' ? site.indexTitle : data.title)}">`,
    `<meta property="og:description" content="${escapeHtml(data.description)}">`,
    `<meta property="og:url" content="${escapeHtml(data.canonical)}">`,
    `<meta property="og:site_name" content="${escapeHtml(site.title)}">`,
    `<meta property="og:locale" content="zh_CN">`,
    built.image ? `<meta property="og:image" content="${escapeHtml(absolute(built.image))}">` : '',
    built.status === 404 ? '<meta name="robots" content="noindex">' : '',
    site.favicon ? `<link rel="icon" href="${escapeHtml(site.favicon)}">` : '',
  ];
  const scripts = assets
    ? [
        ...assets.preload.map((file) => `<link rel="modulepreload" href="/${escapeHtml(file)}">`),
        `<script type="module" src="/${escapeHtml(assets.entry)}"></script>`,
      ]
    : [];
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="renderer" content="webkit">
${meta.filter(Boolean).join('\n')}
<style>${renderer.css}</style>
<style>:root{--site-brand:${site.primaryColor}}</style>
${scripts.join('\n')}
</head>
<body>
<div id="site-root">${renderer.render(data)}</div>
<script type="application/json" id="site-data">${scriptJson(data)}</script>
</body>
</html>`;
}

/**
 * The client entry and the chunks it imports, from the public build's manifest; read again when the manifest
 * changes, so a deploy in place links the new chunks without a restart (as the static assets are looked up).
 */
function clientAssets(webDist: string): () => ClientAssets | undefined {
  const manifestFile = path.join(webDist, '.vite', 'site-manifest.json');
  let cached: { mtimeMs: number; assets: ClientAssets | undefined } | undefined;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(manifestFile).mtimeMs;
    } catch {
      return undefined;
    }
    if (cached?.mtimeMs === mtimeMs) return cached.assets;
    cached = { mtimeMs, assets: readClientAssets(manifestFile) };
    return cached.assets;
  };
}

function readClientAssets(manifestFile: string): ClientAssets | undefined {
  let manifest: Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  } catch {
    return undefined;
  }
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) return undefined;
  const preload = new Set<string>();
  const walk = (keys: string[] | undefined) => {
    for (const key of keys ?? []) {
      const chunk = manifest[key];
      if (!chunk || preload.has(chunk.file)) continue;
      preload.add(chunk.file);
      walk(chunk.imports);
    }
  };
  walk(entry.imports);
  return { entry: entry.file, preload: [...preload] };
}

export function registerSitePages(app: FastifyInstance, deps: AppDeps): void {
  const webDist = deps.config.webDist ?? defaultWebDist();
  const rendererFile = path.resolve(webDist, '../dist-ssr/entry-server.js');
  const hasRenderer = existsSync(rendererFile);
  let renderer: Promise<SiteRenderer> | undefined;
  const loadRenderer = () => {
    renderer ??= import(pathToFileURL(rendererFile).href) as Promise<SiteRenderer>;
    return renderer;
  };
  // Without a built SSR bundle (API-only runs, tests of other areas) the public paths stay the SPA's.
  if (!hasRenderer) return;
  // The renderer (React's server build) loads with the first public page, not at start: an instance that only
  // serves the console or the API never holds it (design §2, D14).
  const assets = clientAssets(webDist);

  const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

  const answer = async (request: FastifyRequest, reply: FastifyReply, route: PublicRoute) => {
    const site = await siteOfHost(deps, request.host);
    const origin = originOf(request);
    const built = await buildPage(deps, site, route, request.query as Record<string, unknown>, origin);
    const html = documentHtml(built, await loadRenderer(), assets(), origin);
    return reply
      .code(built.status)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  };

  for (const route of PUBLIC_ROUTES)
    app.get(route, { config: { access: access.public } }, (request, reply) => answer(request, reply, route));

  app.get('/robots.txt', { config: { access: access.public } }, async (request, reply) => {
    const origin = originOf(request);
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/plain; charset=utf-8')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /api/',
          'Disallow: /login',
          'Disallow: /lock',
          'Disallow: /wel/',
          '',
          `Sitemap: ${origin}/sitemap.xml`,
          '',
        ].join('\n'),
      );
  });

  app.get('/sitemap.xml', { config: { access: access.public } }, async (request, reply) => {
    const origin = originOf(request);
    const site = await siteOfHost(deps, request.host);
    const sections = [
      '/',
      '/productServices',
      '/newsCenter',
      '/scienceEducation',
      '/partyBuilding',
      '/aboutUs',
    ];
    const entries = [
      ...sections.map((p) => ({ path: p, lastmod: '' })),
      ...(await sitemapEntries(deps.db.db, site.tenantId)),
    ];
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...entries.map(
        (e) =>
          `<url><loc>${escapeHtml(`${origin}${e.path}`)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`,
      ),
      '</urlset>',
      '',
    ].join('\n');
    return reply.header('Cache-Control', 'no-cache').type('application/xml; charset=utf-8').send(xml);
  });
}
