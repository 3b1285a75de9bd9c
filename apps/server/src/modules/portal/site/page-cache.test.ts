import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ArticleCategory, PUBLIC_ROUTES } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, createTestApp, DEMO, dialects, type TestApp } from '../../../../test/helpers.js';
import { buildApp } from '../../../app.js';
import { type DatabaseHandle, openDatabase } from '../../../db/connection.js';
import { withPlatformScope } from '../../../db/row-scope.js';
import { formatDateTime } from '../../../platform/dates.js';
import { MemoryStore, RedisStore, type SharedStore } from '../../../platform/store.js';
import { PublicPageCache } from './page-cache.js';
import { PUBLIC_SITE_TABLES } from './public-site.js';

/**
 * The public pages are rendered once per publish: a second visit reads no table, every kind of write a page shows
 * (article, product, certification, banner, site settings, a tenant's domain) shows on the very next request, on
 * every instance; hosts never share pages; the memory stays within its bound. Also the public site's own 404 for
 * unknown addresses and its privacy page.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const WEB_DIST = path.join(here, '../../../../test/fixtures/site-web/dist');
const PARTY_ID = '1123598826000001011';

/** Tables read by SQL statements (`from "x"`, `join "x"`); writes (the request log's) are not the page's. */
const tablesIn = (statements: string[]) =>
  new Set(
    statements
      .filter((s) => /^\s*select\b/i.test(s))
      .flatMap((s) => [...s.matchAll(/\b(?:from|join)\s+"?(cube_\w+)"?/gi)].map((m) => m[1])),
  );
const contentReads = (statements: string[]) =>
  statements.filter((s) => /\b(?:from|join)\s+"?cube_(?:cr_|site_resource|tenant\b)/i.test(s));

describe.each(dialects)('public page cache on %s', (dialect) => {
  let t: TestApp;
  let admin: string;

  const get = async (url: string, host = 'portal.test', headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { host, ...headers } });
    return { status: res.statusCode, body: res.body, headers: res.headers, raw: res.rawPayload };
  };
  const submit = async (api: string, body: Record<string, unknown>) => {
    const res = await t.call('POST', `/api/cube-cr/${api}/submit`, admin, body);
    expect(res.body, res.raw).toMatchObject({ code: 200, success: true });
    return res.body.data.id as string;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { CUBE_WEB_DIST: WEB_DIST, CUBE_API_DOCS: 'false' });
    admin = (await t.token(DEMO.tenantAdmin)).access_token;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('renders a page once and then answers from memory: no table read, same ETag, br and gzip ready', async () => {
    const first = await get('/');
    expect(first.status).toBe(200);
    t.sql.length = 0;
    const again = await get('/', 'portal.test', { 'accept-encoding': 'br, gzip' });
    expect(contentReads(t.sql)).toEqual([]);
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.headers.vary).toContain('accept-encoding');
    expect(again.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(again.raw).toString()).toBe(first.body);
    const gz = await get('/', 'portal.test', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gz.raw).toString()).toBe(first.body);
    expect(again.headers.etag).toMatch(/^W\/".+"$/);
    expect(gz.headers.etag).toBe(again.headers.etag);
    // A browser revalidating an unchanged page gets a 304 without the body.
    const revalidated = await get('/', 'portal.test', { 'if-none-match': String(again.headers.etag) });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBe('');
    // Query parameters a page does not read share its copy; those it reads do not.
    t.sql.length = 0;
    expect((await get('/?utm_source=wechat')).body).toBe(first.body);
    expect(contentReads(t.sql)).toEqual([]);
  });

  it('reads, on every public page, only tables whose writes drop the pages', async () => {
    t.sql.length = 0;
    await t.call('GET', '/api/cube-auth/oauth/clear-cache', (await t.token(DEMO.platformAdmin)).access_token);
    t.sql.length = 0;
    for (const route of PUBLIC_ROUTES)
      await get(route === '/newsDetails' ? `${route}?id=${PARTY_ID}` : route);
    const read = [...tablesIn(t.sql)];
    expect(read.length).toBeGreaterThan(3);
    expect(read.filter((table) => !PUBLIC_SITE_TABLES.includes(table as string))).toEqual([]);
  });

  it('shows each kind of write on the very next request', async () => {
    const stamp = Date.now();
    // Articles: a published one appears on its section and the home page.
    await get('/partyBuilding');
    const title = `缓存测试文章${stamp}`;
    const id = await submit('article', { category: ArticleCategory.party, title, isPublish: 1 });
    expect((await get('/partyBuilding')).body).toContain(title);
    expect((await get('/')).body).toContain(title);
    expect((await get(`/newsDetails?id=${id}`)).status).toBe(200);
    // Withdrawn: gone at once.
    await submit('article', { id, category: ArticleCategory.party, title, isPublish: 0 });
    expect((await get('/partyBuilding')).body).not.toContain(title);

    await get('/productServices');
    const product = `缓存测试服务${stamp}`;
    await submit('product', { category: 1, name: product, isPublish: 1 });
    expect((await get('/productServices')).body).toContain(product);

    const certification = `缓存测试认证${stamp}`;
    await submit('certification', { name: certification, isPublish: 1 });
    expect((await get('/productServices')).body).toContain(certification);

    const banner = `缓存测试横幅${stamp}`;
    await submit('banner', { title: banner, imageUrl: '/upload/banner.jpg', isPublish: 1, sort: 0 });
    expect((await get('/')).body).toContain(banner);

    const setting = (await t.call('GET', '/api/cube-cr/site/setting', admin)).body.data;
    const saved = await t.call('POST', '/api/cube-cr/site/setting/submit', admin, {
      ...setting,
      policeRecord: `苏公网安备${stamp}号`,
    });
    expect(saved.body.code).toBe(200);
    expect((await get('/aboutUs')).body).toContain(`苏公网安备${stamp}号`);
  });

  it('keeps a page no longer than the next scheduled publish', async () => {
    const title = `定时发布${Date.now()}`;
    const soon = formatDateTime(new Date(Date.now() + 2_000));
    await submit('article', { category: ArticleCategory.science, title, isPublish: 1, publishTime: soon });
    expect((await get('/scienceEducation')).body).not.toContain(title);
    await new Promise((resolve) => setTimeout(resolve, 2_600));
    expect((await get('/scienceEducation')).body).toContain(title);
  });

  it('never answers one host with another host’s page', async () => {
    await withPlatformScope(() =>
      t.deps.db.db
        .updateTable('cubeTenant')
        .set({ domain: 'platform-cache.test' })
        .where('tenantId', '=', '000000')
        .execute(),
    );
    const tenantHome = await get('/', 'portal.test');
    const platformHome = await get('/', 'Platform-Cache.test');
    expect(platformHome.body).not.toBe(tenantHome.body);
    expect(platformHome.body).toContain('<link rel="canonical" href="http://Platform-Cache.test/">');
    expect(tenantHome.body).toContain('<link rel="canonical" href="http://portal.test/">');
    // The page holds the address as asked (its canonical link): another spelling is another page.
    const lower = await get('/', 'platform-cache.test');
    expect(lower.body).toContain('<link rel="canonical" href="http://platform-cache.test/">');
    expect(lower.body).toContain('立方门户管理系统');
    // Moving the domain (a write to the tenants) is seen at once.
    await withPlatformScope(() =>
      t.deps.db.db.updateTable('cubeTenant').set({ domain: '' }).where('tenantId', '=', '000000').execute(),
    );
    expect((await get('/', 'platform-cache.test')).body).toContain('苏ICP备');
  });

  it('answers an unknown address with the public site’s 404 page, and leaves the console’s addresses alone', async () => {
    for (const url of ['/no-such-page', '/newsDetail', '/about.html?x=1']) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('抱歉，您访问的页面不存在或已下线');
      expect(res.body, url).toContain('<meta name="robots" content="noindex">');
    }
    // The console's own routes and menu folders stay the single-page app's.
    for (const url of ['/login', '/lock', '/system', '/desk', '/api'])
      expect((await get(url)).body, url).not.toContain('抱歉，您访问的页面不存在或已下线');
  });

  it('answers an unknown address of several segments with the public 404, and deep links with the console', async () => {
    // Neither a public page nor under a console route or a menu's path: a hard 404 with the public site's page.
    for (const url of [
      '/news/foo/bar',
      '/abc/def',
      '/newsCenter/2024/1',
      '/aboutUs/x?y=1',
      '/no/such/page/',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('抱歉，您访问的页面不存在或已下线');
      expect(res.body, url).not.toContain('console-spa');
    }
    // Deep links into the console (menu pages, its own routes) get the single-page app with a 200: signed out, it
    // sends the visitor to /login?redirect=… and back after signing in.
    for (const url of [
      '/system/user/index',
      '/desk/notice/index?x=1',
      '/wel/index',
      '/wel/dashboard',
      '/info/index',
      '/work/process/leave/form/1',
      '/myiframe/doc?src=https%3A%2F%2Fexample.com',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(res.body, url).toContain('console-spa');
    }
    // The API keeps its envelope; a built file that is gone stays a plain 404.
    const api = await get('/api/no/such');
    expect(api.status).toBe(404);
    expect(JSON.parse(api.body)).toMatchObject({ code: 404, success: false });
    const asset = await get('/assets/gone-1234.js');
    expect(asset.status).toBe(404);
    expect(asset.body).not.toContain('抱歉，您访问的页面不存在或已下线');
  });

  it('shows a privacy page: the default notice, or the tenant’s own text from 站点设置', async () => {
    const page = await get('/privacy');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>隐私政策 - ');
    expect(page.body).toContain('姓名、手机号码、公司名称');
    const setting = (await t.call('GET', '/api/cube-cr/site/setting', admin)).body.data;
    await t.call('POST', '/api/cube-cr/site/setting/submit', admin, {
      ...setting,
      privacyPolicy: '<p>本公司自己的隐私政策</p><script>alert(1)</script>',
      wechatQr: '/upload/qr.png',
    });
    const own = await get('/privacy');
    expect(own.body).toContain('本公司自己的隐私政策');
    expect(own.body).not.toContain('alert(1)');
    expect(own.body).toContain('src="/upload/qr.png"');
    expect((await get('/sitemap.xml')).body).toContain('<loc>http://portal.test/privacy</loc>');
  });
});

describe('public page cache memory', () => {
  it('keeps no more than its byte bound, dropping the least recently used page first', async () => {
    const written: Array<(tables: ReadonlySet<string>) => unknown> = [];
    const db = {
      observeWrites: (_tables: readonly string[], listener: (tables: ReadonlySet<string>) => unknown) => {
        written.push(listener);
        return () => {};
      },
    } as unknown as DatabaseHandle;
    const store = new MemoryStore();
    const cache = new PublicPageCache(db, store, ['cube_cr_article'], { maxBytes: 200_000 });
    await cache.start();
    // Pages that barely compress (random text), about 30 kB each with their variants.
    const html = (n: number) =>
      `<p>${n}</p>${Array.from({ length: 900 }, () => Math.random().toString(36).slice(2)).join(' ')}`;
    let renders = 0;
    const render = (n: number) => async () => {
      renders++;
      return { status: 200, html: html(n) };
    };
    for (let n = 0; n < 40; n++) await cache.get(`page-${n}`, render(n));
    expect(cache.stats.bytes).toBeLessThanOrEqual(200_000);
    expect(cache.stats.pages).toBeGreaterThan(1);
    expect(cache.stats.pages).toBeLessThan(40);
    // The newest is kept, the oldest went.
    renders = 0;
    await cache.get('page-39', render(39));
    expect(renders).toBe(0);
    await cache.get('page-0', render(0));
    expect(renders).toBe(1);
    // A write empties it; a 404 is never kept.
    await written[0]?.(new Set(['cube_cr_article']));
    expect(cache.stats.pages).toBe(0);
    await cache.get('missing', async () => ({ status: 404, html: 'x' }));
    expect(cache.stats.pages).toBe(0);
    await cache.stop();
    await store.close();
  });
});

const redisUrl = process.env.CUBE_TEST_REDIS_URL;

/** Two instances sharing one database and one Redis: a publish through one is shown by the other at once. */
describe.skipIf(!redisUrl).each(dialects)(
  'public page cache across two instances sharing Redis on %s',
  (dialect) => {
    let base: TestApp;
    const instances: Array<{ app: FastifyInstance; db: DatabaseHandle; store: SharedStore; sql: string[] }> =
      [];
    let admin: string;

    const instance = async (prefix: string) => {
      const sql: string[] = [];
      const db = openDatabase(base.config.database, { onQuery: (s) => sql.push(s), poolSize: 3 });
      const store = new RedisStore(RedisStore.connect(redisUrl as string).redis, prefix);
      const { app } = await buildApp({ config: base.config, db, store, logger: false });
      const built = { app, db, store, sql };
      instances.push(built);
      return built;
    };

    beforeAll(async () => {
      base = await createTestApp(dialect, { CUBE_WEB_DIST: WEB_DIST, CUBE_API_DOCS: 'false' });
      admin = (await base.token(DEMO.tenantAdmin)).access_token;
    }, 120_000);
    afterAll(async () => {
      for (const i of instances) {
        await i.app.close();
        await i.store.close();
        await i.db.close();
      }
      await base?.close();
    });

    it('drops the other instance’s rendered pages before the publish answers', async () => {
      const prefix = `cube-test-pages:${process.pid}:${Date.now()}:`;
      const a = await instance(prefix);
      const b = await instance(prefix);
      const page = async () =>
        (await b.app.inject({ method: 'GET', url: '/partyBuilding', headers: { host: 'portal.test' } })).body;
      const before = await page();
      b.sql.length = 0;
      expect(await page()).toBe(before);
      expect(contentReads(b.sql)).toEqual([]);

      const title = `跨实例发布${Date.now()}`;
      const res = await a.app.inject({
        method: 'POST',
        url: '/api/cube-cr/article/submit',
        headers: {
          'cube-auth': `bearer ${admin}`,
          authorization: basic(),
        },
        payload: { category: ArticleCategory.party, title, isPublish: 1 },
      });
      expect(JSON.parse(res.body)).toMatchObject({ code: 200 });
      expect(await page()).toContain(title);
    });
  },
);
