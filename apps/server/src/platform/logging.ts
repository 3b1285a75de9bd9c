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
