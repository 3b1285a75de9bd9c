import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  CONSOLE_ROUTE_ROOTS,
  PUBLIC_ROUTES,
  PUBLIC_SITEMAP_PATHS,
  type PublicRoute,
  publicPage,
} from '@cube/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { withPlatformScope } from '../../../db/row-scope.js';
import { access } from '../../../platform/access.js';
import { acceptedEncoding, varyByEncoding } from '../../../platform/compression.js';
import { parseDateTime } from '../../../platform/dates.js';
import type { AppDeps } from '../../../platform/deps.js';
import { menuPathUnder } from '../../system/menu/menu.queries.js';
import { nextScheduledPublish, sitemapEntries } from './content.queries.js';
import { clientAssets, documentHtml, escapeHtml, type SiteRenderer } from './document.js';
import { isKept, type OneOffPage, PublicPageCache, pageBody, type RenderedPage } from './page-cache.js';
import { buildPage, notFoundPage, PAGE_QUERY_KEYS } from './pages.js';
import { PUBLIC_SITE_TABLES, siteOfHost } from './public-site.js';

/**
 * Server-side rendering of the public pages (the contract's page list; docs/architecture.md "Public site"), with
 * robots.txt and the sitemap. Each page's data is read by its loader (pages.ts); the web's SSR bundle
 * (`apps/web/dist-ssr`, built by `vite build --ssr` from `apps/web/src/public/entry-server.tsx`) turns it into
 * HTML, and the small public client entry hydrates it from the same data. Each page is rendered once per publish
 * and kept ready with its compressed variants (page-cache.ts); any write to what pages read drops them on every
 * instance before the write answers, so a publish in the console shows on the next request. Browsers revalidate
 * (`no-cache`) and get a 304 while the page is unchanged.
 */

const defaultWebDist = () =>
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../web/dist');

/**
 * First segments the public site never answers: the console's own routes (the contract's list), the API and the
 * built files (their own 404s stay theirs).
 */
const CONSOLE_ROOTS = new Set([...CONSOLE_ROUTE_ROOTS, 'api', 'assets', 'index.html']);
const FIRST_SEGMENT = /^\/([^/?#]+)/;

/** The cache key of a page: the origin asked (it decides the tenant and the canonical links), the page and the
 * query parameters its loader reads, in a fixed order (`?utm_source=…` and the like share the page). */
const keyOf = (origin: string, route: PublicRoute, query: Record<string, unknown>) => {
  const read = PAGE_QUERY_KEYS[publicPage(route).loader]
    .map((name) => (typeof query[name] === 'string' ? `${name}=${query[name]}` : ''))
    .join('&');
  return `${origin}\u0000${route}\u0000${read}`;
};

export async function registerSitePages(app: FastifyInstance, deps: AppDeps): Promise<void> {
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
  // serves the console or the API never holds it.
  const assets = clientAssets(webDist);
  // `deps.db` is the routed handle (routes.ts): a write to a bound tenant's content, in its own database, drops
  // the pages as a write on the master does.
  const cache = new PublicPageCache(deps.db, deps.store, PUBLIC_SITE_TABLES, {
    maxBytes: deps.config.publicPageCacheBytes,
    log: app.log,
  });
  deps.caches.register('public-pages', () => cache.clear());
  await cache.start();
  app.addHook('onClose', () => cache.stop());

  const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

  const render = async (request: FastifyRequest, route: PublicRoute | '/404') => {
    const site = await siteOfHost(deps, request.host);
    const origin = originOf(request);
    const [built, scheduled] = await Promise.all([
      route === '/404'
        ? notFoundPage(site, '/', origin)
        : buildPage(deps, site, route, request.query as Record<string, unknown>, origin),
      nextScheduledPublish(deps.db.db, site.tenantId),
    ]);
    return {
      status: built.status,
      html: documentHtml(built, await loadRenderer(), assets(), origin),
      validUntil: scheduled ? parseDateTime(scheduled).getTime() : undefined,
    };
  };

  const send = (request: FastifyRequest, reply: FastifyReply, page: RenderedPage | OneOffPage) => {
    reply.code(page.status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    if (!isKept(page)) return reply.send(page.html);
    // Kept pages go out as made: the ETag answers a revalidation with 304, the variants need no compressing.
    reply.header('ETag', page.etag);
    varyByEncoding(reply);
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    const encoding = acceptedEncoding(request);
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(pageBody(page, encoding));
  };

  const answer = async (request: FastifyRequest, reply: FastifyReply, route: PublicRoute) => {
    const query = request.query as Record<string, unknown>;
    const page = await cache.get(keyOf(originOf(request), route, query), () => render(request, route));
    return send(request, reply, page);
  };

  for (const route of PUBLIC_ROUTES)
    app.get(route, { config: { access: access.public } }, (request, reply) => answer(request, reply, route));

  // Any other address, of one segment or more, is either the console's (its own routes, a menu's path and what
  // lies below it, which the single-page app resolves and, signed out, sends to the login with the address kept)
  // or a page that does not exist: the public site's 404 page with a 404 status, rather than the console's page
  // with a 200. The explicit routes (public pages, robots, sitemap, built files, the API) match before this one.
  app.get('/*', { config: { access: access.public } }, async (request, reply) => {
    const segment = FIRST_SEGMENT.exec(request.url.split('?')[0] ?? '')?.[1] ?? '';
    if (
      !segment ||
      CONSOLE_ROOTS.has(segment) ||
      (await withPlatformScope(() => menuPathUnder(deps.db.db, segment)))
    )
      return reply.callNotFound();
    return send(request, reply, await render(request, '/404'));
  });

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
    const entries = [
      ...PUBLIC_SITEMAP_PATHS.map((p) => ({ path: p, lastmod: '' })),
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
