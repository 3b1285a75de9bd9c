import { labelParamMessage, type R, ResultCode, ResultMessage } from '@cube/contract';
import type { FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { fail } from './envelope.js';
import { AppError } from './errors.js';
import { redactUrl } from './logging.js';

/** An error's `R` body; a parameter error also names its field's code in `field`. */
export type ErrorBody = R<Record<string, never>> & { field?: string };

/**
 * The dialect's `请求参数类型错误: applicationNo` reads `请求参数类型错误：申请号` in the console, with the field's code
 * kept apart in `field` (clients read `msg` only; an extra property is ignored). One place for every route: the
 * throw sites and zod schemas keep writing the dialect's form.
 */
function labelled(code: number, message: string): ErrorBody {
  const { msg, field } = labelParamMessage(message);
  return field === undefined ? fail(code, msg) : { ...fail(code, msg), field };
}

/**
 * The status and `R` body an error answers: 400 business/validation, 401, 403, 404, 405, 413,
 * 415, 429, and 500 without internals. The app's error handler sends it; a route with its own answer shape
 * (the token endpoint) extends it.
 */
export function errorReply(error: unknown, request: FastifyRequest): { status: number; body: ErrorBody } {
  if (error instanceof AppError)
    return { status: error.statusCode, body: labelled(error.code, error.message) };
  if (hasZodFastifySchemaValidationErrors(error)) {
    // The first failing field's message, in Chinese, is what the form shows.
    const first = error.validation[0];
    return { status: 400, body: labelled(ResultCode.FAILURE, first?.message || ResultMessage.PARAM_INVALID) };
  }
  if (isUnavailable(error)) {
    // The database or the shared store is unreachable (restarting, failed over, pool exhausted): nothing was
    // committed, and the client may retry — a 503 envelope, answered as soon as the driver gives up.
    request.log.warn(
      { err: error, url: redactUrl(request.url), event: 'dependency_unavailable' },
      'unavailable',
    );
    return { status: 503, body: fail(ResultCode.SERVICE_UNAVAILABLE, ResultMessage.SERVICE_UNAVAILABLE) };
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, url: redactUrl(request.url) }, 'response did not match its schema');
    return { status: 500, body: fail(ResultCode.INTERNAL_SERVER_ERROR, ResultMessage.INTERNAL_SERVER_ERROR) };
  }
  const status = (error as { statusCode?: number }).statusCode ?? 500;
  if (status === 429) return { status, body: fail(429, ResultMessage.TOO_MANY_REQUESTS) };
  if (status === 413) return { status, body: fail(413, '请求内容过大') };
  if (status === 415) return { status, body: fail(415, ResultMessage.MEDIA_TYPE_NOT_SUPPORTED) };
  if (status >= 400 && status < 500) {
    return { status: 400, body: fail(ResultCode.FAILURE, ResultMessage.PARAM_INVALID) };
  }
  request.log.error({ err: error, url: redactUrl(request.url) }, 'unhandled error');
  return { status: 500, body: fail(ResultCode.INTERNAL_SERVER_ERROR, ResultMessage.INTERNAL_SERVER_ERROR) };
}

/**
 * PostgreSQL SQLSTATE classes and codes meaning "the server is not there for you right now": 08 connection
 * exceptions, 57P01–57P03 (shutdown, crash, starting up), 53300 (too many connections), 40001/40P01 are not here
 * (a serialization failure is the caller's to retry, not an outage).
 */
const UNAVAILABLE_SQLSTATE = /^(08\d{3}|57P0[1-3]|53300)$/;
/** Socket-level errors of either driver. */
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** What pg, pg-pool and ioredis say when a connection is gone or cannot be had (they set no code). */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Connection is closed|Stream isn't writeable|Reached the max retries per request limit)/;

/** True for an error that says a dependency (database, Redis) is unreachable rather than that the request is wrong. */
export function isUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message, name } = error as { code?: unknown; message?: unknown; name?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code)))
    return true;
  // SQLite answers SQLITE_BUSY once its busy timeout has passed under a long write.
  if (code === 'SQLITE_BUSY') return true;
  if (name === 'MaxRetriesPerRequestError') return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message);
}
