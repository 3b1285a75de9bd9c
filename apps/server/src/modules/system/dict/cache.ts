import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '../../../db/connection.js';
import type { SharedStore, Subscription } from '../../../platform/store.js';

/** Which dictionary a cached answer belongs to. */
export type DictionaryKind = 'dict' | 'dictBiz';

/** SQL table of each kind: a committed write to it drops that kind's cached answers. */
export const DICTIONARY_TABLES: Record<DictionaryKind, string> = {
  dict: 'cube_dict',
  dictBiz: 'cube_dict_biz',
};

const CHANNEL = 'dictionary-invalidation';

export interface DictionaryCacheOptions {
  /** Lifetime of an answer in memory (ms); invalidation, not this, is what keeps answers right. */
  ttlMs?: number;
  /** Most answers kept; the oldest goes first. */
  maxEntries?: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

interface Entry {
  value: unknown;
  expiresAt: number;
}

/**
 * The answers of `dictionary?code=` (and `dictionary-tree`), per instance: selects and forms ask for the same few
 * codes on every screen, so each instance keeps them in memory instead of querying for each.
 *
 * Built like the access cache (decision D13): any committed write to `cube_dict` or `cube_dict_biz` — through the
 * dictionary screens, a tenant's creation copying business dictionaries, or any other module — is reported by the
 * database handle, drops that kind's answers here and is broadcast through the shared store (Redis pub/sub with
 * several instances), so every instance has dropped them before the writing request answers. While the
 * subscription is not live (Redis unreachable, reconnecting) nothing is answered from memory, and a load that
 * began before an invalidation is used for its request but not kept.
 */
export class DictionaryCache {
  private readonly origin = randomBytes(8).toString('hex');
  private generation = 0;
  private readonly entries = new Map<string, Entry>();
  private subscription: Subscription | undefined;
  private stopObserving: (() => void) | undefined;
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(
    private readonly db: DatabaseHandle,
    private readonly store: SharedStore,
    private readonly options: DictionaryCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 10 * 60_000;
    this.maxEntries = options.maxEntries ?? 5_000;
  }

  async start(): Promise<void> {
    if (this.subscription) return;
    this.stopObserving = this.db.observeWrites(Object.values(DICTIONARY_TABLES), (tables) => {
      const kinds = (Object.keys(DICTIONARY_TABLES) as DictionaryKind[]).filter((k) =>
        tables.has(DICTIONARY_TABLES[k]),
      );
      return this.invalidate(kinds);
    });
    this.subscription = await this.store.subscribe(CHANNEL, {
      message: (raw) => {
        let message: { kinds?: unknown; origin?: unknown };
        try {
          message = JSON.parse(raw);
        } catch {
          return;
        }
        if (message.origin === this.origin || !Array.isArray(message.kinds)) return;
        this.apply(message.kinds.filter((k): k is DictionaryKind => k === 'dict' || k === 'dictBiz'));
      },
      reset: () => this.apply(['dict', 'dictBiz']),
    });
  }

  async stop(): Promise<void> {
    this.stopObserving?.();
    this.stopObserving = undefined;
    const subscription = this.subscription;
    this.subscription = undefined;
    this.apply(['dict', 'dictBiz']);
    await subscription?.close();
  }

  /** The answer for `key` of `kind` (tenant and code, for instance), from memory or from `load`. */
  async get<T>(kind: DictionaryKind, key: string, load: () => Promise<T>): Promise<T> {
    const caching = this.subscription?.live === true;
    const name = `${kind}\u0000${key}`;
    if (caching) {
      const hit = this.entries.get(name);
      if (hit && hit.expiresAt > Date.now()) return hit.value as T;
      if (hit) this.entries.delete(name);
    }
    const generation = this.generation;
    const value = await load();
    if (caching && generation === this.generation && this.subscription?.live === true) {
      if (this.entries.size >= this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(name, { value, expiresAt: Date.now() + this.ttlMs });
    }
    return value;
  }

  /** Drops every answer, on every instance (clear-cache; after changing the tables by hand). */
  clear(): Promise<void> {
    return this.invalidate(['dict', 'dictBiz']);
  }

  private async invalidate(kinds: DictionaryKind[]): Promise<void> {
    if (kinds.length === 0) return;
    this.apply(kinds);
    if (!this.subscription) return;
    try {
      const everywhere = await this.store.publish(CHANNEL, JSON.stringify({ kinds, origin: this.origin }));
      if (!everywhere)
        this.options.log?.warn({ kinds }, 'dictionary cache invalidation not confirmed by every instance');
    } catch (error) {
      // Instances that miss it lose their subscription too (not live: they stop answering from memory).
      this.options.log?.error({ err: error, kinds }, 'dictionary cache invalidation not broadcast');
    }
  }

  private apply(kinds: DictionaryKind[]): void {
    this.generation++;
    for (const name of [...this.entries.keys()])
      if (kinds.some((kind) => name.startsWith(`${kind}\u0000`))) this.entries.delete(name);
  }
}
