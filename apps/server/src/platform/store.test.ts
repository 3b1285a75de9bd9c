import { afterAll, describe, expect, it } from 'vitest';
import { MemoryStore, RedisStore, type SharedStore } from './store.js';

/** The shared store's contract, on memory and (when `CUBE_TEST_REDIS_URL` is set) on Redis. */
const stores: Array<[string, () => SharedStore]> = [['memory', () => new MemoryStore()]];
if (process.env.CUBE_TEST_REDIS_URL) {
  const url = process.env.CUBE_TEST_REDIS_URL;
  stores.push([
    'redis',
    () => new RedisStore(RedisStore.connect(url).redis, `cube-test:${process.pid}:${Date.now()}:`),
  ]);
}

describe.each(stores)('shared store on %s', (_kind, open) => {
  const store = open();
  afterAll(async () => {
    await store.close();
  });

  it('sets, reads and deletes values', async () => {
    await store.set('a', '1', 60);
    expect(await store.get('a')).toBe('1');
    await store.delete('a');
    expect(await store.get('a')).toBeNull();
  });

  it('takes a value once', async () => {
    await store.set('once', 'x', 60);
    const [first, second] = await Promise.all([store.take('once'), store.take('once')]);
    expect([first, second].filter((v) => v === 'x')).toHaveLength(1);
    expect(await store.get('once')).toBeNull();
  });

  it('counts increments and lets them expire', async () => {
    expect(await store.increment('count', 1)).toBe(1);
    expect(await store.increment('count', 1)).toBe(2);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await store.get('count')).toBeNull();
    expect(await store.increment('count', 60)).toBe(1);
  });
});
