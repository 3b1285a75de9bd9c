import type sanitizeHtml from 'sanitize-html';
import { sanitizer } from '../../../platform/lazy-modules.js';

/** A WeChat official-account article as the public site shows it. */
export interface WxArticle {
  url: string;
  title: string;
  author: string;
  publishTime: string;
  /** Sanitised HTML of the article body; every image goes through the image proxy. */
  content: string;
}

const IMAGE_PROXY = '/api/cube-mp/wx/getImg?url=';

/** Inline styles an article may keep: layout and typography, nothing that loads or positions over the page. */
const ALLOWED_STYLE_VALUE = /^[#(),.%\w\s-]{1,80}$/;
const allowedStyles = Object.fromEntries(
  [
    'color',
    'background-color',
    'font-size',
    'font-weight',
    'font-style',
    'text-align',
    'text-decoration',
    'text-indent',
    'line-height',
    'letter-spacing',
    'margin',
    'margin-top',
    'margin-bottom',
    'padding',
    'width',
    'max-width',
  ].map((property) => [property, [ALLOWED_STYLE_VALUE]]),
);

/**
 * The article's own text as HTML the public page may show: the allowlist keeps text structure, tables and images;
 * scripts, styles sheets, frames, forms, event handlers and `javascript:` links are dropped;
 * WeChat's lazy images (`data-src`) become real ones pointing at our image proxy, so the visitor's browser never
 * talks to WeChat and hot-link protection does not blank them.
 */
export function sanitizeArticleHtml(html: string, imageHosts: readonly string[]): string {
  return sanitizer()(html, {
    allowedTags: [
      'p',
      'br',
      'span',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'sub',
      'sup',
      'blockquote',
      'pre',
      'code',
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'ul',
      'ol',
      'li',
      'section',
      'div',
      'figure',
      'figcaption',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'img',
      'a',
      'hr',
    ],
    allowedAttributes: {
      a: ['href', 'title'],
      img: ['src', 'alt', 'width', 'height'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
      '*': ['style'],
    },
    allowedStyles: { '*': allowedStyles },
    allowedSchemes: ['https'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    transformTags: {
      img: (tagName, attribs) => {
        const source = attribs['data-src'] || attribs.src || '';
        const { 'data-src': _lazy, ...rest } = attribs;
        return { tagName, attribs: { ...rest, src: proxiedImage(source, imageHosts) } };
      },
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' },
      }),
    },
    // `rel`/`target` are set by the transform above, not taken from the article.
    allowedAttributesAppliedAfterTransform: undefined,
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  } as sanitizeHtml.IOptions);
}

/** An image URL of an allowed host, as a link to our proxy; anything else is dropped (empty `src`). */
function proxiedImage(source: string, imageHosts: readonly string[]): string {
  try {
    const url = new URL(source.startsWith('//') ? `https:${source}` : source);
    if (url.protocol === 'http:') url.protocol = 'https:';
    if (url.protocol !== 'https:' || !imageHosts.includes(url.hostname.toLowerCase())) return '';
    return `${IMAGE_PROXY}${encodeURIComponent(url.toString())}`;
  } catch {
    return '';
  }
}

const textOf = (value: string | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();

/** Reads title, author, time and body out of a WeChat article page (`#activity-name`, `#js_name`, `#js_content`). */
export async function readWxArticle(
  url: string,
  page: string,
  imageHosts: readonly string[],
): Promise<WxArticle> {
  // Loaded on the first article fetched: most installs never proxy one.
  const { DomUtils, parseDocument } = await import('htmlparser2');
  const document = parseDocument(page, { decodeEntities: true });
  const byId = (id: string) => DomUtils.getElementById(id, document.children, true);
  const meta = (property: string) =>
    DomUtils.findOne(
      (el) => el.name === 'meta' && (el.attribs.property === property || el.attribs.name === property),
      document.children,
      true,
    )?.attribs.content;
  const body = byId('js_content');
  const titleElement = byId('activity-name');
  const authorElement = byId('js_name');
  const timeElement = byId('publish_time');
  return {
    url,
    title: textOf(titleElement ? DomUtils.textContent(titleElement) : meta('og:title')),
    author: textOf(authorElement ? DomUtils.textContent(authorElement) : meta('og:article:author')),
    publishTime: textOf(timeElement ? DomUtils.textContent(timeElement) : ''),
    content: body ? sanitizeArticleHtml(DomUtils.getInnerHTML(body), imageHosts) : '',
  };
}
