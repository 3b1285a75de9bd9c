import { z } from 'zod';

/**
 * Field schemas shared by the patent entities, kept out of the package's exports. Dates are calendar
 * days (`YYYY-MM-DD`), stored as text so that both databases compare and sort them alike and no time zone can move
 * a statutory deadline by a day.
 */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const realDate = (v: string) => {
  if (!ISO_DATE.test(v)) return false;
  const t = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === v;
};
const nullish = (v: unknown) => (v === null || v === undefined || v === '' ? undefined : v);

/** A required calendar day. */
export const requiredDay = (message: string, invalid: string) =>
  z.preprocess(
    (v) => (v === null ? undefined : typeof v === 'string' ? v.trim().slice(0, 10) : v),
    z.string({ error: message }).min(1, message).refine(realDate, invalid),
  );

/** An optional calendar day: absent, `null` or `''` is stored as `''`. */
export const optionalDay = (invalid: string) =>
  z.preprocess(
    (v) => (nullish(v) === undefined ? '' : typeof v === 'string' ? v.trim().slice(0, 10) : v),
    z.string({ error: invalid }).refine((v) => v === '' || realDate(v), invalid),
  );

/** A required reference to another row (a 64-bit id as text; numbers accepted). */
export const requiredRef = (message: string) =>
  z.preprocess(
    (v) => (v === null || v === '' ? undefined : typeof v === 'number' ? String(v) : v),
    z.string({ error: message }).regex(/^[1-9]\d{0,18}$/, message),
  );

/** An optional reference: absent, `null` or `''` is `null` in the table. */
export const optionalRef = (message: string) =>
  z.preprocess(
    (v) => (v === null || v === undefined || v === '' ? null : typeof v === 'number' ? String(v) : v),
    z
      .string({ error: message })
      .regex(/^[1-9]\d{0,18}$/, message)
      .nullable(),
  );

/** One value of a fixed code list. */
export const codeOf = <T extends string>(codes: readonly [T, ...T[]], message: string, fallback?: T) =>
  z.preprocess(
    (v) => (v === null || v === undefined || v === '' ? fallback : v),
    z.enum(codes, { error: message }),
  );

/** A whole number in a range (an empty value takes `fallback`). */
export const boundedInt = (min: number, max: number, message: string, fallback?: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined || v === '' ? fallback : v),
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message),
  );

/** An amount in yuan with at most two decimals (an empty value is 0). */
export const money = (message: string) =>
  z.preprocess(
    (v) => (v === null || v === undefined || v === '' ? 0 : v),
    z.coerce
      .number({ error: message })
      .min(0, message)
      .max(100_000_000, message)
      .refine(
        (n) => Math.round(n * 100) === n * 100 || Math.abs(Math.round(n * 100) - n * 100) < 1e-6,
        message,
      ),
  );
