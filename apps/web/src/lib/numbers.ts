/**
 * Exact decimal arithmetic for amounts typed in forms: `add`, `sub`, `mul`, `div`
 * and `round2`. Operands are read as the decimal they print as (`String(0.1)` is `0.1`), computed on integers
 * (BigInt) and converted back once, so that `add(0.1, 0.2)` is `0.3` and `round2(1.005)` is `1.01`.
 * A non-finite operand gives `NaN`; `div` by zero follows JavaScript (`Infinity`, `-Infinity` or `NaN`).
 */

export type Numeric = number | string;

/** A decimal as `int × 10^-scale` (scale ≥ 0). */
interface Decimal {
  int: bigint;
  scale: number;
}

const DECIMAL_PATTERN = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

function toDecimal(value: Numeric): Decimal | undefined {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (typeof value === 'number' && !Number.isFinite(value)) return undefined;
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  if (whole === '' && fraction === '') return undefined;
  let int = BigInt(`${whole || '0'}${fraction}`);
  let scale = fraction.length - Number(exponent);
  if (scale < 0) {
    int *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { int: sign === '-' ? -int : int, scale };
}

function toNumber({ int, scale }: Decimal): number {
  return Number(`${int}e-${scale}`);
}

function aligned(a: Decimal, b: Decimal): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.int * 10n ** BigInt(scale - a.scale), b.int * 10n ** BigInt(scale - b.scale), scale];
}

function binary(a: Numeric, b: Numeric, combine: (x: Decimal, y: Decimal) => number): number {
  const x = toDecimal(a);
  const y = toDecimal(b);
  return x && y ? combine(x, y) : Number.NaN;
}

/** `a + b`, exact for decimal operands. */
export function add(a: Numeric, b: Numeric): number {
  return binary(a, b, (x, y) => {
    const [i, j, scale] = aligned(x, y);
    return toNumber({ int: i + j, scale });
  });
}

/** `a - b`, exact for decimal operands. */
export function sub(a: Numeric, b: Numeric): number {
  return binary(a, b, (x, y) => {
    const [i, j, scale] = aligned(x, y);
    return toNumber({ int: i - j, scale });
  });
}

/** `a × b`, exact for decimal operands. */
export function mul(a: Numeric, b: Numeric): number {
  return binary(a, b, (x, y) => toNumber({ int: x.int * y.int, scale: x.scale + y.scale }));
}

/** `a ÷ b`: the quotient of the two decimals' integers, shifted back by their scales (one rounding each). */
export function div(a: Numeric, b: Numeric): number {
  return binary(a, b, (x, y) => {
    const quotient = Number(x.int) / Number(y.int);
    const shift = y.scale - x.scale;
    return shift >= 0 ? quotient * 10 ** shift : quotient / 10 ** -shift;
  });
}

/** Rounds to two decimals, halves away from zero: `round2(1.005)` is `1.01`, `round2(-2.345)` is `-2.35`. */
export function round2(value: Numeric): number {
  const decimal = toDecimal(value);
  if (!decimal) return Number.NaN;
  if (decimal.scale <= 2) return toNumber(decimal);
  const divisor = 10n ** BigInt(decimal.scale - 2);
  const magnitude = decimal.int < 0n ? -decimal.int : decimal.int;
  let rounded = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) rounded += 1n;
  return toNumber({ int: decimal.int < 0n ? -rounded : rounded, scale: 2 });
}
