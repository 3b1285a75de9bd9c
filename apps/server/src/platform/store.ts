import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';

/** ioredis is loaded only by an instance configured with `REDIS_URL` (it weighs several MiB of memory). */
const loadRedis = (): typeof import('ioredis').Redis =>
  (createRequire(import.meta.url)('ioredis') as typeof import('ioredis')).Redis;

/** A subscription to a broadcast channel (see {@link SharedStore.subscribe}). */
export interface Subscription {
  /**
   * Whether every message published from now on is certain to arrive. False while a Redis subscriber connection
   * is down or not yet subscribed: a cache that relies on invalidation messages must not answer from memory then.
   */
  readonly live: boolean;
  close(): Promise<void>;
}

export interface SubscriptionHandlers {
  message(message: string): void;
  /** Delivery was interrupted (reconnect): messages may have been lost, so whatever they guard must be dropped. */
  reset(): void;
}

/** Where a store reports that it lost or regained Redis (the app's logger). */
export interface StoreLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/**
 * Shared ephemeral state: captcha answers, login-failure counters, caches. In memory for a single instance; in
 * Redis (`REDIS_URL`) when several instances run behind a load balancer. Every value expires.
 */
export interface SharedStore {
  readonly kind: 'memory' | 'redis';
  /** True while values are kept per instance because Redis is unreachable (see {@link RedisStore}). */
  readonly degraded?: boolean;
  /** Gives the store the app's logger for its state changes. */
  setLogger?(log: StoreLog): void;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Reads and deletes in one step, so that a value can be used once only. */
  take(key: string): Promise<string | null>;
  /** Adds `by` (default 1) to a counter and answers the new total; the first increment starts its time to live. */
  increment(key: string, ttlSeconds: number, by?: number): Promise<number>;
  delete(key: string): Promise<void>;
  /**
   * Sends a message to every subscriber of `channel`, in every instance sharing the store (this one included),
   * and resolves once each of them has handled it — so that what the message changes is in force everywhere
   * before the caller goes on. Resolves `false` when some subscriber did not confirm in time (it may have just
   * died; a subscriber that lost its connection is not `live` and starts again from nothing anyway).
   */
  publish(channel: string, message: string): Promise<boolean>;
  /** Receives what any instance publishes on `channel`. */
  subscribe(channel: string, handlers: SubscriptionHandlers): Promise<Subscription>;
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
  private readonly channels = new Map<string, Set<SubscriptionHandlers>>();
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

  async increment(key: string, ttlSeconds: number, by = 1) {
    const entry = this.live(key);
    const count = (entry ? Number(entry.value) : 0) + by;
    this.entries.set(key, {
      value: String(count),
      expiresAt: entry?.expiresAt ?? Date.now() + ttlSeconds * 1000,
    });
    return count;
  }

  async delete(key: string) {
    this.entries.delete(key);
  }

  /** Delivered synchronously, before the returned promise resolves (apps sharing one store act as instances). */
  async publish(channel: string, message: string) {
    for (const handlers of this.channels.get(channel) ?? []) handlers.message(message);
    return true;
  }

  async subscribe(channel: string, handlers: SubscriptionHandlers): Promise<Subscription> {
    let set = this.channels.get(channel);
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
    }
    set.add(handlers);
    return {
      live: true,
      close: async () => {
        set.delete(handlers);
      },
    };
  }

  async ping() {}

  async close() {
    clearInterval(this.sweeper);
    this.entries.clear();
    this.channels.clear();
  }
}

/** How long a publisher waits for every subscriber to confirm a message (ms). */
const ACK_TIMEOUT_MS = 1000;

/** How long one Redis command may take before the store gives up on it (and falls back, see below). */
const COMMAND_TIMEOUT_MS = 1000;

/** ioredis's errors for a connection that is gone, not there yet, or too slow (as opposed to a refused command). */
function isConnectionError(error: unknown): boolean {
  const { name, message, code } = (error ?? {}) as { name?: string; message?: string; code?: string };
  return (
    name === 'MaxRetriesPerRequestError' ||
    (typeof code === 'string' && /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH)$/.test(code)) ||
    (typeof message === 'string' &&
      /^(Connection is closed|Stream isn't writeable|Command timed out|connect E)/.test(message))
  );
}

/**
 * Redis behind {@link SharedStore}. Broadcasts use pub/sub with acknowledgements: each message carries an id and
 * its sender's ack channel; every subscriber handles it, then publishes the id back; the sender counts the acks
 * against the number of receivers Redis reported for its PUBLISH.
 *
 * While Redis is unreachable (not connected, or a command fails on the connection or takes over a second), the
 * values — captcha answers, failure counters, rate-limit budgets, grace pairs — are kept in this instance's memory
 * instead, and broadcasts resolve `false` at once: sign-in and every request keep working, with limits counted per
 * instance and a value written on one instance unknown to the others until Redis is back (then Redis is used
 * again; what was kept in memory meanwhile is not copied over). Caches that rely on broadcasts stop answering
 * from memory meanwhile (their subscription is not `live`). Documented in docs/operations.md.
 */
export class RedisStore implements SharedStore {
  readonly kind = 'redis' as const;
  /** Where values go while Redis is unreachable. */
  private readonly fallback = new MemoryStore();
  private fallingBack = false;
  private log: StoreLog | undefined;
  /** A second connection in subscriber mode (Redis allows nothing else on it), opened by the first subscribe. */
  private subscriber: Redis | undefined;
  private readonly channels = new Map<string, Set<SubscriptionHandlers>>();
  /** Channels whose subscription Redis has confirmed on the current connection. */
  private readonly confirmed = new Set<string>();
  private readonly instanceId = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  private readonly ackChannel: string;
  private sequence = 0;
  private readonly awaitingAcks = new Map<
    string,
    { acks: number; expected: number | undefined; done: (all: boolean) => void }
  >();

  constructor(
    readonly redis: Redis,
    private readonly prefix = 'cube:',
  ) {
    this.ackChannel = `${prefix}ack:${this.instanceId}`;
  }

  static connect(url: string): RedisStore {
    const Redis = loadRedis();
    const redis = new Redis(url, {
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
      lazyConnect: false,
      commandTimeout: COMMAND_TIMEOUT_MS,
    });
    // Connection errors surface on each command; the 'error' event alone must not crash the process.
    redis.on('error', () => {});
    return new RedisStore(redis);
  }

  get degraded(): boolean {
    return this.fallingBack;
  }

  setLogger(log: StoreLog): void {
    this.log = log;
  }

  /** Runs `command` on Redis when it is up; `local` on this instance's memory while it is not (see class). */
  private async either<T>(command: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    if (this.redis.status !== 'ready') {
      this.fellBack(`connection ${this.redis.status}`);
      return local();
    }
    try {
      const result = await command();
      if (this.fallingBack) {
        this.fallingBack = false;
        this.log?.info({ event: 'shared_store_recovered' }, 'Redis is back: shared state is shared again');
      }
      return result;
    } catch (error) {
      if (!isConnectionError(error)) throw error;
      this.fellBack((error as Error).message);
      return local();
    }
  }

  private fellBack(reason: string): void {
    if (this.fallingBack) return;
    this.fallingBack = true;
    this.log?.warn(
      { event: 'shared_store_degraded', reason },
      'Redis unreachable: captcha answers, failure counters and rate limits are kept per instance until it is back',
    );
  }

  async get(key: string) {
    return this.either(
      () => this.redis.get(this.prefix + key),
      () => this.fallback.get(key),
    );
  }

  async set(key: string, value: string, ttlSeconds: number) {
    await this.either(
      async () => {
        await this.redis.set(this.prefix + key, value, 'EX', ttlSeconds);
      },
      () => this.fallback.set(key, value, ttlSeconds),
    );
  }

  async take(key: string) {
    return this.either(
      () => this.redis.getdel(this.prefix + key),
      () => this.fallback.take(key),
    );
  }

  async increment(key: string, ttlSeconds: number, by = 1) {
    const k = this.prefix + key;
    return this.either(
      async () => {
        const [[error, count]] = (await this.redis
          .multi()
          .incrby(k, by)
          .expire(k, ttlSeconds, 'NX')
          .exec()) as [[Error | null, number]];
        if (error) throw error;
        return count;
      },
      () => this.fallback.increment(key, ttlSeconds, by),
    );
  }

  async delete(key: string) {
    await this.either(
      async () => {
        await this.redis.del(this.prefix + key);
      },
      () => this.fallback.delete(key),
    );
  }

  /**
   * While Redis is unreachable nobody can be told: resolves `false` at once (every other instance's subscription
   * is down as well, so none answers from a cache the message would have emptied).
   */
  async publish(channel: string, message: string): Promise<boolean> {
    if (this.redis.status !== 'ready') return false;
    try {
      return await this.publishAcknowledged(channel, message);
    } catch (error) {
      if (isConnectionError(error)) return false;
      throw error;
    }
  }

  private async publishAcknowledged(channel: string, message: string): Promise<boolean> {
    // Acks come back on this instance's own channel, which its subscriber connection listens to.
    this.openSubscriber();
    const id = `${this.instanceId}:${++this.sequence}`;
    let done!: (all: boolean) => void;
    const acknowledged = new Promise<boolean>((resolve) => {
      done = resolve;
    });
    const waiting = { acks: 0, expected: undefined as number | undefined, done };
    this.awaitingAcks.set(id, waiting);
    const timer = setTimeout(() => done(false), ACK_TIMEOUT_MS);
    try {
      // PUBLISH answers how many subscriber connections received it (this instance's own included).
      waiting.expected = await this.redis.publish(
        this.prefix + channel,
        `${id} ${this.ackChannel} ${message}`,
      );
      // Acks may arrive before PUBLISH's own answer.
      if (waiting.acks >= waiting.expected) done(true);
      return await acknowledged;
    } finally {
      clearTimeout(timer);
      this.awaitingAcks.delete(id);
    }
  }

  /**
   * Never throws: when Redis is unreachable the subscription starts not `live` and becomes live once the
   * subscriber connection is up and the channel confirmed.
   */
  async subscribe(channel: string, handlers: SubscriptionHandlers): Promise<Subscription> {
    const subscriber = this.openSubscriber();
    const name = this.prefix + channel;
    let set = this.channels.get(name);
    if (!set) {
      set = new Set();
      this.channels.set(name, set);
    }
    set.add(handlers);
    await subscriber.subscribe(name).then(
      () => this.confirmed.add(name),
      () => {},
    );
    let open = true;
    const confirmed = this.confirmed;
    return {
      get live() {
        return open && confirmed.has(name) && subscriber.status === 'ready';
      },
      close: async () => {
        open = false;
        set.delete(handlers);
      },
    };
  }

  private onMessage(channel: string, raw: string): void {
    if (channel === this.ackChannel) {
      const waiting = this.awaitingAcks.get(raw);
      if (waiting && ++waiting.acks >= (waiting.expected ?? Number.POSITIVE_INFINITY)) waiting.done(true);
      return;
    }
    const first = raw.indexOf(' ');
    const second = raw.indexOf(' ', first + 1);
    if (first <= 0 || second <= first) return;
    for (const handlers of this.channels.get(channel) ?? []) handlers.message(raw.slice(second + 1));
    // Handled (synchronously): tell the sender.
    this.redis.publish(raw.slice(first + 1, second), raw.slice(0, first)).catch(() => {});
  }

  private openSubscriber(): Redis {
    if (this.subscriber) return this.subscriber;
    // Subscriptions are renewed here, not by ioredis, so that a channel is `live` only once Redis confirmed it.
    const subscriber = this.redis.duplicate({ enableOfflineQueue: true, autoResubscribe: false });
    const resetAll = () => {
      for (const set of this.channels.values()) for (const h of set) h.reset();
    };
    subscriber.on('error', () => {});
    subscriber.on('message', (channel: string, message: string) => this.onMessage(channel, message));
    let connectedBefore = false;
    subscriber.on('ready', () => {
      const reconnect = connectedBefore;
      connectedBefore = true;
      const names = [this.ackChannel, ...this.channels.keys()];
      subscriber.subscribe(...names).then(
        () => {
          for (const name of names) this.confirmed.add(name);
          // What was published while the connection was down never arrives: start again from nothing.
          if (reconnect) resetAll();
        },
        () => subscriber.disconnect(true),
      );
    });
    subscriber.on('close', () => {
      this.confirmed.clear();
      resetAll();
    });
    this.subscriber = subscriber;
    return subscriber;
  }

  async ping() {
    await this.redis.ping();
  }

  async close() {
    await this.fallback.close();
    if (this.subscriber) {
      const subscriber = this.subscriber;
      this.subscriber = undefined;
      this.channels.clear();
      await subscriber.quit().catch(() => subscriber.disconnect());
    }
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

export const openStore = (redisUrl: string | undefined): SharedStore =>
  redisUrl ? RedisStore.connect(redisUrl) : new MemoryStore();

type RateLimitResult = { current: number; ttl: number };
type RateLimitCallback = (error: Error | null, result?: RateLimitResult) => void;
interface RateLimitStore {
  incr(key: string, callback: RateLimitCallback, timeWindow: number, max: number): void;
  child(routeOptions: object): RateLimitStore;
}
type RateLimitStoreCtor = new (options: {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}) => RateLimitStore;

/**
 * The `store` of `@fastify/rate-limit` for an app on Redis: the plugin's own Redis store (one Lua call, shared by
 * every instance) while Redis answers, its in-memory store while it does not — so that per-address limits keep
 * holding, per instance, through a Redis outage instead of failing every limited route.
 */
export function fallbackRateLimitStore(redis: Redis, nameSpace: string): RateLimitStoreCtor {
  const load = createRequire(createRequire(import.meta.url).resolve('@fastify/rate-limit'));
  const RedisLimits = load('./store/RedisStore') as new (...args: unknown[]) => RateLimitStore;
  const LocalLimits = load('./store/LocalStore') as new (...args: unknown[]) => RateLimitStore;

  class FallbackLimits implements RateLimitStore {
    constructor(
      private readonly shared: RateLimitStore,
      private readonly local: RateLimitStore,
    ) {}

    incr(key: string, callback: RateLimitCallback, timeWindow: number, max: number): void {
      if (redis.status !== 'ready') {
        this.local.incr(key, callback, timeWindow, max);
        return;
      }
      this.shared.incr(
        key,
        (error, result) =>
          error && isConnectionError(error)
            ? this.local.incr(key, callback, timeWindow, max)
            : callback(error, result),
        timeWindow,
        max,
      );
    }

    child(routeOptions: object): RateLimitStore {
      return new FallbackLimits(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }

  return class extends FallbackLimits {
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      super(
        new RedisLimits(options.continueExceeding, options.exponentialBackoff, redis, nameSpace),
        new LocalLimits(options.continueExceeding, options.exponentialBackoff),
      );
    }
  };
}
