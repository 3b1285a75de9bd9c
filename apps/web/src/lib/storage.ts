import {
  DEFAULT_SITE_KEY,
  DICT_CACHE_PREFIX,
  PRODUCT_KEYS,
  PRODUCT_STORAGE_PREFIX,
  StorageKey,
  type StorageKeyName,
  type StoredItem,
} from '@cube/contract';

/**
 * Browser storage wrapper. Every value is kept as a {@link StoredItem} wrapper
 * `{dataType, content, type, datetime}`: a truthy `type` puts it in sessionStorage, otherwise localStorage.
 * Token, refresh token, user info and customer are keyed `<PRODUCT_STORAGE_PREFIX>-<name>`, every other key
 * `<siteKey>-<name>` where the site key comes from the runtime configuration; dictionary caches are keyed
 * `<DICT_CACHE_PREFIX>-<tenantId>-<code>`.
 */

export type StoreType = StoredItem['type'];

let siteKey: string = DEFAULT_SITE_KEY;
const productKeys: ReadonlySet<string> = new Set(PRODUCT_KEYS);
/** Keys that survive {@link clearAll}: the session login resource and the default title. */
const KEPT_ON_CLEAR: readonly StorageKeyName[] = ['loginResource', 'defaultTitle'];

/** Sets the site key prefix (runtime config `siteKey`); blank falls back to the default. */
export function setSiteKey(key: string): void {
  siteKey = key.trim() || DEFAULT_SITE_KEY;
}

/** The browser-storage key a named value is kept under. */
export function storageKeyOf(name: StorageKeyName): string {
  const prefix = productKeys.has(name) ? PRODUCT_STORAGE_PREFIX : siteKey;
  return `${prefix}-${StorageKey[name]}`;
}

export function dictCacheKey(tenantId: string, code: string): string {
  return `${DICT_CACHE_PREFIX}-${tenantId}-${code}`;
}

function storages(): Storage[] {
  return [window.sessionStorage, window.localStorage];
}

function isStoredItem(value: unknown): value is StoredItem {
  return (
    typeof value === 'object' &&
    value !== null &&
    'content' in value &&
    'dataType' in value &&
    typeof (value as { datetime?: unknown }).datetime === 'number'
  );
}

function writeItem(key: string, content: unknown, type: StoreType): void {
  const item: StoredItem = { dataType: typeof content, content, type: type || false, datetime: Date.now() };
  const [target, other] = type
    ? [window.sessionStorage, window.localStorage]
    : [window.localStorage, window.sessionStorage];
  try {
    target.setItem(key, JSON.stringify(item));
    other.removeItem(key);
  } catch (error) {
    console.warn(`[storage] could not store "${key}"`, error);
  }
}

/** Reads the wrapper under a key, session storage first; a missing or unreadable value is `undefined`. */
function readItem<T>(key: string): StoredItem<T> | undefined {
  for (const storage of storages()) {
    const raw = storage.getItem(key);
    if (raw === null) continue;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (isStoredItem(parsed)) return parsed as StoredItem<T>;
    } catch {
      // Not JSON: treated as absent below.
    }
    console.warn(`[storage] ignoring malformed value under "${key}"`);
    return undefined;
  }
  return undefined;
}

export function setStore<T>(name: StorageKeyName, content: T, type?: StoreType): void {
  writeItem(storageKeyOf(name), content, type);
}

export function getStore<T>(name: StorageKeyName): T | undefined {
  return readItem<T>(storageKeyOf(name))?.content;
}

/** The whole wrapper, for callers that need the time a value was stored (e.g. token age). */
export function getStoredItem<T>(name: StorageKeyName): StoredItem<T> | undefined {
  return readItem<T>(storageKeyOf(name));
}

export function removeStore(name: StorageKeyName): void {
  const key = storageKeyOf(name);
  for (const storage of storages()) storage.removeItem(key);
}

export function setDictCache<T>(tenantId: string, code: string, content: T): void {
  writeItem(dictCacheKey(tenantId, code), content, undefined);
}

/** A cached dictionary, or `undefined` when absent or unreadable (a read failure counts as empty). */
export function getDictCache<T>(tenantId: string, code: string): T | undefined {
  try {
    return readItem<T>(dictCacheKey(tenantId, code))?.content;
  } catch (error) {
    console.warn(`[storage] dictionary cache "${code}" could not be read`, error);
    return undefined;
  }
}

/**
 * The logout clearing rule: removes, from both storages, every key with the site prefix or the
 * dictionary prefix and the product-prefixed token, refresh token, user info and customer — keeping the
 * session login resource and the default title. Keys of other applications on the same origin stay.
 */
export function clearAll(): void {
  const kept = new Set(KEPT_ON_CLEAR.map(storageKeyOf));
  const productPrefixed = new Set(PRODUCT_KEYS.map(storageKeyOf));
  const sitePrefix = `${siteKey}-`;
  const dictPrefix = `${DICT_CACHE_PREFIX}-`;
  const isCleared = (key: string) =>
    !kept.has(key) && (key.startsWith(sitePrefix) || key.startsWith(dictPrefix) || productPrefixed.has(key));

  for (const storage of storages()) {
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter(
      (key): key is string => key !== null,
    );
    for (const key of keys.filter(isCleared)) storage.removeItem(key);
  }
}
