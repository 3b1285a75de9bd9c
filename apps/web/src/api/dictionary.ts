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

/** Where a dictionary address may point: this site's API only (never another host, never a page). */
const SAME_SITE = 'http://site.invalid';

/**
 * The generic dictionary GET by address, as a BladeX select declares its options (`dicUrl`, e.g.
 * `/api/cube-system/dict/dictionary?code=post_category`): the two dictionary endpoints go through the cache of
 * {@link loadDictionary}; any other address of this site's API is fetched as is and must answer a list. An
 * address off the API or off the site is refused before any request.
 */
export async function fetchDictionaryByUrl(tenantId: string, url: string): Promise<DictItem[]> {
  let parsed: URL;
  try {
    parsed = new URL(url, SAME_SITE);
  } catch {
    throw new Error(`[dict] not a dictionary address: ${url}`);
  }
  if (parsed.origin !== SAME_SITE || !parsed.pathname.startsWith('/api/') || url.startsWith('//'))
    throw new Error(`[dict] not a dictionary address: ${url}`);
  const code = parsed.searchParams.get('code');
  if (code && (parsed.pathname === DICT_URL || parsed.pathname === DICT_BIZ_URL))
    return loadDictionary(tenantId, code, parsed.pathname === DICT_BIZ_URL ? 'biz' : 'system');
  const { data } = await request.get<R<unknown>>(`${parsed.pathname}${parsed.search}`);
  return isDictItemList(data.data) ? data.data : [];
}
