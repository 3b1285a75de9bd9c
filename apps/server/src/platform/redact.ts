import path from 'node:path';

/**
 * The one list of what never reaches a log: the request log (pino), the API, usual and error log rows, the
 * operation log, and anything else that writes what a caller sent. Every writer asks {@link isSecretKey} for a
 * field name, {@link redactValue} for an object, {@link redactText} for free text and {@link redactUrl} for a URL;
 * pino is given {@link REDACT_PATHS}. A new secret field is added here once, and every log follows.
 *
 * A name is compared without case, `_`, `-` or `.`, so `secretKey`, `secret_key`, `ACCESS-KEY-SECRET` are one name.
 */

/** Names that are credentials wherever they appear in a name (`secretKey`, `accessKeySecret`, `smsApiKey`). */
const SECRET_PARTS = [
  'password',
  'passwd',
  'pwd',
  'secret',
  'token',
  'ticket',
  'apikey',
  'accesskey',
  'privatekey',
  'credential',
  'authorization',
  'cubeauth',
  'bladeauth',
  'signature',
  'sessionkey',
  'oauthid',
  'cookie',
] as const;

/** Names that are credentials only as a whole (`code` is an OAuth or SMS code here, but `deptCode` is not). */
const SECRET_NAMES = [
  'code',
  'smscode',
  'verifycode',
  'verificationcode',
  'captchacode',
  'authcode',
  'authorizationcode',
  'otp',
] as const;

/**
 * Names that carry a secret-ish word but describe one (a validity, a type, an expiry, a flag): never redacted,
 * so the logs still say how long a token lives or whether a password must change.
 */
const DESCRIPTIVE =
  /(validity|expire|expires|expiry|expiresin|time|type|mustchange|length|count|mode|enabled|url|uri)$/;

export const REDACTED = '[REDACTED]';

const normalise = (name: string) => name.toLowerCase().replace(/[-_.\s]/g, '');

const PART_PATTERN = new RegExp(SECRET_PARTS.join('|'));
const WHOLE = new Set<string>(SECRET_NAMES);

/** Whether a field, parameter or header of this name holds a credential (see the module comment). */
export function isSecretKey(name: string): boolean {
  const n = normalise(name);
  if (!n) return false;
  if (WHOLE.has(n)) return true;
  return PART_PATTERN.test(n) && !DESCRIPTIVE.test(n);
}

const isBinary = (value: unknown): boolean =>
  value instanceof Uint8Array ||
  value instanceof ArrayBuffer ||
  (typeof value === 'object' && value !== null && typeof (value as { pipe?: unknown }).pipe === 'function');

/**
 * A copy of `value` with every secret field's value replaced by {@link REDACTED}, at any depth (arrays included),
 * and secrets in free text scrubbed ({@link redactText}). Binary values become `[binary]`.
 */
export function redactValue(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value;
  if (typeof value === 'string') return redactText(value);
  if (typeof value !== 'object') return value;
  if (isBinary(value)) return '[binary]';
  if (depth > 16) return '[…]';
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>))
    out[key] = isSecretKey(key) ? REDACTED : redactValue(v, depth + 1);
  return out;
}

/** `password=x`, `token: x`, `"secretKey":"x"`: the key stays, the value goes. */
const KEY_VALUE =
  /(["']?)([A-Za-z][\w.-]{0,63})\1(\s*[:=]\s*)(["']?)(?:(?:bearer|basic)(?:\s+|%20))?[^"'&\s,;}]*/gi;
/** `bearer x` / `Basic x` credentials, wherever they appear. */
const SCHEME_CREDENTIAL = /\b(bearer|basic)(\s+|%20)[A-Za-z0-9._~+/=-]{8,}/gi;
/** Anything shaped like a JWT. */
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;

/** Free text (a message, a stack, a URL, JSON) with the values of secret keys and bearer/JWT credentials removed. */
export function redactText(text: string): string {
  return text
    .replace(KEY_VALUE, (match, quote: string, key: string, separator: string, valueQuote: string) =>
      isSecretKey(key) ? `${quote}${key}${quote}${separator}${valueQuote}${REDACTED}` : match,
    )
    .replace(SCHEME_CREDENTIAL, (_m, scheme: string, space: string) => `${scheme}${space}${REDACTED}`)
    .replace(JWT, REDACTED);
}

/**
 * Whether a query parameter's name, as it stands in the URL (percent-encoded, `+` for a space), names a secret.
 * Requests repeat a handful of names (`current`, `size`, `tenantId`), so the answers are kept; the store is
 * cleared when full, since the names are the caller's to choose.
 */
const rawKeySecrecy = new Map<string, boolean>();
function isSecretRawKey(raw: string): boolean {
  let secret = rawKeySecrecy.get(raw);
  if (secret === undefined) {
    const name =
      raw.includes('%') || raw.includes('+')
        ? (new URLSearchParams(`${raw}=`).keys().next().value ?? '')
        : raw;
    secret = isSecretKey(name);
    if (rawKeySecrecy.size >= 512) rawKeySecrecy.clear();
    rawKeySecrecy.set(raw, secret);
  }
  return secret;
}

/**
 * A URL with the values of secret query parameters replaced (the path is kept). It is applied to every request's
 * log line, so a query without a secret name (nearly all of them) is answered from a scan of its names, without
 * parsing it into an object.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  let secret = false;
  for (let start = q + 1; start < url.length && !secret; ) {
    const amp = url.indexOf('&', start);
    const end = amp === -1 ? url.length : amp;
    const eq = url.indexOf('=', start);
    secret = isSecretRawKey(url.slice(start, eq !== -1 && eq < end ? eq : end));
    start = end + 1;
  }
  if (!secret) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (isSecretKey(key)) params.set(key, REDACTED);
  return `${url.slice(0, q)}?${params.toString()}`;
}

/**
 * The field names pino blanks, for its `redact.paths` (fast-redact: exact paths, `*` one level): headers, top-level
 * fields and fields one level down (`body.password`, `query.oauthId`). pino cannot take a predicate, so these are the
 * spellings {@link isSecretKey} admits that the app's objects use; `code` is left to the URL redaction because
 * `err.code` (`ECONNREFUSED`) is what an operator needs to read.
 */
const PINO_FIELDS = [
  'password',
  'oldPassword',
  'newPassword',
  'newPassword1',
  'refresh_token',
  'refreshToken',
  'access_token',
  'accessToken',
  'token',
  'clientSecret',
  'client_secret',
  'secret',
  'secretKey',
  'accessKey',
  'accessKeyId',
  'accessKeySecret',
  'apiKey',
  'oauthId',
  'ticket',
  'smsCode',
];
export const REDACT_PATHS: string[] = [
  'req.headers.authorization',
  'req.headers["cube-auth"]',
  'req.headers["blade-auth"]',
  'req.headers.cookie',
  'headers.authorization',
  'headers["cube-auth"]',
  'headers.cookie',
  ...PINO_FIELDS,
  ...PINO_FIELDS.map((f) => `*.${f}`),
];

/** The server's own folders: an answer or a stored error detail names files relative to them. */
const SERVER_ROOTS = [...new Set([process.cwd(), path.resolve(import.meta.dirname, '../../../..')])]
  .filter((root) => root.length > 1)
  .sort((a, b) => b.length - a.length);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ROOT_PATTERN = new RegExp(
  SERVER_ROOTS.map((root) => `(?:file://)?${escapeRegExp(root)}[\\\\/]?`).join('|'),
  'g',
);
/** Any other absolute path left (an installed library, a temporary folder): only the file name is kept. */
const ABSOLUTE_PATH =
  /(?:file:\/\/)?(?:\/(?:home|usr|opt|tmp|var|root|work|srv|app|private|Users|mnt|data|etc|run|snap|nix|build|workspace)\/(?:[\w.@+-]+\/)*|[A-Za-z]:\\(?:[\w.@+ -]+\\)+)([\w.@+-]+)/g;

/**
 * Text with the server's absolute paths removed: paths inside the project become relative to it
 * (`apps/server/src/app.ts`), any other absolute path becomes `<app>/<file name>`. Error details keep where the
 * error happened without telling a reader how the server's disk is laid out.
 */
export function stripServerPaths(text: string): string {
  return text.replace(ROOT_PATTERN, '').replace(ABSOLUTE_PATH, (_m, file: string) => `<app>/${file}`);
}
