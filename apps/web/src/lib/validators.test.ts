import { describe, expect, it } from 'vitest';
import { checkPhone, isEmpty, isUrl } from './validators';

describe('isEmpty', () => {
  it('treats null, undefined, empty string, empty array and empty object as empty', () => {
    for (const value of [null, undefined, '', [], {}]) expect(isEmpty(value)).toBe(true);
  });

  it('treats numbers, booleans and filled values as non-empty', () => {
    for (const value of [0, 1, -1, Number.NaN, false, true, ' ', 'a', [0], { a: 1 }, new Date(0)]) {
      expect(isEmpty(value)).toBe(false);
    }
  });
});

describe('isUrl', () => {
  it('accepts text beginning with http or https', () => {
    expect(isUrl('http://example.com')).toBe(true);
    expect(isUrl('https://example.com/a?b=1')).toBe(true);
    expect(isUrl('HTTPS://EXAMPLE.COM')).toBe(true);
    expect(isUrl('  https://example.com  ')).toBe(true);
  });

  it('refuses anything else', () => {
    for (const value of [
      '',
      'example.com',
      'ftp://example.com',
      '/wel/index',
      'javascript:alert(1)',
      'http://',
    ]) {
      expect(isUrl(value)).toBe(false);
    }
    expect(isUrl(undefined)).toBe(false);
    expect(isUrl(42)).toBe(false);
  });
});

describe('checkPhone', () => {
  it('reports the problems in order', () => {
    expect(checkPhone('')).toBe('required');
    expect(checkPhone(undefined)).toBe('required');
    expect(checkPhone('   ')).toBe('required');
    expect(checkPhone('1381234567')).toBe('length');
    expect(checkPhone('138123456789')).toBe('length');
    expect(checkPhone('12812345678')).toBe('format');
    expect(checkPhone('1381234567a')).toBe('format');
  });

  it('accepts an 11-digit mobile number', () => {
    expect(checkPhone('13812345678')).toBeUndefined();
    expect(checkPhone(' 19912345678 ')).toBeUndefined();
    expect(checkPhone(13812345678)).toBeUndefined();
  });
});
