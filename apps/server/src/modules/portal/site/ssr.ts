import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PUBLIC_ROUTES, PUBLIC_SITEMAP_PATHS, type PublicRoute } from '@cube/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { access } from '../../../platform/access.js';
import type { AppDeps } from '../../../platform/deps.js';
import { sitemapEntries } from './content.queries.js';
import { clientAssets, documentHtml, escapeHtml, type SiteRenderer } from './document.js';
import { buildPage } from './pages.js';
import { siteOfHost } from './public-site.js';

/**
 * Server-side rendering of the public pages (the contract's page list; docs/architecture.md "Public site"), with
 * robots.txt and the sitemap. Each page's data is read by its loader (pages.ts); the web's SSR bundle
 * (`apps/web/dist-ssr`, built by `vite build --ssr` from `apps/web/src/public/entry-server.tsx`) turns it into
 * HTML, and the small public client entry hydrates it from the same data. Responses are never cached, so a
 * publish in the console shows on the next request.
 */

const defaultWebDist = () =>
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../web/dist');

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
  // serves the console or the API never holds it.
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
