import { DEFAULT_SITE_KEY } from '@cube/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearAll,
  dictCacheKey,
  getDictCache,
  getStore,
  getStoredItem,
  removeStore,
  setDictCache,
  setSiteKey,
  setStore,
  storageKeyOf,
} from './storage';

describe('storage wrapper', () => {
  beforeEach(() => setSiteKey('site'));
  afterEach(() => setSiteKey(DEFAULT_SITE_KEY));

  it('keys token, refresh token, user info and customer with the product prefix, the rest with the site key', () => {
    expect(storageKeyOf('token')).toBe('cube-portal-token');
    expect(storageKeyOf('refreshToken')).toBe('cube-portal-refreshToken');
    expect(storageKeyOf('userInfo')).toBe('cube-portal-userInfo');
    expect(storageKeyOf('customer')).toBe('cube-portal-customer');
    expect(storageKeyOf('tenantId')).toBe('site-tenantId');
    expect(storageKeyOf('themeName')).toBe('site-themeName');
    expect(dictCacheKey('100000', 'sex')).toBe('cube-dict-100000-sex');
  });

  it('falls back to the default site key when the configured one is blank', () => {
    setSiteKey('  ');
    expect(storageKeyOf('tenantId')).toBe(`${DEFAULT_SITE_KEY}-tenantId`);
  });

  it('stores values as {dataType, content, type, datetime} wrappers in local storage without a type', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    setStore('tenantId', '100000');
    setStore('menu', [{ id: '1' }]);
    vi.restoreAllMocks();

    expect(JSON.parse(localStorage.getItem('site-tenantId') ?? '')).toEqual({
      dataType: 'string',
      content: '100000',
      type: false,
      datetime: 1_700_000_000_000,
    });
    expect(JSON.parse(localStorage.getItem('site-menu') ?? '').dataType).toBe('object');
    expect(sessionStorage.length).toBe(0);
    expect(getStore('tenantId')).toBe('100000');
    expect(getStore('menu')).toEqual([{ id: '1' }]);
  });

  it('puts values with a type into session storage and keeps one copy per key', () => {
    setStore('isLock', true);
    setStore('isLock', true, 'session');
    expect(localStorage.getItem('site-isLock')).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('site-isLock') ?? '')).toMatchObject({
      dataType: 'boolean',
      content: true,
      type: 'session',
    });
    expect(getStore('isLock')).toBe(true);
  });

  it('keeps numbers, booleans and objects intact', () => {
    setStore('colorName', 7);
    setStore('isLock', false);
    setStore('userInfo', { account: 'admin', nested: { a: [1, 2] } });
    expect(getStore('colorName')).toBe(7);
    expect(getStore('isLock')).toBe(false);
    expect(getStore('userInfo')).toEqual({ account: 'admin', nested: { a: [1, 2] } });
  });

  it('returns the whole wrapper with its time stamp', () => {
    setStore('token', 'abc');
    const item = getStoredItem<string>('token');
    expect(item?.content).toBe('abc');
    expect(typeof item?.datetime).toBe('number');
  });

  it('treats missing and malformed values as absent', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(getStore('language')).toBeUndefined();
    localStorage.setItem('site-language', 'not json');
    expect(getStore('language')).toBeUndefined();
    localStorage.setItem('site-language', JSON.stringify({ unrelated: true }));
    expect(getStore('language')).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('removes a key from both storages', () => {
    setStore('tag', 'a');
    sessionStorage.setItem('site-tag', JSON.stringify({ dataType: 'string', content: 'b', datetime: 1 }));
    removeStore('tag');
    expect(localStorage.getItem('site-tag')).toBeNull();
    expect(sessionStorage.getItem('site-tag')).toBeNull();
  });

  it('caches dictionaries per tenant and code, and reads a broken cache as empty', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    setDictCache('100000', 'sex', [{ dictKey: '1', dictValue: '男' }]);
    expect(getDictCache('100000', 'sex')).toEqual([{ dictKey: '1', dictValue: '男' }]);
    expect(getDictCache('200000', 'sex')).toBeUndefined();
    localStorage.setItem(dictCacheKey('100000', 'sex'), '{broken');
    expect(getDictCache('100000', 'sex')).toBeUndefined();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('clearAll removes site, dictionary and product session keys but keeps the login resource and default title', () => {
    setStore('token', 't');
    setStore('refreshToken', 'r');
    setStore('userInfo', { account: 'admin' });
    setStore('customer', { name: 'c' }, 'session');
    setStore('tenantId', '100000');
    setStore('menu', []);
    setStore('isLock', true, 'session');
    setStore('lockPasswd', 'x', 'session');
    setStore('loginResource', [{ resources_code: 'title', resources_content: 'T' }], 'session');
    setStore('defaultTitle', 'T');
    setDictCache('100000', 'sex', []);
    localStorage.setItem('another-app-key', 'kept');
    sessionStorage.setItem('another-app-session', 'kept');

    clearAll();

    expect(Object.keys(localStorage).sort()).toEqual(['another-app-key', 'site-defaultTitle']);
    expect(Object.keys(sessionStorage).sort()).toEqual(['another-app-session', 'site-loginResource']);
    expect(getStore('loginResource')).toEqual([{ resources_code: 'title', resources_content: 'T' }]);
    expect(getStore('defaultTitle')).toBe('T');
  });
});
