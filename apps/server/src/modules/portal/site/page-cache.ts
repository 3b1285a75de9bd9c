import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { DatabaseHandle } from '../../../db/connection.js';
import { type Encoding, encodeSync } from '../../../platform/compression.js';
import type { SharedStore } from '../../../platform/store.js';
import { TableWriteInvalidation } from '../../../platform/watched-cache.js';

/** A rendered public page, ready to send: the HTML and its brotli and gzip variants, with one ETag for all three. */
export interface RenderedPage {
  status: number;
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** Weak (`W/"…"`): the three encodings of one page are the same representation. */
  etag: string;
}

/** A page rendered for one request and not kept (a 404, or while the cache cannot be trusted). */
export interface OneOffPage {
  status: number;
  html: string;
}

const CHANNEL = 'public-page-invalidation';

/** The default memory bound of the rendered pages of one instance (docs/operations.md). */
export const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/** What a page costs beside its buffers (key, entry object, LRU bookkeeping). */
const ENTRY_OVERHEAD_BYTES = 512;

export interface PageCacheOptions {
  /** Bytes of HTML, brotli and gzip kept, all pages together; the least recently used page goes first. */
  maxBytes?: number;
  /**
   * Longest a page is kept. Invalidation, not this, keeps pages right after a write; this bounds what no write
   * announces (a tenant whose subscription ends, reached by the clock rather than by a statement).
   */
  ttlMs?: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * The public pages each instance has rendered, so that a page is rendered (and compressed) once per publish
 * rather than once per visit. Keyed by the host asked (which decides the tenant), the page's address and the query
 * parameters its loader reads; the public site is in one language (zh-CN), so nothing else varies. A page embeds
 * nothing per visitor (the customer form carries no token; a submission's request id is made in the browser), so
 * one copy serves every visitor.
 *
 * Kept right as the dictionary and access caches are ({@link TableWriteInvalidation}): any committed write to a
 * table the pages read (`tables`: the content tables, the site settings, the tenants and their domains) drops every
 * page on every instance before the writing request answers — a publish shows on the very next request. While the
 * subscription is not live nothing is answered from memory, and a render that began before an invalidation is sent
 * but not kept. A page whose content changes with the clock (an article scheduled for later) is kept only until
 * that moment.
 */
export class PublicPageCache {
  private readonly pages: LRUCache<string, RenderedPage>;
  private readonly invalidation: TableWriteInvalidation;
  private readonly ttlMs: number;
  private readonly enabled: boolean;

  constructor(
    db: DatabaseHandle,
    store: SharedStore,
    tables: readonly string[],
    options: PageCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 10 * 60_000;
    const maxBytes = options.maxBytes ?? PAGE_CACHE_MAX_BYTES;
    this.enabled = maxBytes > 0;
    this.pages = new LRUCache<string, RenderedPage>({
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: (page, key) =>
        page.html.length + page.br.length + page.gzip.length + key.length * 2 + ENTRY_OVERHEAD_BYTES,
      ttl: this.ttlMs,
      ttlAutopurge: false,
    });
    this.invalidation = new TableWriteInvalidation(
      db,
      store,
      { channel: CHANNEL, tables, log: options.log },
      () => this.pages.clear(),
    );
  }

  start(): Promise<void> {
    return this.invalidation.start();
  }

  stop(): Promise<void> {
    return this.invalidation.stop();
  }

  /** Pages kept and their bytes (tests, metrics). */
  get stats(): { pages: number; bytes: number } {
    return { pages: this.pages.size, bytes: this.pages.calculatedSize };
  }

  /**
   * The page under `key`, from memory or rendered by `render`. `render` answers the HTML, its status and until
   * when it holds (ms since the epoch; `undefined` for "until the next write"). Only 200 pages are kept: a 404
   * for any made-up id must not push real pages out.
   */
  async get(
    key: string,
    render: () => Promise<{ status: number; html: string; validUntil?: number }>,
  ): Promise<RenderedPage | OneOffPage> {
    const caching = this.enabled && this.invalidation.live;
    if (caching) {
      const hit = this.pages.get(key);
      if (hit) return hit;
    }
    const generation = this.invalidation.generation;
    const rendered = await render();
    const ttl = rendered.validUntil === undefined ? this.ttlMs : rendered.validUntil - Date.now();
    if (
      !caching ||
      rendered.status !== 200 ||
      ttl <= 0 ||
      generation !== this.invalidation.generation ||
      !this.invalidation.live
    )
      return { status: rendered.status, html: rendered.html };
    const page = ready(rendered.status, rendered.html);
    this.pages.set(key, page, { ttl: Math.min(ttl, this.ttlMs) });
    return page;
  }

  /** Drops every page, on every instance (clear-cache; after changing the tables by hand). */
  clear(): Promise<void> {
    return this.invalidation.invalidate();
  }
}

/** The HTML with its compressed variants and ETag, made once. */
function ready(status: number, text: string): RenderedPage {
  const html = Buffer.from(text);
  return {
    status,
    html,
    br: encodeSync('br', html),
    gzip: encodeSync('gzip', html),
    etag: `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
  };
}

/** Whether `page` is a kept one, with its variants and ETag. */
export const isKept = (page: RenderedPage | OneOffPage): page is RenderedPage => 'etag' in page;

/** The body of a kept page for a client that accepts `encoding` (none: the HTML as it is). */
export function pageBody(page: RenderedPage, encoding: Encoding | null): Buffer {
  return encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html;
}
