import { DICT_CACHE_PREFIX } from '@cube/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DictItem } from '../lib/dictKeys';
import { dictCacheKey, getDictCache } from '../lib/storage';
import { DICT_BIZ_URL, DICT_URL, fetchDictionaryByUrl, loadDictionary } from './dictionary';
import { request } from './request';

const items: DictItem[] = [
  { id: '1', parentId: '0', code: 'notice', dictKey: '1', dictValue: '发布通知', sort: 1, remark: '' },
  { id: '2', parentId: '0', code: 'notice', dictKey: '2', dictValue: '批转通知', sort: 2, remark: '' },
];

function answer(data: unknown) {
  return { data: { code: 200, success: true, msg: '', data } } as never;
}

describe('dictionary cache', () => {
  afterEach(() => vi.restoreAllMocks());

  it('fetches once, then reads the browser cache keyed by tenant and code', async () => {
    const get = vi.spyOn(request, 'get').mockResolvedValue(answer(items));
    expect(await loadDictionary('100000', 'notice')).toEqual(items);
    expect(get).toHaveBeenCalledWith(DICT_URL, { params: { code: 'notice' } });
    expect(dictCacheKey('100000', 'notice').startsWith(`${DICT_CACHE_PREFIX}-100000-`)).toBe(true);
    expect(getDictCache('100000', 'notice')).toEqual(items);

    expect(await loadDictionary('100000', 'notice')).toEqual(items);
    expect(get).toHaveBeenCalledTimes(1);

    // Another tenant has its own cache entry.
    await loadDictionary('200000', 'notice');
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('keeps business dictionaries apart from system ones', async () => {
    const get = vi.spyOn(request, 'get').mockResolvedValue(answer(items));
    await loadDictionary('100000', 'flow', 'biz');
    expect(get).toHaveBeenCalledWith(DICT_BIZ_URL, { params: { code: 'flow' } });
    await loadDictionary('100000', 'flow');
    expect(get).toHaveBeenLastCalledWith(DICT_URL, { params: { code: 'flow' } });
  });

  it('logs an unreadable cache and treats it as empty', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    window.localStorage.setItem(dictCacheKey('100000', 'notice'), '{not json');
    const get = vi.spyOn(request, 'get').mockResolvedValue(answer(items));
    expect(await loadDictionary('100000', 'notice')).toEqual(items);
    expect(get).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalled();

    warn.mockClear();
    window.localStorage.setItem(
      dictCacheKey('100000', 'sex'),
      JSON.stringify({ dataType: 'object', content: [{ nope: 1 }], type: false, datetime: 1 }),
    );
    await loadDictionary('100000', 'sex');
    expect(get).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalled();
  });

  it('does not cache an empty answer', async () => {
    const get = vi.spyOn(request, 'get').mockResolvedValue(answer([]));
    expect(await loadDictionary('100000', 'empty')).toEqual([]);
    await loadDictionary('100000', 'empty');
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('fetches a dictionary by its address: the dictionary endpoints through the cache, other API lists as is', async () => {
    const get = vi.spyOn(request, 'get').mockResolvedValue(answer(items));
    expect(await fetchDictionaryByUrl('100000', `${DICT_BIZ_URL}?code=post_category`)).toEqual(items);
    expect(get).toHaveBeenCalledWith(DICT_BIZ_URL, { params: { code: 'post_category' } });
    expect(getDictCache('100000', 'biz.post_category')).toEqual(items);
    await fetchDictionaryByUrl('100000', `${DICT_BIZ_URL}?code=post_category`);
    expect(get).toHaveBeenCalledTimes(1);

    expect(await fetchDictionaryByUrl('100000', '/api/cube-system/dict/dictionary-tree?code=notice')).toEqual(
      items,
    );
    expect(get).toHaveBeenLastCalledWith('/api/cube-system/dict/dictionary-tree?code=notice');
    get.mockResolvedValue(answer({ not: 'a list' }));
    expect(await fetchDictionaryByUrl('100000', '/api/cube-system/param/detail?id=1')).toEqual([]);

    for (const url of ['https://evil.example/api/x', '//evil.example/api/x', '/system/user/index']) {
      await expect(fetchDictionaryByUrl('100000', url), url).rejects.toThrow('not a dictionary address');
    }
    expect(get).toHaveBeenCalledTimes(3);
  });
});
