import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/helpers.js';
import { apiSecurityHeaders, installRequestPipeline, securityHeaders } from './http-pipeline.js';

/** What every response carries, set by one hook (platform/http-pipeline.ts, decision D14). */
describe('request pipeline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  const apiSet = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'self'",
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
  };

  it('gives /api answers, errors included, the API set and nothing of the page set', async () => {
    const token = (await t.token(DEMO.tenantUser)).access_token;
    for (const [url, status, auth] of [
      ['/api/health', 200, false],
      ['/api/cube-auth/oauth/user-info', 200, true],
      ['/api/cube-auth/oauth/user-info', 401, false],
      ['/api/no-such-thing', 404, false],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: auth ? { 'cube-auth': `bearer ${token}` } : {},
      });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers, url).toMatchObject(apiSet);
      for (const pageOnly of ['referrer-policy', 'cross-origin-opener-policy', 'x-dns-prefetch-control']) {
        expect(res.headers[pageOnly], `${url} ${pageOnly}`).toBeUndefined();
      }
    }
  });

  it('gives everything outside /api helmet’s full page set', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/some/page' });
    const page = securityHeaders({});
    expect(Object.keys(page).length).toBeGreaterThan(8);
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'x-frame-options': 'SAMEORIGIN',
    });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it('derives the API set from the page set’s HSTS', () => {
    expect(
      apiSecurityHeaders({ 'strict-transport-security': 'max-age=1' })['strict-transport-security'],
    ).toBe('max-age=1');
  });

  it('answers 503 with Retry-After while the event loop lags, and serves again after', async () => {
    const app = Fastify();
    installRequestPipeline(app, {
      helmet: {},
      maxEventLoopDelayMs: 5,
      retryAfterSeconds: 7,
      sampleIntervalMs: 200,
    });
    app.get('/api/x', async () => ({ ok: true }));
    await app.ready();
    try {
      // The delay histogram needs a first sample before it can measure anything.
      await new Promise((r) => setTimeout(r, 300));
      expect((await app.inject({ method: 'GET', url: '/api/x' })).statusCode).toBe(200);
      // Block the loop for four sampling intervals; the sample after it sees the delay (two were not always enough
      // on a loaded machine, where the sample timer itself runs late).
      const end = Date.now() + 800;
      while (Date.now() < end) {
        // busy
      }
      let lagging: Awaited<ReturnType<typeof app.inject>> | undefined;
      for (let i = 0; i < 100 && !lagging; i++) {
        const res = await app.inject({ method: 'GET', url: '/api/x' });
        if (res.statusCode === 503) lagging = res;
        else await new Promise((r) => setTimeout(r, 20));
      }
      expect(lagging?.headers['retry-after']).toBe('7');
      expect(JSON.parse(lagging?.body ?? '{}')).toMatchObject({ code: 503, success: false });
      // The next quiet interval clears it.
      await new Promise((r) => setTimeout(r, 450));
      expect((await app.inject({ method: 'GET', url: '/api/x' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
