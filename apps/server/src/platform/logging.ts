import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
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

/** Lines are gathered up to this many bytes and written with one system call (a few dozen request lines). */
export const LOG_BUFFER_BYTES = 4096;
/** ...and written at least this often, so the lines of a quiet instance still show within a second. */
export const LOG_FLUSH_INTERVAL_MS = 1000;

export type LogDestination = ReturnType<typeof pino.destination>;

/**
 * Where the process writes its log (standard output, or a file): asynchronously, so that a request line costs the
 * request a string copy into a buffer rather than a blocking write to the terminal, pipe or file. The buffer is
 * written when it holds {@link LOG_BUFFER_BYTES}, every {@link LOG_FLUSH_INTERVAL_MS}, when the app closes
 * ({@link flushLogOnClose}) and, synchronously, when the process exits for any reason (pino registers that itself
 * for an asynchronous destination, an uncaught exception included).
 */
export function asyncLogDestination(
  dest: number | string = 1,
  flushIntervalMs = LOG_FLUSH_INTERVAL_MS,
): LogDestination {
  return pino.destination({ dest, sync: false, minLength: LOG_BUFFER_BYTES, periodicFlush: flushIntervalMs });
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

type ChildWithOptions = (bindings: object, options: { redact: string[] }) => FastifyBaseLogger;

/**
 * The writer of the one line per request (`request completed`, at info): `method`, `url` (secret query values
 * replaced, {@link redactUrl}), `status`, `ms`, `tenantId`, `userId`, `ip`, after the request's `reqId`.
 *
 * On pino it writes through a child of the process logger without pino's path redaction. Those paths (headers,
 * top-level secret names, a secret name one level inside an object) can never match this line — its keys are fixed
 * and none of its values is an object — but pino runs its `*.name` redactor over every value of every line that
 * has them, a copy and a walk per field: half the cost of the cheapest answer (bench, liveness pair). Every other
 * line keeps the full redaction. The bytes written are the same as through the request's own logger: the
 * request's binding (`reqId`) is the line's first field. Another logger (tests) gets the line through the
 * request's logger.
 */
export function requestLineWriter(
  log: FastifyBaseLogger,
): (request: FastifyRequest, reply: FastifyReply) => void {
  const plain = isPino(log) ? (log.child as ChildWithOptions).call(log, {}, { redact: [] }) : undefined;
  return (request, reply) => {
    if (!infoEnabled(request.log)) return;
    const fields = {
      method: request.method,
      url: redactUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
      tenantId: request.ctx?.tenantId,
      userId: request.ctx?.userId,
      ip: request.ip,
    };
    if (plain) plain.info({ reqId: request.id, ...fields }, 'request completed');
    else request.log.info(fields, 'request completed');
  };
}

/** Whether `log` is a pino logger (its own symbols are on it). */
const isPino = (log: FastifyBaseLogger): boolean => pino.symbols.chindingsSym in log;
