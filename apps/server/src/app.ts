import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ResultCode, ResultMessage } from '@cube/contract';
import formbody from '@fastify/formbody';
import rateLimit, { type FastifyRateLimitStoreCtor as RateLimitStoreCtor } from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyHttpOptions, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from './config.js';
import type { DatabaseHandle } from './db/connection.js';
import { appModules } from './modules/index.js';
import { readParam } from './modules/system/param/param.queries.js';
import { type Access, enforceAccessDeclarations, installAccessControl } from './platform/access.js';
import { OPENAPI_PATH, registerApiDocs } from './platform/api-docs.js';
import { CacheRegistry } from './platform/caches.js';
import { installCompression } from './platform/compression.js';
import type { AppDeps } from './platform/deps.js';
import { fail } from './platform/envelope.js';
import { errorReply } from './platform/error-reply.js';
import { installRequestPipeline, lazyChildLoggerFactory } from './platform/http-pipeline.js';
import { installInputGuards } from './platform/input-guards.js';
import { JobRunner } from './platform/jobs.js';
import { installLogRecording, LogRecorder, type LogRecorderOptions } from './platform/log-recorder.js';
import {
  flushLogOnClose,
  infoEnabled,
  loggerOptions,
  RequestLineController,
  requestId,
  requestLineWriter,
} from './platform/logging.js';
import { installMetrics } from './platform/metrics.js';
import { responseSerializerCompiler } from './platform/response-serializer.js';
import { SessionRegistry } from './platform/sessions.js';
import { fallbackRateLimitStore, type SharedStore } from './platform/store.js';
import { datasourceSecrets, TenantDatabases } from './platform/tenant-databases.js';
import { TokenService } from './platform/tokens.js';

z.config(z.locales.zhCN());

export type { AppDeps } from './platform/deps.js';

import { rewriteAliases } from './platform/route-aliases.js';

export interface BuildOptions {
  config: AppConfig;
  db: DatabaseHandle;
  store: SharedStore;
  /** Tests turn logging off (`false`) or capture it (`loggerInstance`). */
  logger?: boolean | object;
  loggerInstance?: FastifyBaseLogger;
  /** Extra routes registered before the app is sealed (tests). */
  extend?: (app: FastifyInstance, deps: AppDeps) => void;
  /** Buffer and timer settings of the log recorder (tests shorten them). */
  logRecorder?: Partial<LogRecorderOptions>;
}

export interface BuiltApp {
  app: FastifyInstance;
  deps: AppDeps;
  routes: Array<{ method: string; url: string; access?: Access }>;
}

const defaultWebDist = () => path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export async function buildApp(options: BuildOptions): Promise<BuiltApp> {
  const { config } = options;
  const requestLines = new RequestLineController();
  const fastifyOptions: FastifyHttpOptions<Server> = {
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: (options.logger ?? loggerOptions(config)) as FastifyHttpOptions<Server>['logger'] }),
    // Each request is logged once, with secrets redacted from the URL, when its response has finished
    // (platform/logging.ts); Fastify's own request lines are off.
    logController: requestLines,
    // A request's pino child is built only when the request writes a line (platform/http-pipeline.ts).
    childLoggerFactory: lazyChildLoggerFactory,
    // The proxy's X-Request-Id, so its access log and ours name the same request (platform/logging.ts).
    genReqId: requestId,
    // A hop count is valid at run time (proxy-addr) although Fastify's types omit it.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    // While closing, a request that still arrives on an open connection is served (answered with
    // `Connection: close`), not refused: the proxy cannot safely retry a refused POST elsewhere (see scripts/drills).
    return503OnClosing: false,
    requestTimeout: 120_000,
    routerOptions: { ignoreTrailingSlash: false, caseSensitive: true },
    rewriteUrl: rewriteAliases,
  };
  const app: FastifyInstance = Fastify(fastifyOptions);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  const deps: AppDeps = {
    config,
    db: options.db,
    store: options.store,
    tokens: new TokenService(config.jwtSecret),
    caches: new CacheRegistry(),
    sessions: new SessionRegistry(options.db, options.store, { log: app.log }),
    audit: new LogRecorder(
      options.db,
      app.log,
      config.production ? 'prod' : 'dev',
      () => readParam(options.db, 'logRetentionDays'),
      options.logRecorder,
    ),
    jobs: new JobRunner(options.db, app.log),
    lifecycle: { shuttingDown: false },
    datasources: new TenantDatabases(options.db, datasourceSecrets(config.jwtSecret)),
  };
  app.addHook('onClose', () => deps.datasources.close());
  await deps.datasources.start(options.store);
  options.store.setLogger?.(app.log);
  const routes: BuiltApp['routes'] = [];
  enforceAccessDeclarations(app, routes);
  // Right after: every route registered from here on gets its access hook (attached per route, see access.ts).
  installAccessControl(app, deps);

  app.setErrorHandler((error, request, reply) => {
    const { status, body } = errorReply(error, request);
    return reply.code(status).send(body);
  });
  // NUL characters, JSON depth, wrong methods: one check for every route, installed before any route exists.
  const inputGuards = installInputGuards(app);

  // helmet's headers (computed once) and the overload guard, in one hook (platform/http-pipeline.ts).
  installRequestPipeline(app, {
    requestChecks: [inputGuards.refuseUrl],
    // 503 while the event loop lags by more than CUBE_OVERLOAD_LAG_MS (2 s, what @fastify/under-pressure was
    // configured to do).
    maxEventLoopDelayMs: config.overloadLagMs,
    retryAfterSeconds: 10,
    helmet: {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          // antd writes its CSS-in-JS styles inline.
          styleSrc: ["'self'", "'unsafe-inline'"],
          scriptSrc: ["'self'"],
          connectSrc: ["'self'"],
          // blob: frames show a fetched PDF in the browser's viewer; blob: workers let the spreadsheet reader inflate
          // large workbooks off the page's thread. Only the app's own scripts can create either.
          frameSrc: ["'self'", 'https:', 'blob:'],
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    },
  });
  // Prometheus metrics when configured (platform/metrics.ts): its response hook sees every route.
  installMetrics(app, deps);
  await app.register(formbody);
  await app.register(rateLimit, {
    global: false,
    // Shared through Redis, per instance while Redis is unreachable (platform/store.ts).
    ...(deps.store.redis
      ? { store: fallbackRateLimitStore(deps.store.redis, 'cube:rl:') as unknown as RateLimitStoreCtor }
      : {}),
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      code: 429,
      success: false,
      msg: ResultMessage.TOO_MANY_REQUESTS,
      data: {},
      retryAfter: context.after,
    }),
  });
  // The OpenAPI document and its browsable page (platform/api-docs.ts), before any route so that it sees them all.
  if (config.apiDocs) await registerApiDocs(app);

  // One line per request at info (a route may log at another level: checked per request). When the configured level
  // is above info there is nothing to write and no writer is set.
  if (infoEnabled(app.log)) requestLines.lineWriter = requestLineWriter(app.log);
  // The log's buffered lines are written when the app closes (platform/logging.ts).
  flushLogOnClose(app);

  // Usual/API/error logs: hooks only append to a bounded buffer, written in batches off the request path and
  // flushed when the app closes (platform/log-recorder.ts).
  installLogRecording(app, deps.audit);
  deps.audit.start();
  app.addHook('onClose', () => deps.audit.stop());
  // The retention purge, once an hour across all instances (platform/jobs.ts); started by main.ts, stopped first.
  deps.jobs.register({
    name: 'log-retention',
    intervalMs: 60 * 60_000,
    firstDelayMs: 60_000,
    run: async () => {
      await deps.audit.purge();
    },
  });
  app.addHook('onClose', () => deps.jobs.stop());
  // Pages and JSON answers above 1 KiB compressed on the fly (platform/compression.ts); files never are.
  installCompression(app);
  for (const module of appModules) await app.register(module, { deps });
  // The access cache (platform/sessions.ts): emptied by clear-cache, on every instance; stopped with the app.
  deps.caches.register('access', () => deps.sessions.invalidateAll());
  await deps.sessions.start();
  app.addHook('onClose', () => deps.sessions.stop());
  if (config.apiDocs) {
    app.get(OPENAPI_PATH, { config: { access: { kind: 'public' } } }, async () => app.swagger());
  }
  options.extend?.(app, deps);

  const webDist = config.webDist ?? defaultWebDist();
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    // Every built file has brotli and gzip variants beside it (`app.js.br`, made by the web build), sent as they
    // are to a browser that accepts them, with `Vary: Accept-Encoding`: no static file is compressed per request.
    // Built chunks carry a content hash in their names, so a browser may keep them for good; everything else
    // (favicon, images) for an hour; index.html is sent uncached by the fallback below.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      maxAge: '1h',
      preCompressed: true,
      setHeaders: varyStaticByEncoding,
      globIgnore: ['assets/**', 'index.html', '**/*.br', '**/*.gz'],
    });
    const assetsDir = path.join(webDist, 'assets');
    if (existsSync(assetsDir)) {
      await app.register(fastifyStatic, {
        root: assetsDir,
        prefix: '/assets/',
        // Looked up on disk per request, so chunks written by an in-place deploy are served without a restart.
        wildcard: true,
        index: false,
        maxAge: '365d',
        immutable: true,
        preCompressed: true,
        setHeaders: varyStaticByEncoding,
        decorateReply: false,
      });
    }
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      // A known path under another method is 405 with `Allow`; only an unknown path is 404.
      if (inputGuards.answerWrongMethod(request, reply)) return reply;
      return reply.code(404).send(fail(ResultCode.NOT_FOUND, ResultMessage.NOT_FOUND));
    }
    // Every other GET is a client-side route of the single-page app, except a built asset that is not (or no
    // longer, after a deploy) on disk: that is a plain 404, so the browser reports a failed chunk load rather
    // than trying to run the HTML page as a script.
    const isAsset = pathname.startsWith('/assets/');
    if (hasWeb && !isAsset && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', { cacheControl: false });
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });

  await app.ready();
  return { app, deps, routes };
}

/** Every file served has precompressed variants, so a shared cache must key it by the encoding asked for. */
function varyStaticByEncoding(res: { setHeader(name: string, value: string): unknown }): void {
  res.setHeader('Vary', 'accept-encoding');
}
