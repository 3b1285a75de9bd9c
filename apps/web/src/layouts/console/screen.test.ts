import { describe, expect, it } from 'vitest';
import { isSmallScreen, layoutLevel, rootFontSize } from './screen';

describe('layout level', () => {
  it('is 3 from 1200 px, 2 from 992, 1 from 768 and 0 below', () => {
    expect(layoutLevel(1920)).toBe(3);
    expect(layoutLevel(1200)).toBe(3);
    expect(layoutLevel(1199)).toBe(2);
    expect(layoutLevel(992)).toBe(2);
    expect(layoutLevel(991)).toBe(1);
    expect(layoutLevel(768)).toBe(1);
    expect(layoutLevel(767)).toBe(0);
    expect(layoutLevel(320)).toBe(0);
  });

  it('levels 0 and 1 are small screens', () => {
    expect(isSmallScreen(0)).toBe(true);
    expect(isSmallScreen(1)).toBe(true);
    expect(isSmallScreen(2)).toBe(false);
  });
});

describe('root font size', () => {
  it('stays at 16 px above 1200 px', () => {
    expect(rootFontSize(1440)).toBe(16);
    expect(rootFontSize(1201)).toBe(16);
  });

  it('scales with the width from 16 px at 1200 px and below', () => {
    expect(rootFontSize(1200)).toBe(16);
    expect(rootFontSize(900)).toBe(12);
    expect(rootFontSize(800)).toBeCloseTo(10.67, 2);
  });

  it('shrinks by at most a factor of two', () => {
    expect(rootFontSize(600)).toBe(8);
    expect(rootFontSize(320)).toBe(8);
  });

  it('keeps the base for a width it cannot read', () => {
    expect(rootFontSize(0)).toBe(16);
    expect(rootFontSize(Number.NaN)).toBe(16);
  });
});
