import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { routeSummary, routeTag } from './route-labels.js';

type Operation = {
  tags?: string[];
  summary?: string;
  security?: Array<Record<string, unknown>>;
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: unknown;
  responses?: Record<string, unknown>;
};

describe('route labels', () => {
  it('names a route by the screen it belongs to and the action of its last segment', () => {
    expect(routeTag('/api/cube-system/param/list')).toBe('参数管理');
    expect(routeTag('/api/cube-system/dict-biz/tree')).toBe('业务字典');
    expect(routeTag('/api/cube-system/dict/tree')).toBe('系统字典');
    expect(routeSummary('GET', '/api/cube-log/api/list')).toBe('接口日志-列表');
    expect(routeSummary('POST', '/api/cube-auth/oauth/token')).toBe('认证授权-获取令牌');
    expect(routeSummary('POST', '/api/cube-unknown/thing/frobnicate')).toBe('其他接口-提交');
  });
});

/** Latin words a Chinese title may keep: names of products, standards and formats. */
const ALLOWED_LATIN = /\b(?:SM2|OAuth2?|API|ID|BPMN|xlsx|Excel|Word|PDF|SMS|OSS|Redis|JSON|URL|Token)\b/g;

describe('API documentation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { CUBE_API_DOCS: 'true' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('describes every /api route with its zod schemas, a Chinese tag and summary, and its security', async () => {
    const res = await t.call('GET', '/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.body as {
      paths: Record<string, Record<string, Operation>>;
      components: { securitySchemes: Record<string, Record<string, string>> };
    };
    expect(doc.components.securitySchemes.CubeAuth).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'Cube-Auth',
    });
    expect(doc.components.securitySchemes.ClientBasic).toMatchObject({ type: 'http', scheme: 'basic' });

    // Every documented route of the app's own (not the docs page's static files) is in the document.
    const documented = new Set(
      t.routes
        .filter(
          (r) =>
            r.url.startsWith('/api/') &&
            !r.url.startsWith('/api/docs') &&
            !r.url.includes('*') &&
            r.method !== 'HEAD',
        )
        .map((r) => `${r.method.toLowerCase()} ${r.url.replace(/:(\w+)/g, '{$1}')}`),
    );
    const inDoc = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`)),
    );
    for (const route of documented)
      if (!route.includes('openapi.json')) expect(inDoc, route).toContain(route);

    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        expect(op.tags?.length, `${method} ${path}`).toBe(1);
        expect(op.summary, `${method} ${path}`).toMatch(/[\u4e00-\u9fa5]/);
      }

    // The API log titles calls the same way: Chinese through and through, no path segment or module name left
    // in English (a few product words stay as they are written).
    const latin = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .map(([method, op]) => `${method} ${path}: ${op.tags?.[0]} ${op.summary}`)
        .filter((line) => /[A-Za-z]/.test(line.slice(line.indexOf(': ') + 2).replace(ALLOWED_LATIN, ''))),
    );
    expect(latin).toEqual([]);

    // Only the API: the public site's and the console's pages are not in it.
    for (const path of Object.keys(doc.paths)) expect(path).toMatch(/^\/(api|ta)\//);
    const list = doc.paths['/api/cube-system/param/list']?.get;
    expect(list).toMatchObject({
      tags: ['参数管理'],
      summary: '参数管理-列表',
      security: [{ CubeAuth: [] }],
    });
    const token = doc.paths['/api/cube-auth/oauth/token']?.post;
    expect(token?.security).toEqual([{ ClientBasic: [] }]);
    const captcha = doc.paths['/api/cube-auth/oauth/captcha']?.get;
    expect(captcha?.security).toEqual([]);
    // The zod schemas are there: the password change's query parameters and the error upload's body.
    const change = doc.paths['/api/cube-user/update-password']?.post;
    expect(change?.parameters?.map((p) => p.name)).toEqual(['oldPassword', 'newPassword', 'newPassword1']);
    expect(doc.paths['/api/cube-log/error/upload']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/api/cube-log/api/list']?.get?.responses?.['200']).toBeDefined();
  });

  it('serves the light page, and swagger-ui beside it, with a CSP that lets their own scripts run and nothing else', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // The light page: its own small script, the document preloaded, swagger-ui only linked.
    expect(page.body).toContain('src="/api/docs/page.js"');
    expect(page.body).toContain('rel="preload" href="/api/openapi.json"');
    expect(page.body).toContain('href="/api/docs/swagger/"');
    expect(page.body).not.toContain('swagger-ui-bundle.js');
    for (const answer of [page, await t.app.inject({ method: 'GET', url: '/api/docs/page.js' })]) {
      const csp = String(answer.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain("'unsafe-eval'");
      expect(csp).not.toContain("default-src 'none'");
    }
    const script = await t.app.inject({ method: 'GET', url: '/api/docs/page.js' });
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body.length).toBeLessThan(10_000);
    // It parses as a script (a syntax slip would leave the page empty).
    expect(() => new Function(script.body)).not.toThrow();

    const swagger = await t.app.inject({ method: 'GET', url: '/api/docs/swagger/' });
    expect(swagger.statusCode).toBe(200);
    expect(swagger.body).toContain('swagger-ui-bundle.js');
    const csp = String(swagger.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("'unsafe-eval'");
    const init = await t.app.inject({
      method: 'GET',
      url: '/api/docs/swagger/static/swagger-initializer.js',
    });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain('SwaggerUIBundle');
    const bundle = await t.app.inject({
      method: 'GET',
      url: '/api/docs/swagger/static/swagger-ui-bundle.js',
    });
    expect(bundle.statusCode).toBe(200);
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/swagger/json' });
    expect(JSON.parse(json.body).info.title).toBe('Cube Portal API');
    // Other API answers keep their locked-down policy.
    const api = await t.app.inject({ method: 'GET', url: '/api/cube-auth/oauth/captcha' });
    expect(api.headers['content-security-policy']).toContain("default-src 'none'");
  });
});

describe('API documentation switched off', () => {
  it('serves neither the document nor the page', async () => {
    const t = await createTestApp('sqlite', { CUBE_API_DOCS: 'false' });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/docs/page.js' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/docs/swagger/json' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
