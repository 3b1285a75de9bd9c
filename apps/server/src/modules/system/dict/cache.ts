import type { DatabaseHandle } from '../../../db/connection.js';
import type { SharedStore } from '../../../platform/store.js';
import { WatchedCache } from '../../../platform/watched-cache.js';

/** Which dictionary a cached answer belongs to. */
export type DictionaryKind = 'dict' | 'dictBiz';

/** SQL table of each kind: a committed write to it drops that kind's cached answers. */
export const DICTIONARY_TABLES: Record<DictionaryKind, string> = {
  dict: 'cube_dict',
  dictBiz: 'cube_dict_biz',
};

export interface DictionaryCacheOptions {
  /** Lifetime of an answer in memory (ms); invalidation, not this, is what keeps answers right. */
  ttlMs?: number;
  /** Most answers kept per kind; the oldest goes first. */
  maxEntries?: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * The answers of `dictionary?code=` (and `dictionary-tree`), per instance: selects and forms ask for the same few
 * codes on every screen, so each instance keeps them in memory instead of querying for each. One
 * {@link WatchedCache} per kind: a committed write to `cube_dict` drops the system dictionary's answers on every
 * instance before the writing request answers, and leaves the business dictionary's alone.
 */
export class DictionaryCache {
  private readonly kinds: Record<DictionaryKind, WatchedCache>;

  constructor(db: DatabaseHandle, store: SharedStore, options: DictionaryCacheOptions = {}) {
    const of = (kind: DictionaryKind) =>
      new WatchedCache(db, store, {
        ...options,
        channel: `dictionary-invalidation:${kind}`,
        tables: [DICTIONARY_TABLES[kind]],
      });
    this.kinds = { dict: of('dict'), dictBiz: of('dictBiz') };
  }

  async start(): Promise<void> {
    await Promise.all(Object.values(this.kinds).map((cache) => cache.start()));
  }

  async stop(): Promise<void> {
    await Promise.all(Object.values(this.kinds).map((cache) => cache.stop()));
  }

  /** The answer for `key` of `kind` (tenant and code, for instance), from memory or from `load`. */
  get<T>(kind: DictionaryKind, key: string, load: () => Promise<T>): Promise<T> {
    return this.kinds[kind].get(key, load);
  }

  /** Drops every answer, on every instance (clear-cache; after changing the tables by hand). */
  async clear(): Promise<void> {
    await Promise.all(Object.values(this.kinds).map((cache) => cache.clear()));
  }
}
