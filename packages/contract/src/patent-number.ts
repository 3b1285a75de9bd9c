/**
 * Chinese patent application numbers and their check digit (CNIPA's numbering standard for application numbers).
 *
 * - Since 2003: twelve digits `YYYYTNNNNNNN` (filing year, type 1 invention / 2 utility model / 3 design / 8–9 PCT
 *   national phase, serial), a dot, and the check digit C = (Σ dᵢ·wᵢ) mod 11 over the twelve digits left to right
 *   with weights 2,3,4,5,6,7,8,9,2,3,4,5; a remainder of 10 is written X.
 *   Worked on a published number: 201710601862 → 2·2+0·3+1·4+7·5+1·6+0·7+6·8+0·9+1·2+8·3+6·4+2·5 = 157,
 *   157 mod 11 = 3 → 201710601862.3.
 * - Before 2003: eight digits `YYTNNNNN`, weights 2..9, same remainder rule:
 *   97101765 → 9·2+7·3+1·4+0·5+1·6+7·7+6·8+5·9 = 191, 191 mod 11 = 4 → 97101765.4;
 *   95115608 → 186, remainder 10 → 95115608.X.
 */

export const PatentNumberMessage = {
  checkDigit: '申请号校验位不正确',
} as const;

const WEIGHTS_12 = [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5] as const;
const WEIGHTS_8 = [2, 3, 4, 5, 6, 7, 8, 9] as const;

/** The check character of an application number's digits (12 or 8 of them), or undefined for any other input. */
export function applicationCheckDigit(digits: string): string | undefined {
  const weights = digits.length === 12 ? WEIGHTS_12 : digits.length === 8 ? WEIGHTS_8 : undefined;
  if (!weights || !/^\d+$/.test(digits)) return undefined;
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * (weights[i] as number);
  const rest = sum % 11;
  return rest === 10 ? 'X' : String(rest);
}

/** Whether `value` is a well-formed application number (`201710601862.3`, `97101765.4`) with the right check digit. */
export function isValidApplicationNumber(value: string): boolean {
  const m = /^(\d{12}|\d{8})\.([\dXx])$/.exec(value.trim());
  if (!m) return false;
  return applicationCheckDigit(m[1] as string) === (m[2] as string).toUpperCase();
}
