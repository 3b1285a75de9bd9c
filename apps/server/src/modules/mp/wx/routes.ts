import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../../platform/access.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { ok, rSchema } from '../../../platform/envelope.js';
import { AppError } from '../../../platform/errors.js';
import {
  type FetchedResource,
  guardedFetch,
  OutboundMessage,
  OutboundRefused,
  outboundDispatcher,
} from '../../../platform/outbound.js';
import { readWxArticle, type WxArticle } from './article.js';

/**
 * The WeChat official-account proxy of the public site (`cube-mp/wx/getContent`, `getImg`).
 * Visitors' browsers cannot load WeChat pages or images directly (framing and hot-link
 * protection), so the server fetches them — only over https, only from the configured WeChat hosts, only to public
 * addresses, within time and size caps — and answers a sanitised article whose images come back through `getImg`.
 * Answers are cached per instance and identical concurrent requests share one upstream fetch.
 */

const LIMITS = {
  article: { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 3 },
  image: { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 3 },
  /** Upstream fetches in flight per instance; more answer 429 rather than queue behind a slow upstream. */
  concurrent: 16,
  cacheTtlMs: 10 * 60_000,
  cacheEntries: { article: 200, image: 500 },
} as const;

const BUSY_MESSAGE = '请求过于频繁，请稍后再试';

const wxArticleSchema = z.object({
  url: z.string(),
  title: z.string(),
  author: z.string(),
  publishTime: z.string(),
  content: z.string(),
});

const urlQuery = z.object({
  url: z
    .string({ error: '缺少必要的请求参数: url' })
    .trim()
    .min(1, '缺少必要的请求参数: url')
    .max(2048, '链接地址过长'),
});

/** A bounded, time-limited cache whose misses for one key share a single load. */
class SharedLoads<T> {
  private readonly done = new Map<string, { value: T; until: number }>();
  private readonly pending = new Map<string, Promise<T>>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.done.get(key);
    if (hit && hit.until > Date.now()) return Promise.resolve(hit.value);
    this.done.delete(key);
    let running = this.pending.get(key);
    if (!running) {
      running = load().then(
        (value) => {
          this.pending.delete(key);
          this.done.set(key, { value, until: Date.now() + this.ttlMs });
          // Oldest first: a Map iterates in insertion order.
          while (this.done.size > this.maxEntries) this.done.delete(this.done.keys().next().value as string);
          return value;
        },
        (error: unknown) => {
          this.pending.delete(key);
          throw error;
        },
      );
      this.pending.set(key, running);
    }
    return running;
  }

  clear(): void {
    this.done.clear();
  }
}

/** The image type its first bytes prove (PNG, JPEG, GIF, WebP); an upstream's Content-Type is not trusted. */
export function sniffImageType(body: Buffer): string | undefined {
  if (
    body.length >= 8 &&
    body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (body.length >= 3 && body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff) return 'image/jpeg';
  if (body.length >= 6 && /^GIF8[79]a$/.test(body.toString('latin1', 0, 6))) return 'image/gif';
  if (
    body.length >= 12 &&
    body.toString('latin1', 0, 4) === 'RIFF' &&
    body.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  return undefined;
}

export const wxModule = defineModule('mp/wx', (app: FastifyInstance, deps: AppDeps): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const prefix = '/api/cube-mp/wx';
  const { wxArticleHosts, wxImageHosts, network } = deps.config.outbound;
  const dispatcher = outboundDispatcher(network);
  app.addHook('onClose', async () => {
    await dispatcher.close();
  });

  let inFlight = 0;
  const limited = async <T>(work: () => Promise<T>): Promise<T> => {
    if (inFlight >= LIMITS.concurrent) throw new AppError(429, 429, BUSY_MESSAGE);
    inFlight++;
    try {
      return await work();
    } finally {
      inFlight--;
    }
  };

  const articles = new SharedLoads<WxArticle>(LIMITS.cacheEntries.article, LIMITS.cacheTtlMs);
  const images = new SharedLoads<FetchedResource & { type: string }>(
    LIMITS.cacheEntries.image,
    LIMITS.cacheTtlMs,
  );
  deps.caches.register('wx-proxy', () => {
    articles.clear();
    images.clear();
  });

  api.get(
    `${prefix}/getContent`,
    {
      config: { access: access.public, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { querystring: urlQuery, response: { 200: rSchema(wxArticleSchema) } },
    },
    async (request) => {
      const { url } = request.query;
      const article = await articles.get(url, () =>
        limited(async () => {
          const page = await guardedFetch(dispatcher, url, {
            ...LIMITS.article,
            allowedHosts: wxArticleHosts,
            accept: 'text/html',
          });
          if (!/^text\/html\b/i.test(page.contentType))
            throw new AppError(502, 502, OutboundMessage.BAD_CONTENT);
          return readWxArticle(page.url, page.body.toString('utf8'), wxImageHosts);
        }),
      );
      return ok(article);
    },
  );

  api.get(
    `${prefix}/getImg`,
    {
      // An article shows dozens of images at once: a larger budget than the article itself.
      config: { access: access.public, rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: { querystring: urlQuery },
    },
    async (request, reply) => {
      const image = await images.get(request.query.url, () =>
        limited(async () => {
          const fetched = await guardedFetch(dispatcher, request.query.url, {
            ...LIMITS.image,
            allowedHosts: wxImageHosts,
            accept: 'image/*',
          });
          const type = sniffImageType(fetched.body);
          // Not an image whatever it claims: the proxy is not an open proxy for other content.
          if (!type) throw new OutboundRefused(OutboundMessage.BAD_CONTENT);
          return { ...fetched, type };
        }),
      );
      return reply
        .header('content-type', image.type)
        .header('cache-control', 'public, max-age=86400')
        .header('content-disposition', 'inline')
        .send(image.body);
    },
  );
});
