import type { R } from '@cube/contract';
import { type DictItem, isDictItemList } from '../lib/dictKeys';
import { getDictCache, setDictCache } from '../lib/storage';
import { request } from './request';

export const DICT_URL = '/api/cube-system/dict/dictionary';
export const DICT_BIZ_URL = '/api/cube-system/dict-biz/dictionary';

/** Which dictionary a code belongs to: the platform's system dictionary or the tenant's business one. */
export type DictSource = 'system' | 'biz';

/** `GET dict/dictionary?code=` or `dict-biz/dictionary?code=`: the items of one code (sealed ones left out). */
export async function fetchDictionary(code: string, source: DictSource = 'system'): Promise<DictItem[]> {
  const { data } = await request.get<R<DictItem[]>>(source === 'biz' ? DICT_BIZ_URL : DICT_URL, {
    params: { code },
  });
  return data.data ?? [];
}

/** The cache name of a code: business codes are kept apart from system codes of the same name. */
function cacheCode(code: string, source: DictSource): string {
  return source === 'biz' ? `biz.${code}` : code;
}

/** The cached items of a code, or `undefined`; anything unreadable is logged and counts as empty. */
export function readCachedDictionary(
  tenantId: string,
  code: string,
  source: DictSource = 'system',
): DictItem[] | undefined {
  let cached: unknown;
  try {
    cached = getDictCache<unknown>(tenantId, cacheCode(code, source));
  } catch (error) {
    console.warn(`[dict] cache of "${code}" could not be read`, error);
    return undefined;
  }
  if (cached === undefined) return undefined;
  if (!isDictItemList(cached)) {
    console.warn(`[dict] ignoring malformed cache of "${code}"`);
    return undefined;
  }
  return cached;
}

/**
 * The dictionary cache: the items from browser storage (keyed by tenant and code under the dictionary prefix)
 * when present, else fetched and stored. An empty answer is not cached, so that a code filled later shows up.
 */
export async function loadDictionary(
  tenantId: string,
  code: string,
  source: DictSource = 'system',
): Promise<DictItem[]> {
  const cached = readCachedDictionary(tenantId, code, source);
  if (cached && cached.length > 0) return cached;
  const items = await fetchDictionary(code, source);
  if (items.length > 0) setDictCache(tenantId, cacheCode(code, source), items);
  return items;
}
