/**
 * Log tables never keep credentials. Text that a client hands us for
 * a log row — URLs, messages, stack traces, component info — goes through {@link scrubSecrets} first.
 */
const SECRET_KEYS = [
  'password',
  'passwd',
  'pwd',
  'old_?password',
  'new_?password1?',
  'access_?token',
  'refresh_?token',
  'id_?token',
  'token',
  'cube-auth',
  'blade-auth',
  'authorization',
  'client_?secret',
  'secret',
  'api_?key',
].join('|');

export const REDACTED = '[REDACTED]';

/**
 * Whether a field or parameter name holds a credential (`password`, `clientSecret`, `smtpPassword`, `secretKey`,
 * `accessToken`…): its value is shown as {@link REDACTED} wherever a log keeps the field. One list for every log
 * (the operation log's before/after values, and text scrubbed by {@link scrubSecrets}).
 */
const SECRET_FIELD = new RegExp(`(?:${SECRET_KEYS}|secret_?key|private_?key)$`, 'i');

export const isSecretField = (name: string): boolean => SECRET_FIELD.test(name);

/** `password=x`, `token: x`, `"refresh_token":"x"`: the key stays, the value goes. */
const KEY_VALUE = new RegExp(
  `(["']?)\\b(${SECRET_KEYS})\\1(\\s*[:=]\\s*)(["']?)(?:(?:bearer|basic)(?:\\s+|%20))?[^"'&\\s,;}]*`,
  'gi',
);
/** `bearer x` / `Basic x` credentials, wherever they appear. */
const SCHEME_CREDENTIAL = /\b(bearer|basic)(\s+|%20)[A-Za-z0-9._~+/=-]{8,}/gi;
/** Anything shaped like a JWT. */
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;

export function scrubSecrets(text: string): string {
  return text
    .replace(
      KEY_VALUE,
      (_m, quote: string, key: string, separator: string, valueQuote: string) =>
        `${quote}${key}${quote}${separator}${valueQuote}${REDACTED}`,
    )
    .replace(SCHEME_CREDENTIAL, (_m, scheme: string, space: string) => `${scheme}${space}${REDACTED}`)
    .replace(JWT, REDACTED);
}
