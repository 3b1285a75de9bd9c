import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '../db/connection.js';
import type { SharedStore, Subscription } from './store.js';

export interface WatchedCacheOptions {
  /** The store channel its invalidations travel on: one per cache, the same on every instance. */
  channel: string;
  /** SQL tables (e.g. `cube_role`) whose committed writes drop every value kept. */
  tables: readonly string[];
  /** Lifetime of a value in memory (ms); invalidation, not this, is what keeps values right. */
  ttlMs?: number;
  /** Most values kept; the oldest goes first. */
  maxEntries?: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

interface Entry {
  value: unknown;
  expiresAt: number;
}

export type InvalidationOptions = Pick<WatchedCacheOptions, 'channel' | 'tables' | 'log'>;

/**
 * The rule every cache of small tables keeps right by (the access cache's, decision D13): any committed write to
 * one of `tables` — through any module, whoever builds the statement — is reported by the database handle, calls
 * `drop` here and is broadcast through the shared store (Redis pub/sub with several instances; in process
 * otherwise), so every instance has dropped what it kept before the writing request answers. A cache answers from
 * memory only while {@link live}, and keeps a load only when {@link generation} did not move while it ran (a load
 * that began before an invalidation is used for its request but not kept). {@link WatchedCache} keeps plain values
 * by it; the public page cache keeps its byte-sized LRU by it.
 */
export class TableWriteInvalidation {
  private readonly origin = randomBytes(8).toString('hex');
  private subscription: Subscription | undefined;
  private stopObserving: (() => void) | undefined;
  /** Moves on every drop, here or from another instance. */
  generation = 0;

  constructor(
    private readonly db: DatabaseHandle,
    private readonly store: SharedStore,
    private readonly options: InvalidationOptions,
    private readonly drop: () => void,
  ) {}

  /** Whether a cache may answer from memory now (the invalidation subscription is live). */
  get live(): boolean {
    return this.subscription?.live === true;
  }

  async start(): Promise<void> {
    if (this.subscription) return;
    this.stopObserving = this.db.observeWrites(this.options.tables, () => this.invalidate());
    this.subscription = await this.store.subscribe(this.options.channel, {
      message: (raw) => {
        if (raw !== this.origin) this.apply();
      },
      reset: () => this.apply(),
    });
  }

  async stop(): Promise<void> {
    this.stopObserving?.();
    this.stopObserving = undefined;
    const subscription = this.subscription;
    this.subscription = undefined;
    this.apply();
    await subscription?.close();
  }

  /** Drops what is kept, on every instance (a watched write; clear-cache; after changing the tables by hand). */
  async invalidate(): Promise<void> {
    this.apply();
    if (!this.subscription) return;
    const { channel, log } = this.options;
    try {
      const everywhere = await this.store.publish(channel, this.origin);
      if (!everywhere) log?.warn({ channel }, 'cache invalidation not confirmed by every instance');
    } catch (error) {
      // Instances that miss it lose their subscription too (not live: they stop answering from memory).
      log?.error({ err: error, channel }, 'cache invalidation not broadcast');
    }
  }

  private apply(): void {
    this.generation++;
    this.drop();
  }
}

/**
 * Values read from a few small tables that every request of some kind needs, kept per instance and dropped by
 * {@link TableWriteInvalidation}: the dictionary answers, the names and labels a page of users shows.
 */
export class WatchedCache {
  private readonly entries = new Map<string, Entry>();
  private readonly invalidation: TableWriteInvalidation;
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(db: DatabaseHandle, store: SharedStore, options: WatchedCacheOptions) {
    this.ttlMs = options.ttlMs ?? 10 * 60_000;
    this.maxEntries = options.maxEntries ?? 5_000;
    this.invalidation = new TableWriteInvalidation(db, store, options, () => this.entries.clear());
  }

  start(): Promise<void> {
    return this.invalidation.start();
  }

  stop(): Promise<void> {
    return this.invalidation.stop();
  }

  /** Whether values are kept now (the invalidation subscription is live). */
  get live(): boolean {
    return this.invalidation.live;
  }

  /** The value under `key`, from memory or from `load`. */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const caching = this.live;
    if (caching) {
      const hit = this.entries.get(key);
      if (hit && hit.expiresAt > Date.now()) return hit.value as T;
      if (hit) this.entries.delete(key);
    }
    const generation = this.invalidation.generation;
    const value = await load();
    if (caching && generation === this.invalidation.generation && this.live) {
      if (this.entries.size >= this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(key, { value, expiresAt: Date.now() + this.ttlMs });
    }
    return value;
  }

  /** Drops every value, on every instance (clear-cache; after changing the tables by hand). */
  clear(): Promise<void> {
    return this.invalidation.invalidate();
  }
}
