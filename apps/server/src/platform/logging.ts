import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config.js';

/**
 * Query parameters whose values never reach a log line: the login puts the (md5) password in the query string,
 * refresh sends the refresh token, downloads may carry the access token (security checklist L1).
 */
const SECRET_PARAMS =
  /^(password|oldpassword|newpassword|newpassword1|refresh_token|refreshtoken|access_token|cube-auth|blade-auth|token|secret|client_secret|code)$/i;

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (SECRET_PARAMS.test(key)) params.set(key, '[REDACTED]');
  return `${url.slice(0, q)}?${params.toString()}`;
}

/** Paths pino blanks in any logged object: headers and bodies that carry credentials. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["cube-auth"]',
  'req.headers.cookie',
  'headers.authorization',
  'headers["cube-auth"]',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.newPassword1',
  '*.refresh_token',
  '*.access_token',
  '*.clientSecret',
  '*.client_secret',
  'password',
  'access_token',
  'refresh_token',
];

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

export function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  return {
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
