import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ArticleCategory } from '@cube/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects, type TestApp } from '../../../../test/helpers.js';
import { withPlatformScope } from '../../../db/row-scope.js';

/**
 * The public website: server-rendered pages with their content and meta, 404s with a 404 status,
 * sitemap and robots per domain, drafts and other tenants never shown, publishing visible at once, and rich text
 * sanitised on save and on render.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
// The renderer is loaded from `<webDist>/../dist-ssr/entry-server.js`: a fixture that re-exports the source.
const WEB_DIST = path.join(here, '../../../../test/fixtures/site-web/dist');

const PARTY_ID = '1123598826000001011';
const POLICY_ID = '1123598826000001021';
const PRODUCT_ID = '1123598826000002001';
const CERT_ID = '1123598826000003001';

// Writes past the API (a hand edit, a domain set by the operator) name the platform row scope, as the seed does.
const asPlatform = <T>(work: () => Promise<T>) => withPlatformScope(work);

describe.each(dialects)('public site on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let platform: string;

  const get = async (url: string, host = 'portal.test') => {
    const res = await t.app.inject({ method: 'GET', url, headers: { host } });
    return { status: res.statusCode, body: res.body, headers: res.headers };
  };
  const json = async (url: string, host = 'portal.test') => JSON.parse((await get(url, host)).body);
  const submit = async (body: Record<string, unknown>, token = admin) => {
    const res = await t.call('POST', '/api/cube-cr/article/submit', token, body);
    expect(res.body, res.raw).toMatchObject({ code: 200, success: true });
    return res.body.data.id as string;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { CUBE_WEB_DIST: WEB_DIST, CUBE_API_DOCS: 'false' });
    admin = (await t.token(DEMO.tenantAdmin)).access_token;
    platform = (await t.token(DEMO.platformAdmin)).access_token;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('renders the home page with its content, title, description, Open Graph and canonical URL', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain('<title>立方知识产权 · 专业的知识产权全链条服务机构</title>');
    expect(html).toMatch(
      /<meta name="description" content="立方知识产权代理有限公司是经国家知识产权局批准设立/,
    );
    expect(html).toContain('<link rel="canonical" href="http://portal.test/">');
    expect(html).toContain(
      '<meta property="og:title" content="立方知识产权 · 专业的知识产权全链条服务机构">',
    );
    expect(html).toContain('<meta property="og:url" content="http://portal.test/">');
    // Content is in the HTML itself: banners, services, the three news columns, the footer's ICP number.
    expect(html).toContain('专业的知识产权全链条服务');
    expect(html).toContain('发明专利申请');
    expect(html).toContain('公司党支部开展“学习贯彻党的二十届四中全会精神”专题学习');
    expect(html).toContain('国家知识产权局关于进一步加强专利代理行业监管的通知（解读）');
    expect(html).toContain('苏ICP备2024058321号-1');
    expect(html).toContain('400-820-6188');
    // The data for hydration is a non-executed JSON script; no inline script runs (the CSP forbids them).
    expect(html).toContain('<script type="application/json" id="site-data">');
    for (const tag of html.match(/<script[^>]*>/g) ?? [])
      expect(tag).toMatch(/type="application\/json"|src=/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('renders each section page with its content', async () => {
    const pages: Array<[string, string, string]> = [
      ['/productServices', '产品服务 - 立方知识产权', '商标注册与查询'],
      ['/newsCenter', '新闻动态 - 新闻中心 - 立方知识产权', '合肥分公司正式启用'],
      ['/newsCenter?category=3', '政策法规 - 新闻中心 - 立方知识产权', '苏州市知识产权资助政策'],
      ['/partyBuilding', '党建园地 - 立方知识产权', '党员先锋岗：知识产权志愿服务走进社区'],
      ['/scienceEducation', '科普教育 - 立方知识产权', '发明、实用新型和外观设计专利有什么区别？'],
      ['/aboutUs', '关于我们 - 立方知识产权', '立方知识产权代理有限公司成立于2012年'],
    ];
    for (const [url, title, text] of pages) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(res.body, url).toContain(`<title>${title}</title>`);
      expect(res.body, url).toContain(text);
      expect(res.body, url).toContain(
        `<link rel="canonical" href="http://portal.test${url.replace('&', '&amp;')}">`,
      );
    }
  });

  it('renders detail pages by id, and answers unknown ids with the 404 page and a 404 status', async () => {
    const party = await get(`/newsDetails?id=${PARTY_ID}`);
    expect(party.status).toBe(200);
    expect(party.body).toContain('为深入学习贯彻党的二十届四中全会精神');
    expect(party.body).toContain('<meta property="og:type" content="article">');
    expect(party.body).toContain(
      `<link rel="canonical" href="http://portal.test/newsDetails?id=${PARTY_ID}">`,
    );
    expect((await get(`/newsDetails?id=${POLICY_ID}`)).body).toContain('严厉打击代理非正常专利申请行为');
    expect((await get(`/productDetails?id=${PRODUCT_ID}`)).body).toContain('技术交底与专利挖掘');
    expect((await get(`/systemDetails?id=${CERT_ID}`)).body).toContain('GB/T 29490-2023');

    for (const url of [
      '/newsDetails?id=1123598826999999999',
      '/newsDetails?id=abc',
      '/newsDetails',
      `/productDetails?id=${PARTY_ID}`,
      '/systemDetails?id=0',
      '/newsCenter?page=999',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.body, url).toContain('页面不存在');
      expect(res.body, url).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('answers sitemap.xml and robots.txt for the domain asked', async () => {
    const robots = await get('/robots.txt', 'www.lifang-ip.test');
    expect(robots.status).toBe(200);
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Sitemap: http://www.lifang-ip.test/sitemap.xml');
    const sitemap = await get('/sitemap.xml', 'www.lifang-ip.test');
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain('<loc>http://www.lifang-ip.test/partyBuilding</loc>');
    expect(sitemap.body).toContain(`<loc>http://www.lifang-ip.test/newsDetails?id=${PARTY_ID}</loc>`);
    expect(sitemap.body).toContain(`<loc>http://www.lifang-ip.test/systemDetails?id=${CERT_ID}</loc>`);
  });

  it('answers getDjyw and getZc with published articles of their category, paged, without private fields', async () => {
    const djyw = await json('/api/cube-cr/article/getDjyw?current=1&size=2');
    expect(djyw).toMatchObject({
      code: 200,
      success: true,
      data: { current: 1, size: 2, total: 3, pages: 2 },
    });
    expect(djyw.data.records).toHaveLength(2);
    for (const r of djyw.data.records) {
      expect(r.category).toBe(ArticleCategory.party);
      expect(r).not.toHaveProperty('tenantId');
      expect(r).not.toHaveProperty('content');
      expect(r).not.toHaveProperty('isPublish');
    }
    // Pinned first.
    expect(djyw.data.records[0].id).toBe(PARTY_ID);
    const zc = await json('/api/cube-cr/article/getZc');
    expect(zc.data.records.map((r: { category: number }) => r.category)).toEqual([3, 3, 3]);
    expect((await get('/api/cube-cr/article/getZc?size=500')).status).toBe(400);
    const detail = await json(`/api/cube-cr/article/public-detail?id=${POLICY_ID}`);
    expect(detail.data.content).toContain('严厉打击');
    expect((await get('/api/cube-cr/article/public-detail?id=1123598826999999999')).status).toBe(404);
    expect((await json('/api/cube-cr/product/public-list')).data).toHaveLength(6);
    expect((await json('/api/cube-cr/certification/public-list')).data).toHaveLength(4);
    expect((await json('/api/cube-cr/banner/public-list')).data).toHaveLength(3);
  });

  it('never shows drafts or future articles, and shows an article the moment it is published', async () => {
    const title = `草稿测试文章${Date.now()}`;
    const id = await submit({
      category: ArticleCategory.party,
      title,
      content: '<p>草稿正文</p>',
      isPublish: 0,
    });
    const future = await submit({
      category: ArticleCategory.party,
      title: `${title}-定时`,
      isPublish: 1,
      publishTime: '2099-01-01 09:00:00',
    });
    expect((await get('/partyBuilding')).body).not.toContain(title);
    expect((await get(`/newsDetails?id=${id}`)).status).toBe(404);
    expect((await get(`/newsDetails?id=${future}`)).status).toBe(404);
    expect(JSON.stringify(await json('/api/cube-cr/article/getDjyw?size=50'))).not.toContain(title);
    expect((await get(`/api/cube-cr/article/public-detail?id=${id}`)).status).toBe(404);
    expect((await get('/sitemap.xml')).body).not.toContain(id);

    await submit({ id, category: ArticleCategory.party, title, content: '<p>草稿正文</p>', isPublish: 1 });
    const published = await get(`/newsDetails?id=${id}`);
    expect(published.status).toBe(200);
    expect(published.body).toContain('草稿正文');
    expect((await get('/partyBuilding')).body).toContain(title);
    // Publishing without a time stamps the moment of publishing.
    const row = await t.call('GET', `/api/cube-cr/article/detail?id=${id}`, admin);
    expect(row.body.data.publishTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("shows only the site's tenant: the domain decides, another tenant's rows never appear", async () => {
    const title = `平台租户文章${Date.now()}`;
    const foreign = await submit({ category: ArticleCategory.policy, title, isPublish: 1 }, platform);
    // An address no tenant owns shows the default tenant (100000), not the platform's rows.
    expect((await get('/newsCenter?category=3')).body).not.toContain(title);
    expect((await get(`/newsDetails?id=${foreign}`)).status).toBe(404);
    expect(JSON.stringify(await json('/api/cube-cr/article/getZc'))).not.toContain(title);

    // The platform tenant's own domain shows its rows, and none of tenant 100000's.
    await asPlatform(() =>
      t.deps.db.db
        .updateTable('cubeTenant')
        .set({ domain: 'platform.test' })
        .where('tenantId', '=', '000000')
        .execute(),
    );
    const own = await get('/newsCenter?category=3', 'platform.test');
    expect(own.body).toContain(title);
    expect(own.body).not.toContain('苏州市知识产权资助政策');
    expect((await get(`/newsDetails?id=${foreign}`, 'platform.test')).status).toBe(200);
    expect((await get(`/newsDetails?id=${POLICY_ID}`, 'platform.test')).status).toBe(404);
    const zc = await json('/api/cube-cr/article/getZc', 'platform.test');
    expect(zc.data.records.map((r: { id: string }) => r.id)).toEqual([foreign]);
    // `domain=` names the site like site info does.
    const named = await json('/api/cube-cr/article/getZc?domain=http://platform.test', 'portal.test');
    expect(named.data.records.map((r: { id: string }) => r.id)).toEqual([foreign]);
  });

  it('sanitises rich text on save and again on render', async () => {
    const dirty =
      '<p style="color:red;text-align:center">安全段落</p><script>alert(1)</script>' +
      '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">坏链接</a>' +
      '<iframe src="https://evil.example"></iframe><a href="https://example.com" target="_blank">好链接</a>';
    const id = await submit({
      category: ArticleCategory.news,
      title: '清洗测试',
      content: dirty,
      isPublish: 1,
    });
    const stored = (await t.call('GET', `/api/cube-cr/article/detail?id=${id}`, admin)).body.data
      .content as string;
    expect(stored).toContain('<p style="text-align:center">安全段落</p>');
    expect(stored).not.toMatch(/script|onerror|javascript:|iframe|color:red/);
    expect(stored).toContain('rel="noopener noreferrer"');

    // A row written past the API (an old row, a hand edit) is cleaned when rendered.
    await asPlatform(() =>
      t.deps.db.db
        .updateTable('cubeCrArticle')
        .set({
          content: '<p>旧内容</p><script>alert(4)</script><img src="javascript:alert(5)" onload="x()">',
        })
        .where('id', '=', id)
        .execute(),
    );
    const page = await get(`/newsDetails?id=${id}`);
    expect(page.body).toContain('旧内容');
    const appHtml = page.body.slice(
      page.body.indexOf('<div id="site-root">'),
      page.body.indexOf('<script type="application/json"'),
    );
    expect(appHtml).not.toMatch(/<script|onload|javascript:/);
    const api = await json(`/api/cube-cr/article/public-detail?id=${id}`);
    expect(api.data.content).not.toMatch(/<script|onload|javascript:/);
    // The JSON data cannot close its script element.
    const data = page.body.slice(page.body.indexOf('id="site-data">'));
    expect(data.indexOf('</script>')).toBe(data.lastIndexOf('</script>'));
  });

  it('lets a tenant administrator edit branding, contact and about-us, shown on the site at once', async () => {
    const before = await t.call('GET', '/api/cube-cr/site/setting', admin);
    expect(before.body.data).toMatchObject({ title: '立方知识产权', icp: '苏ICP备2024058321号-1' });
    const user = (await t.token(DEMO.tenantUser)).access_token;
    expect((await t.call('GET', '/api/cube-cr/site/setting', user)).statusCode).toBe(403);
    expect(
      (await t.call('POST', '/api/cube-cr/site/setting/submit', user, before.body.data)).statusCode,
    ).toBe(403);

    const bad = await t.call('POST', '/api/cube-cr/site/setting/submit', admin, {
      ...before.body.data,
      primaryColor: 'red',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.msg).toBe('主题色须为 #RRGGBB 格式');
    expect(
      (await t.call('POST', '/api/cube-cr/site/setting/submit', admin, { ...before.body.data, title: ' ' }))
        .body.msg,
    ).toBe('请输入站点标题');

    const saved = await t.call('POST', '/api/cube-cr/site/setting/submit', admin, {
      ...before.body.data,
      icp: '苏ICP备2026000001号-2',
      primaryColor: '#b91c1c',
      aboutUs: '<p>新的公司介绍</p><script>alert(1)</script>',
    });
    expect(saved.body).toMatchObject({ code: 200, success: true });
    const home = await get('/');
    expect(home.body).toContain('苏ICP备2026000001号-2');
    expect(home.body).toContain('--site-brand:#b91c1c');
    const about = await get('/aboutUs');
    expect(about.body).toContain('新的公司介绍');
    expect(about.body).not.toContain('alert(1)');
    // The login page reads the same branding through site info for the tenant's domain.
    await asPlatform(() =>
      t.deps.db.db
        .updateTable('cubeTenant')
        .set({ domain: 'lifang.test' })
        .where('tenantId', '=', '100000')
        .execute(),
    );
    const info = await json('/api/cube-system/tenant/info?domain=http://lifang.test');
    const resources = Object.fromEntries(
      info.data.resources.map((r: { resources_code: string; resources_content: string }) => [
        r.resources_code,
        r.resources_content,
      ]),
    );
    expect(resources).toMatchObject({
      title: '立方知识产权',
      icp: '苏ICP备2026000001号-2',
      primaryColor: '#b91c1c',
    });
  });
});
