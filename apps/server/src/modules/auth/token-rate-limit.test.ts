import { ResultMessage } from '@cube/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { TOKEN_REQUESTS_PER_MINUTE } from './routes.js';

describe.each(dialects)('token endpoint rate limit on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const tokenCall = (path: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/cube-auth/oauth/${path}`,
      remoteAddress,
      headers: { authorization: basic() },
      query: { tenantId: '100000', grant_type: 'refresh_token', refresh_token: 'not-a-token' },
    });

  it('gives /oauth/token and /oauth/token/refresh one rate-limit budget per address', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < TOKEN_REQUESTS_PER_MINUTE; i++) {
      const res = await tokenCall(i % 2 === 0 ? 'token' : 'token/refresh', ip);
      expect(res.statusCode, `request ${i + 1}`).toBe(400);
    }
    for (const path of ['token', 'token/refresh']) {
      const limited = await tokenCall(path, ip);
      expect(limited.statusCode, path).toBe(429);
      expect(JSON.parse(limited.body)).toMatchObject({
        code: 429,
        success: false,
        msg: ResultMessage.TOO_MANY_REQUESTS,
      });
      expect(JSON.parse(limited.body).error_description).toBe(ResultMessage.TOO_MANY_REQUESTS);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another address has its own budget.
    expect((await tokenCall('token/refresh', '203.0.113.8')).statusCode).toBe(400);
  });
});
