import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import pino from 'pino';
import type { AppConfig } from '../config.js';
import { REDACT_PATHS, redactUrl } from './redact.js';

// What is a secret is decided once, in redact.ts: the request log's URL and pino's paths come from there.
export { REDACT_PATHS, redactUrl } from './redact.js';

/** What a proxy's request id may look like to be kept (nginx's `$request_id` is 32 hex digits). */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * Ids made here: a random prefix per process and a counter. Unique across instances and restarts as a UUID would
 * be (the prefix has 64 random bits), but without drawing randomness for every request — a UUID per request was a
 * measurable part of the cost of the cheapest answers (the bench's liveness pair).
 */
const OWN_ID_PREFIX = randomBytes(8).toString('hex');
let ownIdCounter = 0;

/**
 * Fastify `genReqId`: the id the proxy gave the request (`X-Request-Id`, nginx `$request_id`), so that the proxy's
 * access log and every line the request writes here (`reqId`) name the same request across instances; one of our
 * own when there is none or it does not look like an id.
 */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  if (typeof given === 'string' && REQUEST_ID.test(given)) return given;
  ownIdCounter = ownIdCounter >= Number.MAX_SAFE_INTEGER ? 1 : ownIdCounter + 1;
  return `${OWN_ID_PREFIX}-${ownIdCounter.toString(36)}`;
}

/**
 * Lines are gathered up to about this many bytes (counted in characters, which is all the threshold needs) and
 * handed to the destination as one string, written with one system call (some eighty request lines).
 */
export const LOG_BUFFER_BYTES = 16_384;
/** ...and written at least this often, so the lines of a quiet instance still show within a second. */
export const LOG_FLUSH_INTERVAL_MS = 1000;

export type LogDestination = ReturnType<typeof pino.destination>;

/**
 * Where the process writes its log (standard output, or a file): asynchronously, so that a request line costs the
 * request an array push rather than a blocking write to the terminal, pipe or file. The lines are written when
 * they reach {@link LOG_BUFFER_BYTES}, every {@link LOG_FLUSH_INTERVAL_MS}, when the app closes
 * ({@link flushLogOnClose}) and, synchronously, when the process exits for any reason (pino registers that itself
 * for an asynchronous destination, an uncaught exception included: it calls this destination's `flushSync`).
 *
 * pino's own destination (sonic-boom) does the writing: partial writes, a full pipe, the exit. The lines are
 * gathered in front of it because its own buffer is a string it appends to and measures the UTF-8 length of on
 * every write, so each line cost a copy and a scan of everything pending (about 4 µs a line at 4 KiB, growing
 * with the buffer; gathered in an array and joined once: under 1 µs at 16 KiB, with a quarter of the writes).
 */
export function asyncLogDestination(
  dest: number | string = 1,
  flushIntervalMs = LOG_FLUSH_INTERVAL_MS,
): LogDestination {
  // minLength 1: the destination writes each handed string at once (it still holds what arrives during a write),
  // and its flush waits for the write to finish (at 0 it would answer at once).
  const destination = pino.destination({ dest, sync: false, minLength: 1 });
  const write = destination.write.bind(destination);
  const flush = destination.flush.bind(destination);
  const flushSync = destination.flushSync.bind(destination);
  const end = destination.end.bind(destination);
  let pending: string[] = [];
  let pendingLength = 0;
  const handOver = () => {
    if (pendingLength === 0) return;
    const text = pending.join('');
    pending = [];
    pendingLength = 0;
    write(text);
  };
  destination.write = (line: string) => {
    pending.push(line);
    pendingLength += line.length;
    if (pendingLength >= LOG_BUFFER_BYTES) handOver();
    return true;
  };
  destination.flush = (cb?: (error?: Error) => void) => {
    handOver();
    flush(cb);
  };
  destination.flushSync = () => {
    handOver();
    flushSync();
  };
  destination.end = () => {
    handOver();
    end();
  };
  const timer = setInterval(handOver, flushIntervalMs);
  timer.unref();
  destination.once('close', () => clearInterval(timer));
  return destination;
}

/** Writes what the destination still holds, now; never throws (a destination not yet open has nothing). */
export function flushLogSync(destination: LogDestination): void {
  try {
    destination.flushSync();
  } catch {}
}

/** Writes the log's buffered lines when the app closes (a logger without a buffer answers at once). */
export function flushLogOnClose(app: FastifyInstance): void {
  app.addHook('onClose', (_instance, done) => {
    const flush = (app.log as { flush?: (cb: (error?: Error) => void) => void }).flush;
    if (typeof flush !== 'function') return done();
    flush.call(app.log, () => done());
  });
}

/**
 * The process logger's settings; `stream` is where the lines go (standard output, synchronously, when omitted).
 * The fields of a line are the same whatever the destination.
 */
export function loggerOptions(config: AppConfig, stream?: LogDestination): FastifyServerOptions['logger'] {
  return {
    ...(stream ? { stream } : {}),
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}

/** pino answers cheaply whether a level is on; another logger is assumed to want every line. */
export const infoEnabled = (log: FastifyBaseLogger): boolean => {
  const check = (log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
  return check ? check.call(log, 'info') : true;
};

interface PinoInternals {
  /** Where the logger writes its lines (the destination of {@link asyncLogDestination} in production). */
  stream: { write(line: string): unknown };
  /** `,"time":<epoch ms>` as pino's default time function writes it. */
  time: () => string;
  /** The logger's bindings as pino writes them after the time (`,"pid":…,"hostname":"…"`). */
  chindings: string;
}

/**
 * pino's own parts a line is written with, when the logger writes lines exactly as they are assembled here: pino's
 * default line layout, level numbers and message key, no mixin, no formatters, no message prefix, no stream-write
 * hook. Anything else (another logger, tests capturing lines) is written through the request's logger instead.
 */
/** pino's message prefix (`msgPrefix` option): one of its symbols, though its type declarations omit it. */
const MSG_PREFIX = (pino.symbols as unknown as Record<string, symbol>).msgPrefixSym as symbol;

function pinoInternals(log: FastifyBaseLogger): PinoInternals | undefined {
  if (!isPino(log)) return undefined;
  const p = log as unknown as Record<symbol, unknown> & { levels?: { values?: Record<string, number> } };
  const s = pino.symbols;
  const formatters = p[s.formattersSym] as Record<string, { name?: string } | undefined> | undefined;
  const hooks = p[s.hooksSym] as { streamWrite?: unknown } | undefined;
  const defaultLayout =
    p.levels?.values?.info === 30 &&
    p[s.messageKeySym] === 'msg' &&
    p[s.endSym] === '}\n' &&
    !p[s.mixinSym] &&
    !p[MSG_PREFIX] &&
    !hooks?.streamWrite &&
    // pino's own level and bindings formatters (named so) and no log formatter: options.formatters unset.
    formatters?.level?.name === 'level' &&
    formatters.bindings?.name === 'bindings' &&
    formatters.log === undefined;
  const stream = p[s.streamSym] as PinoInternals['stream'] | undefined;
  const time = p[s.timeSym] as (() => string) | undefined;
  const chindings = p[s.chindingsSym];
  if (!defaultLayout || !stream || typeof time !== 'function' || typeof chindings !== 'string')
    return undefined;
  return { stream, time, chindings };
}

/** A JSON string for a field of the line (ids, method, URL and address are strings; anything else as JSON has it). */
const json = (value: unknown): string => JSON.stringify(value) ?? 'null';

/**
 * The writer of the one line per request (`request completed`, at info): `method`, `url` (secret query values
 * replaced, {@link redactUrl}), `status`, `ms`, `tenantId`, `userId`, `ip`, after the request's `reqId`.
 *
 * On pino the line is assembled here and handed straight to the logger's destination, byte for byte what
 * `request.log.info(fields, 'request completed')` writes (a test compares them). Its keys are fixed and none of
 * its values is an object, so pino's general path — the field walk, serializer lookups, the child's bindings and
 * its path redaction, which copies and walks every value of every line — does nothing for it but cost: it was
 * most of what the request log added to the cheapest answer (bench, liveness pair). Every other line keeps pino's
 * full path with its redaction. Another logger (tests) gets the line through the request's logger.
 */
export function requestLineWriter(
  log: FastifyBaseLogger,
): (request: FastifyRequest, reply: FastifyReply) => void {
  const pinoParts = pinoInternals(log);
  return (request, reply) => {
    if (!infoEnabled(request.log)) return;
    const tenantId = request.ctx?.tenantId;
    const userId = request.ctx?.userId;
    const ip = request.ip;
    const url = redactUrl(request.url);
    const ms = Math.round(reply.elapsedTime);
    if (!pinoParts) {
      request.log.info(
        { method: request.method, url, status: reply.statusCode, ms, tenantId, userId, ip },
        'request completed',
      );
      return;
    }
    let line = `{"level":30${pinoParts.time()}${pinoParts.chindings},"reqId":${json(request.id)},"method":${json(request.method)},"url":${json(url)},"status":${reply.statusCode},"ms":${ms}`;
    if (tenantId !== undefined) line += `,"tenantId":${json(tenantId)}`;
    if (userId !== undefined) line += `,"userId":${json(userId)}`;
    if (ip !== undefined) line += `,"ip":${json(ip)}`;
    pinoParts.stream.write(`${line},"msg":"request completed"}\n`);
  };
}

/**
 * Fastify's log controller with the one request line: Fastify's own request lines are off (so are its other
 * per-request lines, as with `disableRequestLogging`: errors are logged by the error handler and the error log),
 * and when a response has finished — after the routes' `onResponse` hooks — it hands the request to
 * {@link requestLineWriter}'s writer, once one is set (`lineWriter`; unset while `info` is off). Fastify calls this
 * for every response anyway, so the line costs no response hook of its own: a route without other response hooks
 * (liveness, the public site, static files) runs none.
 */
export class RequestLineController extends LogController {
  lineWriter: ((request: FastifyRequest, reply: FastifyReply) => void) | undefined;

  constructor() {
    super({ disableRequestLogging: true });
  }

  override requestCompleted(
    _error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    this.lineWriter?.(request, reply);
  }
}

/** Whether `log` is a pino logger (its own symbols are on it). */
const isPino = (log: FastifyBaseLogger): boolean => pino.symbols.chindingsSym in log;
