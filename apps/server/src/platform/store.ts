import { Redis } from 'ioredis';

/**
 * Shared ephemeral state: captcha answers, login-failure counters, caches. In memory for a single instance; in
 * Redis (`REDIS_URL`) when several instances run behind a load balancer. Every value expires.
 */
export interface SharedStore {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Reads and deletes in one step, so that a value can be used once only. */
  take(key: string): Promise<string | null>;
  /** Increments a counter; the first increment starts its time to live. */
  increment(key: string, ttlSeconds: number): Promise<number>;
  delete(key: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The ioredis client when backed by Redis (for plugins such as the rate limiter). */
  readonly redis?: Redis;
}

interface Entry {
  value: string;
  expiresAt: number;
}

export class MemoryStore implements SharedStore {
  readonly kind = 'memory' as const;
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor() {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    const t = Date.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= t) this.entries.delete(key);
  }

  async get(key: string) {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlSeconds: number) {
    this.entries.set(key, { value, expiresAt: Date.now() + ttlSeconds * 1000 });
  }

  async take(key: string) {
    const value = this.live(key)?.value ?? null;
    this.entries.delete(key);
    return value;
  }

  async increment(key: string, ttlSeconds: number) {
    const entry = this.live(key);
    const count = (entry ? Number(entry.value) : 0) + 1;
    this.entries.set(key, {
      value: String(count),
      expiresAt: entry?.expiresAt ?? Date.now() + ttlSeconds * 1000,
    });
    return count;
  }

  async delete(key: string) {
    this.entries.delete(key);
  }

  async ping() {}

  async close() {
    clearInterval(this.sweeper);
    this.entries.clear();
  }
}

export class RedisStore implements SharedStore {
  readonly kind = 'redis' as const;

  constructor(
    readonly redis: Redis,
    private readonly prefix = 'cube:',
  ) {}

  static connect(url: string): RedisStore {
    const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
    // Connection errors surface on each command; the 'error' event alone must not crash the process.
    redis.on('error', () => {});
    return new RedisStore(redis);
  }

  async get(key: string) {
    return this.redis.get(this.prefix + key);
  }

  async set(key: string, value: string, ttlSeconds: number) {
    await this.redis.set(this.prefix + key, value, 'EX', ttlSeconds);
  }

  async take(key: string) {
    return this.redis.getdel(this.prefix + key);
  }

  async increment(key: string, ttlSeconds: number) {
    const k = this.prefix + key;
    const [[, count]] = (await this.redis.multi().incr(k).expire(k, ttlSeconds, 'NX').exec()) as [
      [null, number],
    ];
    return count;
  }

  async delete(key: string) {
    await this.redis.del(this.prefix + key);
  }

  async ping() {
    await this.redis.ping();
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

export const openStore = (redisUrl: string | undefined): SharedStore =>
  redisUrl ? RedisStore.connect(redisUrl) : new MemoryStore();
