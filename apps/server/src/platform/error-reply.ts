import { type R, ResultCode, ResultMessage } from '@cube/contract';
import type { FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { fail } from './envelope.js';
import { AppError } from './errors.js';
import { redactUrl } from './logging.js';

/**
 * The status and `R` body an error answers (contract §1.5): 400 business/validation, 401, 403, 404, 405, 413,
 * 415, 429, and 500 without internals. The app's error handler sends it; a route with its own answer shape
 * (the token endpoint) extends it.
 */
export function errorReply(
  error: unknown,
  request: FastifyRequest,
): { status: number; body: R<Record<string, never>> } {
  if (error instanceof AppError) return { status: error.statusCode, body: fail(error.code, error.message) };
  if (hasZodFastifySchemaValidationErrors(error)) {
    // The first failing field's message, in Chinese, is what the form shows (contract §1.5).
    const first = error.validation[0];
    return { status: 400, body: fail(ResultCode.FAILURE, first?.message || ResultMessage.PARAM_INVALID) };
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
