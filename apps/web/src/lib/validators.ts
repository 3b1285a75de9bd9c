import { PHONE_LENGTH } from '@cube/contract';

/**
 * Small checks shared by forms and pages. They return facts, never messages: the caller picks the
 * translated text.
 */

/**
 * Emptiness: `null`, `undefined`, an empty string, an empty array and an object without own keys are
 * empty; numbers (0 and NaN included), booleans, functions, dates and non-empty values are not.
 */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.length === 0;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') {
    if (value instanceof Date || value instanceof Map || value instanceof Set) return false;
    return Object.keys(value).length === 0;
  }
  return false;
}

const URL_PATTERN = /^https?:\/\/\S+$/i;

/** URL test: text beginning with `http://` or `https://` (case-insensitive, no blanks). */
export function isUrl(value: unknown): value is string {
  return typeof value === 'string' && URL_PATTERN.test(value.trim());
}

/** A mainland mobile number: 11 digits starting 13–19 (the server applies the same pattern). */
const PHONE_PATTERN = /^1[3-9]\d{9}$/;

export type PhoneProblem = 'required' | 'length' | 'format';

/**
 * Phone check, in this order: empty → `required`; not {@link PHONE_LENGTH} characters →
 * `length`; not a mobile number → `format`; valid → `undefined`. Surrounding blanks are ignored.
 */
export function checkPhone(value: unknown): PhoneProblem | undefined {
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  if (text === '') return 'required';
  if (text.length !== PHONE_LENGTH) return 'length';
  if (!PHONE_PATTERN.test(text)) return 'format';
  return undefined;
}
