import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects, type TestApp } from '../../../test/helpers.js';
import { withPlatformScope } from '../../db/row-scope.js';
import { ERROR_LOG_QUOTA_MESSAGE, ERROR_LOG_QUOTA_PER_HOUR, errorLogQuotaKey } from './error/upload.js';

describe.each(dialects)('error-log quota on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const countRows = async (tenantId: string) =>
    Number(
      (
        await withPlatformScope(() =>
          t.deps.db.db
            .selectFrom('cubeLogError')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('tenantId', '=', tenantId)
            .executeTakeFirstOrThrow(),
        )
      ).n,
    );
  const entries = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      url: '/x',
      type: 'error',
      message: `boom ${i}`,
      stack: '',
      info: '',
    }));

  it('refuses uploads beyond the tenant’s hourly quota with 429 and stores nothing from them', async () => {
    const user = (await t.token(DEMO.tenantUser)).access_token;
    const platform = (await t.token(DEMO.platformAdmin)).access_token;
    // Fill the hour with real uploads of 100 up to 10 short of the quota.
    for (let sent = 0; sent < ERROR_LOG_QUOTA_PER_HOUR - 10; sent += 100) {
      const size = Math.min(100, ERROR_LOG_QUOTA_PER_HOUR - 10 - sent);
      expect((await t.call('POST', '/api/cube-log/error/upload', user, entries(size))).statusCode).toBe(200);
    }
    const before = await countRows('100000');
    const over = await t.call('POST', '/api/cube-log/error/upload', user, entries(11));
    expect(over.statusCode).toBe(429);
    expect(over.body).toEqual({ code: 429, success: false, msg: ERROR_LOG_QUOTA_MESSAGE, data: {} });
    expect(await countRows('100000')).toBe(before);
    // What still fits is taken; then the hour is full.
    expect((await t.call('POST', '/api/cube-log/error/upload', user, entries(10))).statusCode).toBe(200);
    expect((await t.call('POST', '/api/cube-log/error/upload', user, entries(1))).statusCode).toBe(429);
    expect(await countRows('100000')).toBe(before + 10);
    // Another tenant has its own quota.
    expect((await t.call('POST', '/api/cube-log/error/upload', platform, entries(1))).statusCode).toBe(200);
    // The quota is per hour: the window ends with the counter.
    await t.deps.store.delete(errorLogQuotaKey('100000'));
    expect((await t.call('POST', '/api/cube-log/error/upload', user, entries(1))).statusCode).toBe(200);
  });
});
