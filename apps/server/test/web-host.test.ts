import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

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
