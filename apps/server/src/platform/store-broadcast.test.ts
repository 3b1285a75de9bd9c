import { afterAll, describe, expect, it } from 'vitest';
import { MemoryStore, RedisStore, type SharedStore } from './store.js';

/**
 * The shared store's broadcast: a publish resolves once every subscriber — in every instance sharing the store —
 * has handled the message (the access cache relies on it, decision D13).
 */
const pairs: Array<[string, () => [SharedStore, SharedStore]]> = [
  [
    'memory',
    () => {
      const shared = new MemoryStore();
      return [shared, shared];
    },
  ],
];
const redisUrl = process.env.CUBE_TEST_REDIS_URL;
if (redisUrl) {
  pairs.push([
    'redis',
    () => {
      const prefix = `cube-test:${process.pid}:${Date.now()}:bc:`;
      return [
        new RedisStore(RedisStore.connect(redisUrl).redis, prefix),
        new RedisStore(RedisStore.connect(redisUrl).redis, prefix),
      ];
    },
  ]);
}

describe.each(pairs)('broadcast on %s', (_kind, open) => {
  const [a, b] = open();
  afterAll(async () => {
    await a.close();
    if (b !== a) await b.close();
  });

  it('has every subscriber handle a message before publish resolves', async () => {
    const seenByA: string[] = [];
    const seenByB: string[] = [];
    const subA = await a.subscribe('chan', { message: (m) => seenByA.push(m), reset: () => {} });
    const subB = await b.subscribe('chan', { message: (m) => seenByB.push(m), reset: () => {} });
    expect(subA.live && subB.live).toBe(true);
    for (let i = 0; i < 20; i++) {
      expect(await a.publish('chan', `m${i} with spaces`)).toBe(true);
      // No waiting: the other instance has already run its handler.
      expect(seenByB.at(-1)).toBe(`m${i} with spaces`);
    }
    expect(seenByA).toHaveLength(20);
    await subA.close();
    await subB.close();
  });

  it('answers true at once when nobody listens', async () => {
    expect(await a.publish('nobody-listens', 'x')).toBe(true);
  });
});

describe('broadcast without a reachable Redis', () => {
  it('subscribes without throwing and is not live', async () => {
    const store = new RedisStore(RedisStore.connect('redis://127.0.0.1:1').redis, 'cube-test-unreachable:');
    const sub = await store.subscribe('chan', { message: () => {}, reset: () => {} });
    expect(sub.live).toBe(false);
    await store.close();
  });
});
