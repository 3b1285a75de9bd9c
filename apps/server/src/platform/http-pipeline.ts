import { createRequire } from 'node:module';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ResultCode, ResultMessage } from '@cube/contract';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger.js';
import { fail } from './envelope.js';

/**
 * What every response pays for, kept to one synchronous `onRequest` hook: the security headers (computed once,
 * set with one call), the overload guard that replaces `@fastify/under-pressure` (503 while the event loop
 * lags) and the request checks every route shares (the URL's NUL guard). Request loggers are created on first use
 * (see {@link lazyChildLoggerFactory}).
 */

type HelmetMiddleware = (
  req: unknown,
  res: { setHeader(name: string, value: unknown): void; removeHeader(name: string): void },
  next: (error?: unknown) => void,
) => void;

// helmet itself, as @fastify/helmet depends on it (the same copy, whatever the hoisting).
const requireFromPlugin = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'));
const helmet = requireFromPlugin('helmet') as (options: object) => HelmetMiddleware;

export type SecurityHeaderOptions = Omit<FastifyHelmetOptions, 'global' | 'enableCSPNonces'>;

/**
 * The headers helmet sets for `options`, computed once. They never vary per request here (no CSP nonces, no
 * per-route helmet options), so deriving them again for every response — what the `@fastify/helmet` plugin
 * does, building a helmet middleware per request — is pure cost.
 */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  helmet(options)(
    {},
    {
      setHeader: (name, value) => {
        headers[name.toLowerCase()] = String(value);
      },
      removeHeader: (name) => {
        delete headers[name.toLowerCase()];
      },
    },
    (error) => {
      if (error) throw error;
    },
  );
  return headers;
}

export interface PipelineOptions {
  helmet: SecurityHeaderOptions;
  /** Mean event-loop delay (ms, over the last second) above which requests are answered 503. */
  maxEventLoopDelayMs: number;
  retryAfterSeconds: number;
  /** How often the delay is sampled (ms); default 1000. */
  sampleIntervalMs?: number;
  /**
   * Checks every request passes before access control and the routes' own hooks; the first error is answered
   * through the error handler (with the security headers already set).
   */
  requestChecks?: Array<(request: FastifyRequest) => Error | undefined>;
}

/**
 * The headers of `/api` answers (JSON, and stored files that set their own CSP): what applies to a response that
 * is not a page (OWASP REST cheat sheet) — no content may load or run (`default-src 'none'`), no type sniffing,
 * HTTPS only, no cross-origin embedding; framing as for pages (same origin). helmet's other headers govern what a
 * *page* does (its referrers, window opener, DNS prefetching, legacy IE/Flash behaviour) and mean nothing here;
 * leaving them out saves every API answer half its header bytes and a third of the framework's cost of a minimal
 * request (decision D14).
 */
export function apiSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'self'",
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
  };
  const hsts = pageHeaders['strict-transport-security'];
  if (hsts) headers['strict-transport-security'] = hsts;
  return headers;
}

const isApi = (url: string): boolean =>
  url.startsWith('/api') && (url.length === 4 || url[4] === '/' || url[4] === '?');

/**
 * Installs the hook. The headers are set on every response (answers, errors, not-found, static files): helmet's
 * full set for pages and everything outside `/api`, {@link apiSecurityHeaders} for `/api`. A route may still
 * override one (e.g. the sandboxing CSP of stored files): its own `reply.header` comes later.
 */
export function installRequestPipeline(app: FastifyInstance, options: PipelineOptions): void {
  const pageHeaders = securityHeaders(options.helmet);
  const apiHeaders = apiSecurityHeaders(pageHeaders);
  const overload = overloadMonitor(options.maxEventLoopDelayMs, options.sampleIntervalMs ?? 1000);
  const retryAfter = String(options.retryAfterSeconds);
  const checks = options.requestChecks ?? [];
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    reply.headers(isApi(request.url) ? apiHeaders : pageHeaders);
    if (overload.lagging) {
      reply
        .code(503)
        .header('retry-after', retryAfter)
        .send(fail(ResultCode.SERVICE_UNAVAILABLE, ResultMessage.SERVICE_UNAVAILABLE));
      return;
    }
    for (const check of checks) {
      const refusal = check(request);
      if (refusal) {
        done(refusal);
        return;
      }
    }
    done();
  });
  app.addHook('onClose', (_instance, next) => {
    overload.stop();
    next();
  });
}

/** Samples the event-loop delay every `intervalMs`; `lagging` while its mean over the last interval exceeded the limit. */
function overloadMonitor(
  maxDelayMs: number,
  intervalMs: number,
): { readonly lagging: boolean; stop(): void } {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let lagging = false;
  const timer = setInterval(() => {
    // Mean in nanoseconds, including the sampling resolution itself.
    const mean = histogram.mean / 1e6 - 10;
    lagging = Number.isFinite(mean) && mean > maxDelayMs;
    histogram.reset();
  }, intervalMs);
  timer.unref();
  return {
    get lagging() {
      return lagging;
    },
    stop() {
      clearInterval(timer);
      histogram.disable();
    },
  };
}

/**
 * A request's logger, created on first use. Fastify gives every request a pino child (bindings serialized and
 * redacted up front) although most requests log nothing below the configured level; this one answers the level
 * checks from its parent and builds the child only when a line is actually written.
 */
class LazyRequestLogger {
  private real: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
  ) {}

  private get logger(): FastifyBaseLogger {
    if (!this.real) this.real = this.parent.child(this.bindings);
    return this.real;
  }

  get level(): string {
    return (this.real ?? this.parent).level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  isLevelEnabled(level: string): boolean {
    const target = (this.real ?? this.parent) as { isLevelEnabled?: (l: string) => boolean };
    return target.isLevelEnabled ? target.isLevelEnabled.call(target, level) : true;
  }

  fatal(...args: unknown[]): void {
    if (this.isLevelEnabled('fatal')) (this.logger.fatal as (...a: unknown[]) => void)(...args);
  }

  error(...args: unknown[]): void {
    if (this.isLevelEnabled('error')) (this.logger.error as (...a: unknown[]) => void)(...args);
  }

  warn(...args: unknown[]): void {
    if (this.isLevelEnabled('warn')) (this.logger.warn as (...a: unknown[]) => void)(...args);
  }

  info(...args: unknown[]): void {
    if (this.isLevelEnabled('info')) (this.logger.info as (...a: unknown[]) => void)(...args);
  }

  debug(...args: unknown[]): void {
    if (this.isLevelEnabled('debug')) (this.logger.debug as (...a: unknown[]) => void)(...args);
  }

  trace(...args: unknown[]): void {
    if (this.isLevelEnabled('trace')) (this.logger.trace as (...a: unknown[]) => void)(...args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/**
 * Fastify `childLoggerFactory`: a lazy request logger, unless the route asks for another level or serializers
 * (then the real child at once). A route's level equal to the parent's is no change.
 */
export function lazyChildLoggerFactory(
  this: FastifyInstance,
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  const levelChange = options.level !== undefined && options.level !== logger.level;
  if (levelChange || options.serializers) return logger.child(bindings, options);
  return new LazyRequestLogger(logger, bindings) as unknown as FastifyBaseLogger;
}
