import { isSecretKey, REDACTED, redactText } from './redact.js';

/**
 * Log tables never keep credentials. Text that a client hands us for a log row — URLs, messages, stack traces,
 * component info — goes through {@link scrubSecrets} first. The list of what is a secret is `redact.ts`'s, shared
 * by every log.
 */
export { REDACTED };
export const scrubSecrets = redactText;

/** Whether a field name holds a credential (the operation log's before/after values): `redact.ts`'s one list. */
export const isSecretField = isSecretKey;
