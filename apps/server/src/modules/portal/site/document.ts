import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { PublicPageData } from '@cube/contract';
import type { Built } from './pages.js';

/**
 * The HTML document of a public page: its head (title, description, canonical and Open Graph tags), the markup
 * the web's SSR bundle renders, and the page data as a non-executed JSON script the client hydrates from (the page
 * CSP allows no inline scripts).
 */

export interface SiteRenderer {
  render(data: PublicPageData): string;
  css: string;
}

export interface ClientAssets {
  entry: string;
  preload: string[];
}

export const escapeHtml = (value: string) =>
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

export function documentHtml(
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
export function clientAssets(webDist: string): () => ClientAssets | undefined {
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
