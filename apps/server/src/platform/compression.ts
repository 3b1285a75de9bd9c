import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Up to this size an answer is compressed inline (well under a millisecond); larger ones on zlib's thread pool. */
const INLINE_LIMIT_BYTES = 64 * 1024;

/**
 * What is compressed on the fly: pages (the public site's server-rendered HTML), JSON and XML answers. Nothing
 * else: an event stream must reach the browser event by event, the web app's built files carry brotli and gzip
 * variants made at build time (sent as they are by the static hosting), and stored files, images and exports are
 * sent as stored.
 */
const COMPRESSIBLE = /^(?:text\/html|text\/xml|application\/(?:[\w.-]+\+)?(?:json|xml))\s*(?:;|$)/i;

export type Encoding = 'br' | 'gzip';

/**
 * brotli at quality 4 (about as fast as gzip at its default level, and smaller; the strongest settings are for
 * build time), gzip for a client without brotli.
 */
const BROTLI_QUALITY = 4;
const brotliOptions = (size: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});
const GZIP_OPTIONS = { level: 6 };

/** Browsers send a handful of distinct `Accept-Encoding` values; the answers are kept, the store stays small. */
class BoundedCache extends Map<string, string> {
  override set(key: string, value: string): this {
    if (this.size >= 64) this.clear();
    return super.set(key, value);
  }
}

/** Adds `Accept-Encoding` to the answer's `Vary` (once), as any answer whose encoding was negotiated must carry. */
export function varyByEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  if (current === undefined) {
    reply.header('vary', 'accept-encoding');
    return;
  }
  const value = Array.isArray(current) ? current.join(', ') : String(current);
  const tokens = value.toLowerCase().split(',');
  if (tokens.some((t) => t.trim() === 'accept-encoding' || t.trim() === '*')) return;
  reply.header('vary', `${value}, accept-encoding`);
}

const negotiator = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'], cache: new BoundedCache() });

/** The encoding to send the request's answer in: brotli when accepted, else gzip, else none. */
export function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const accepted = request.headers['accept-encoding'];
  return typeof accepted === 'string' && accepted ? negotiator.negotiate(accepted) : null;
}

/**
 * `body` in `encoding` with the settings of on-the-fly compression, on the calling thread: for an answer kept
 * ready in memory (compressed once, sent many times with `Content-Encoding` set, which the hook leaves alone).
 */
export function encodeSync(encoding: Encoding, body: string | Buffer): Buffer {
  const size = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  return encoding === 'br' ? brotliCompressSync(body, brotliOptions(size)) : gzipSync(body, GZIP_OPTIONS);
}

/**
 * Compresses buffered HTML, JSON and XML answers of at least {@link COMPRESS_THRESHOLD_BYTES} for a client that
 * accepts brotli or gzip, with `Vary: Accept-Encoding`. Streams (static and stored files, event streams, proxied
 * answers) pass untouched, as does an answer that already has a `Content-Encoding`. The cheap checks come first:
 * most answers (health, small JSON) leave after a length comparison.
 */
export function installCompression(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    // A UTF-8 string takes at most three bytes per UTF-16 unit.
    if (
      !(typeof payload === 'string' || Buffer.isBuffer(payload)) ||
      payload.length * 3 < COMPRESS_THRESHOLD_BYTES
    ) {
      done(null, payload);
      return;
    }
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    const type = reply.getHeader('content-type');
    if (
      size < COMPRESS_THRESHOLD_BYTES ||
      typeof type !== 'string' ||
      !COMPRESSIBLE.test(type) ||
      reply.hasHeader('content-encoding') ||
      reply.statusCode === 206
    ) {
      done(null, payload);
      return;
    }
    varyByEncoding(reply);
    const encoding = acceptedEncoding(request);
    if (!encoding) {
      done(null, payload);
      return;
    }
    reply.header('content-encoding', encoding);
    // The length of the encoded body, computed by Fastify from the new payload.
    reply.removeHeader('content-length');
    if (size <= INLINE_LIMIT_BYTES) {
      done(null, encodeSync(encoding, payload));
      return;
    }
    const finish = (error: Error | null, result: Buffer) => {
      if (!error) return done(null, result);
      // zlib does not fail on a buffer in memory; should it, the answer goes uncompressed rather than not at all.
      reply.removeHeader('content-encoding');
      done(null, payload);
    };
    if (encoding === 'br') brotliCompress(payload, brotliOptions(size), finish);
    else gzip(payload, GZIP_OPTIONS, finish);
  });
}
