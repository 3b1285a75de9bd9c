import { describe, expect, it } from 'vitest';
import { add, div, mul, round2, sub } from './numbers';

describe('number helpers', () => {
  it('adds decimals exactly', () => {
    expect(add(0.1, 0.2)).toBe(0.3);
    expect(add(1.1, 2.2)).toBe(3.3);
    expect(add(-0.1, 0.3)).toBe(0.2);
    expect(add('0.7', 0.1)).toBe(0.8);
    expect(add(1e-7, 2e-7)).toBe(3e-7);
    expect(add(1e21, 1)).toBe(1e21 + 1);
  });

  it('subtracts decimals exactly', () => {
    expect(sub(0.3, 0.1)).toBe(0.2);
    expect(sub(1, 0.9)).toBe(0.1);
    expect(sub(0.1, 0.3)).toBe(-0.2);
  });

  it('multiplies decimals exactly', () => {
    expect(mul(0.1, 0.2)).toBe(0.02);
    expect(mul(19.9, 100)).toBe(1990);
    expect(mul(1.15, 3)).toBe(3.45);
    expect(mul(-0.07, 100)).toBe(-7);
  });

  it('divides decimals', () => {
    expect(div(0.3, 0.1)).toBe(3);
    expect(div(0.69, 10)).toBe(0.069);
    expect(div(1, 4)).toBe(0.25);
    expect(div(1, 3)).toBeCloseTo(0.333333, 6);
    expect(div(1, 0)).toBe(Number.POSITIVE_INFINITY);
  });

  it('rounds to two decimals, halves away from zero', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(1.004)).toBe(1);
    expect(round2(2.675)).toBe(2.68);
    expect(round2(-2.345)).toBe(-2.35);
    expect(round2(3)).toBe(3);
    expect(round2('12.3456')).toBe(12.35);
    expect(round2(add(0.1, 0.2))).toBe(0.3);
  });

  it('gives NaN for what is not a number', () => {
    expect(add(Number.NaN, 1)).toBeNaN();
    expect(mul(Number.POSITIVE_INFINITY, 1)).toBeNaN();
    expect(round2('abc')).toBeNaN();
    expect(sub('', 1)).toBeNaN();
  });
});
