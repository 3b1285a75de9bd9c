import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../test/helpers.js';
import { encodeSync, varyByEncoding } from './platform/compression.js';

/** The web build's last step: brotli and gzip variants beside each built file. */
const precompressScript = path.resolve(import.meta.dirname, '../../web/scripts/precompress.mjs');

// Hosting the built web app does not depend on the database, so one dialect is enough.
describe('web app hosting', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'cube-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(webDist, 'assets', 'index-abc.js'), 'console.log(1)');
    writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp('sqlite', { CUBE_WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answers client-side routes with the single-page app, uncached', async () => {
    for (const url of ['/', '/index.html', '/login', '/system/param/index', '/myiframe/abc']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves built assets, and a missing one as a 404 rather than the HTML page', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
    // Written after start, as an in-place deploy does.
    writeFileSync(path.join(webDist, 'assets', 'index-new.js'), 'console.log(2)');
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-new.js' })).statusCode).toBe(200);
    const gone = await t.app.inject({ method: 'GET', url: '/assets/index-old.js' });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).not.toContain('text/html');
  });

  it('never serves a file outside the assets folder', async () => {
    for (const url of [
      '/assets/../index.html',
      '/assets/..%2findex.html',
      '/assets/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%5c..%5cpackage.json',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('root:');
      expect(res.headers['content-type'] ?? '', url).not.toContain('javascript');
      if (res.statusCode === 200) expect(res.body, url).toBe('<!doctype html><div id="root"></div>');
    }
  });

  it('lets the page frame a fetched PDF and start blob workers, and load scripts from itself only', async () => {
    const policy = String(
      (await t.app.inject({ method: 'GET', url: '/login' })).headers['content-security-policy'],
    );
    const directive = (name: string) =>
      policy
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([n]) => n === name)
        ?.slice(1);
    expect(directive('script-src')).toEqual(["'self'"]);
    expect(directive('frame-src')).toContain('blob:');
    expect(directive('worker-src')).toEqual(["'self'", 'blob:']);
    expect(directive('object-src')).toEqual(["'none'"]);
  });

  it('keeps the R envelope for unknown API paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, success: false });
  });
});

describe('web app hosting over the wire', () => {
  let t: TestApp;
  let webDist: string;
  // Large enough to be worth compressing, as every real chunk and the page are.
  const indexHtml = `<!doctype html><html><head><title>Cube</title></head><body>${'<div class="boot">正在加载…</div>'.repeat(60)}<div id="root"></div></body></html>`;
  const readyPage = `<!doctype html><main>${'<p>已发布的页面</p>'.repeat(200)}</main>`;
  const chunk = `export const routes = [${Array.from({ length: 300 }, (_, i) => `{ path: '/system/page-${i}', name: 'page${i}' }`).join(', ')}];`;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'cube-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), indexHtml);
    writeFileSync(path.join(webDist, 'assets', 'index-abc.js'), chunk);
    writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    execFileSync(process.execPath, [precompressScript, webDist], { stdio: 'ignore' });
    t = await createTestApp('sqlite', { CUBE_WEB_DIST: webDist }, (app) => {
      // An event stream well above the threshold: each event must reach the browser as it is sent.
      app.get('/api/test-events', { config: { access: { kind: 'public' } } }, async (_request, reply) =>
        reply.type('text/event-stream').send(`data: ${'x'.repeat(4000)}\n\n`),
      );
      // A page kept ready in memory, compressed once: sent as it is.
      app.get('/api/test-ready-page', { config: { access: { kind: 'public' } } }, async (_request, reply) => {
        varyByEncoding(reply);
        return reply
          .type('text/html; charset=utf-8')
          .header('content-encoding', 'br')
          .send(encodeSync('br', readyPage));
      });
      // A list too large to compress inline: compressed on zlib's thread pool instead.
      app.get('/api/test-big-list', { config: { access: { kind: 'public' } } }, async () => ({
        records: Array.from({ length: 3000 }, (_, i) => ({ id: String(i), name: `参数 ${i}`, value: i })),
      }));
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...headers },
    });

  it('makes brotli and gzip variants of the built files at build time, not of tiny ones', () => {
    for (const file of ['index.html', 'assets/index-abc.js']) {
      expect(existsSync(path.join(webDist, `${file}.br`)), file).toBe(true);
      expect(existsSync(path.join(webDist, `${file}.gz`)), file).toBe(true);
    }
    expect(existsSync(path.join(webDist, 'favicon.svg.br'))).toBe(false);
  });

  it('sends a hashed chunk as its brotli, gzip or plain file, cached for good, varying by Accept-Encoding', async () => {
    const br = await get('/assets/index-abc.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The file made at build time, byte for byte (nothing compressed per request).
    expect(br.rawPayload.equals(readFileSync(path.join(webDist, 'assets/index-abc.js.br')))).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(chunk);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(chunk.length / 4);

    const gzip = await get('/assets/index-abc.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toContain('accept-encoding');
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gzip.rawPayload.equals(readFileSync(path.join(webDist, 'assets/index-abc.js.gz')))).toBe(true);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(chunk);

    for (const acceptEncoding of [undefined, 'identity']) {
      const plain = await get('/assets/index-abc.js', acceptEncoding);
      expect(plain.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(plain.headers.vary, acceptEncoding).toContain('accept-encoding');
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(plain.body).toBe(chunk);
    }
  });

  it('sends the single-page app precompressed too, still uncached', async () => {
    for (const url of ['/', '/login', '/system/param/index']) {
      const br = await get(url, 'br, gzip');
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['content-type'], url).toContain('text/html');
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers.vary, url).toContain('accept-encoding');
      expect(br.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(indexHtml);
    }
    const gzip = await get('/login', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(indexHtml);
    const plain = await get('/login');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(indexHtml);
  });

  it('sends a small file as it is', async () => {
    const favicon = await get('/favicon.svg', 'br, gzip');
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['content-encoding']).toBeUndefined();
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
    expect(favicon.body).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it('compresses a JSON list above the threshold when asked, and only then', async () => {
    const token = (await t.token(DEMO.platformAdmin)).access_token;
    const headers = { 'cube-auth': `bearer ${token}` };
    const url = '/api/cube-system/menu/routes';
    const plain = await get(url, undefined, headers);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get(url, 'gzip, deflate, br', headers);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['content-type']).toContain('application/json');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const gzip = await get(url, 'gzip', headers);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('compresses a large list off the event loop just the same', async () => {
    const plain = await get('/api/test-big-list');
    expect(plain.rawPayload.length).toBeGreaterThan(64 * 1024);
    for (const [accept, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await get('/api/test-big-list', accept);
      expect(res.headers['content-encoding']).toBe(accept);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(JSON.parse(decode(res.rawPayload).toString())).toEqual(plain.json());
    }
  });

  it('leaves an answer that is already encoded as it is', async () => {
    const res = await get('/api/test-ready-page', 'br, gzip');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(readyPage);
  });

  it('never compresses a small answer or an event stream', async () => {
    const health = await get('/api/health', 'br, gzip');
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
    const notFound = await get('/api/nothing-here', 'br, gzip');
    expect(notFound.headers['content-encoding']).toBeUndefined();
    expect(notFound.json()).toMatchObject({ code: 404, success: false });

    const events = await get('/api/test-events', 'br, gzip');
    expect(events.statusCode).toBe(200);
    expect(events.headers['content-type']).toContain('text/event-stream');
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.body).toBe(`data: ${'x'.repeat(4000)}\n\n`);
  });
});
