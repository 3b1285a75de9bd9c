import type sanitizeHtml from 'sanitize-html';
import { sanitizer } from '../../../platform/lazy-modules.js';

/**
 * Rich text written in the console's editor is shown to every visitor of the tenant's site, so it is cleaned
 * twice: when saved (nothing dangerous is stored) and when rendered (rows written before a rule tightened, or
 * straight into the database, are still safe). Only structure, links and images survive; no scripts, event
 * handlers, styles other than text alignment, frames or `javascript:`/`data:` addresses.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'h5',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
    'code',
    'pre',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    p: ['style'],
    h2: ['style'],
    h3: ['style'],
    h4: ['style'],
  },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/] } },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link that opens a new window must not hand the opener to the other site.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
    h1: 'h2',
  },
};

export function sanitizeRichText(html: string): string {
  return html ? sanitizer()(html, OPTIONS).trim() : '';
}

/** Plain text of rich text (descriptions, summaries), whitespace collapsed. */
export function plainText(html: string, max = 160): string {
  // Block ends become spaces first, so a heading does not run into the paragraph after it.
  const text = sanitizer()(html.replace(/<\/(p|h\d|li|div|blockquote|td|th)>|<br\s*\/?>/gi, ' '), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
