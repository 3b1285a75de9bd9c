import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';
import { checkOutboundUrl, isForbiddenAddress, OutboundMessage } from '../../../platform/outbound.js';

/**
 * The WeChat proxy against a local fake upstream (the SSRF guards): a TLS server on 127.0.0.1 that answers for
 * WeChat's host names, reached through a test resolver. The resolver and the upstream count every lookup and
 * connection, so "refused with nothing fetched" is proved, not assumed.
 */
const ARTICLE_HOST = 'mp.weixin.qq.com';
const IMAGE_HOST = 'mmbiz.qpic.cn';
/** An allowlisted name whose DNS answer is private (rebinding, P3). */
const REBOUND_HOST = 'mmecoa.qpic.cn';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const ARTICLE_PAGE = `<!doctype html><html><head><meta property="og:title" content="备用标题">
<script>var secret = 1;</script></head><body>
<h1 class="rich_media_title" id="activity-name">
  专利申请全流程指南
</h1>
<a id="js_name">立方知识产权</a><em id="publish_time">2026-11-20 10:00</em>
<div class="rich_media_content" id="js_content" style="visibility: hidden;">
  <p style="color: #333; position: fixed; background: url(https://evil.example/x.png)">发明专利申请需要经过受理、初审、公布、实审和授权五个阶段。</p>
  <img data-src="https://${IMAGE_HOST}/mmbiz_png/abc/640?wx_fmt=png" src="data:image/gif;base64,R0lGOD" onerror="alert(1)">
  <img src="https://evil.example/track.png">
  <script>alert('x')</script><style>body{display:none}</style><iframe src="https://evil.example"></iframe>
  <a href="javascript:alert(1)">点我</a> <a href="https://www.cnipa.gov.cn/">国家知识产权局</a>
</div></body></html>`;

interface Upstream {
  server: Server;
  port: number;
  ca: string;
  connections: number;
  requests: string[];
  /** Answers by path; a function may write anything. */
  routes: Map<string, (res: import('node:http').ServerResponse) => void>;
}

async function startUpstream(dir: string): Promise<Upstream> {
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=fake-wechat',
      '-addext',
      `subjectAltName=DNS:${ARTICLE_HOST},DNS:${IMAGE_HOST},DNS:${REBOUND_HOST}`,
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const upstream: Upstream = {
    server: undefined as unknown as Server,
    port: 0,
    ca: readFileSync(cert, 'utf8'),
    connections: 0,
    requests: [],
    routes: new Map(),
  };
  upstream.server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    upstream.requests.push(`${req.headers.host?.split(':')[0]}${req.url}`);
    const route = upstream.routes.get(req.url?.split('?')[0] ?? '');
    if (route) route(res);
    else res.writeHead(404).end();
  });
  upstream.server.on('secureConnection', () => upstream.connections++);
  await new Promise<void>((resolve) => upstream.server.listen(0, '127.0.0.1', resolve));
  upstream.port = (upstream.server.address() as AddressInfo).port;
  return upstream;
}

describe('WeChat proxy (getContent / getImg)', () => {
  let t: TestApp;
  let upstream: Upstream;
  let dir: string;
  const lookups: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cube-wx-'));
    upstream = await startUpstream(dir);
    t = await createTestApp('sqlite', {}, undefined, {
      configure: (config) => {
        config.outbound = {
          ...config.outbound,
          network: {
            // WeChat's names resolve to the local upstream; the rebinding name to a private address.
            resolve: async (hostname) => {
              lookups.push(hostname);
              if (hostname === REBOUND_HOST) return [{ address: '10.0.0.7', family: 4 }];
              return [{ address: '127.0.0.1', family: 4 }];
            },
            ca: upstream.ca,
            allowAddresses: ['127.0.0.1'],
            port: upstream.port,
          },
        };
      },
    });
    upstream.routes.set('/s/article', (res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE_PAGE);
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((r) => upstream?.server.close(r));
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    lookups.length = 0;
    await t.deps.caches.clear();
  });

  it('checks a URL before anything is resolved (P1)', () => {
    const hosts = [ARTICLE_HOST];
    for (const raw of [
      'https://169.254.169.254/latest/meta-data',
      'https://127.0.0.1:5432/',
      'https://[::1]/',
      'https://0x7f000001/',
      'https://2130706433/',
      `https://${ARTICLE_HOST}.evil.tld/s/a`,
      `https://evil.tld@${ARTICLE_HOST}/s/a`,
      `https://user:pass@${ARTICLE_HOST}/s/a`,
      `https://${ARTICLE_HOST}:8443/s/a`,
      'file:///etc/passwd',
      'gopher://mp.weixin.qq.com/',
      `http://${ARTICLE_HOST}/s/a`,
      'not a url',
    ]) {
      expect(() => checkOutboundUrl(raw, hosts), raw).toThrow();
    }
    expect(checkOutboundUrl(`https://${ARTICLE_HOST}/s/abc`, hosts).hostname).toBe(ARTICLE_HOST);
    expect(checkOutboundUrl(`https://${ARTICLE_HOST.toUpperCase()}/s/abc`, hosts).hostname).toBe(
      ARTICLE_HOST,
    );
  });

  it('knows the private and special address ranges', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      'ff02::1',
    ])
      expect(isForbiddenAddress(address), address).toBe(true);
    for (const address of ['101.91.22.57', '8.8.8.8', '2408:8756::1', '::ffff:8.8.8.8'])
      expect(isForbiddenAddress(address), address).toBe(false);
  });

  it('answers every refused target with 400 and connects to nothing (P1)', async () => {
    const before = upstream.connections;
    for (const target of [
      'http://127.0.0.1/',
      'https://127.0.0.1/',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/',
      'https://2130706433/',
      `https://${ARTICLE_HOST}.evil.tld/s/a`,
      `https://evil.tld@${ARTICLE_HOST}/s/a`,
      'https://example.com/',
      'file:///etc/passwd',
      `http://${ARTICLE_HOST}/s/a`,
    ]) {
      const res = await t.call('GET', `/api/cube-mp/wx/getContent?url=${encodeURIComponent(target)}`);
      expect(res.statusCode, target).toBe(400);
      expect(res.body.success, target).toBe(false);
      expect(res.body.msg, target).toMatch(/不允许|https|不正确/);
    }
    const missing = await t.call('GET', '/api/cube-mp/wx/getContent');
    expect(missing.statusCode).toBe(400);
    expect(lookups).toEqual([]);
    expect(upstream.connections).toBe(before);
  });

  it('refuses an allowlisted name that resolves to a private address, before connecting (P3)', async () => {
    const before = upstream.connections;
    const res = await t.call(
      'GET',
      `/api/cube-mp/wx/getImg?url=${encodeURIComponent(`https://${REBOUND_HOST}/a.png`)}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.body.msg).toBe(OutboundMessage.PRIVATE_ADDRESS);
    expect(lookups).toEqual([REBOUND_HOST]);
    expect(upstream.connections).toBe(before);
  });

  it('answers a sanitised article whose images go through the image proxy (P5)', async () => {
    const url = `https://${ARTICLE_HOST}/s/article`;
    const res = await t.call('GET', `/api/cube-mp/wx/getContent?url=${encodeURIComponent(url)}`);
    expect(res.statusCode, res.raw).toBe(200);
    const article = res.body.data;
    expect(article).toMatchObject({
      url,
      title: '专利申请全流程指南',
      author: '立方知识产权',
      publishTime: '2026-11-20 10:00',
    });
    const html: string = article.content;
    expect(html).toContain('发明专利申请需要经过受理、初审、公布、实审和授权五个阶段。');
    expect(html).toContain(
      `src="/api/cube-mp/wx/getImg?url=${encodeURIComponent(`https://${IMAGE_HOST}/mmbiz_png/abc/640?wx_fmt=png`)}"`,
    );
    for (const banned of [
      '<script',
      'alert',
      '<style',
      '<iframe',
      'onerror',
      'javascript:',
      'evil.example',
      'position',
      'data-src',
    ])
      expect(html, banned).not.toContain(banned);
    expect(html).toContain('href="https://www.cnipa.gov.cn/"');
    expect(html).toContain('color:#333');
  });

  it('serves cached answers without touching the upstream again', async () => {
    const url = `https://${ARTICLE_HOST}/s/article`;
    const first = await t.call('GET', `/api/cube-mp/wx/getContent?url=${encodeURIComponent(url)}`);
    expect(first.statusCode).toBe(200);
    const count = upstream.requests.length;
    const again = await Promise.all(
      [1, 2, 3].map(() => t.call('GET', `/api/cube-mp/wx/getContent?url=${encodeURIComponent(url)}`)),
    );
    for (const res of again) expect(res.body.data.title).toBe('专利申请全流程指南');
    expect(upstream.requests.length).toBe(count);
  });

  it('proxies images as the type their bytes prove, and refuses anything else (P6)', async () => {
    upstream.routes.set('/img/ok.png', (res) => res.writeHead(200, { 'content-type': 'text/html' }).end(PNG));
    upstream.routes.set('/img/page.png', (res) =>
      res.writeHead(200, { 'content-type': 'image/png' }).end('<html><script>alert(1)</script></html>'),
    );
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/cube-mp/wx/getImg?url=${encodeURIComponent(`https://${IMAGE_HOST}/img/ok.png`)}`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/png');
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    expect(ok.rawPayload.equals(PNG)).toBe(true);

    const html = await t.call(
      'GET',
      `/api/cube-mp/wx/getImg?url=${encodeURIComponent(`https://${IMAGE_HOST}/img/page.png`)}`,
    );
    expect(html.statusCode).toBe(400);
    expect(html.body.msg).toBe(OutboundMessage.BAD_CONTENT);
    // An article host is not an image host, and an image host is not an article host.
    const wrongHost = await t.call(
      'GET',
      `/api/cube-mp/wx/getImg?url=${encodeURIComponent(`https://${ARTICLE_HOST}/img/ok.png`)}`,
    );
    expect(wrongHost.statusCode).toBe(400);
    const wrongKind = await t.call(
      'GET',
      `/api/cube-mp/wx/getContent?url=${encodeURIComponent(`https://${IMAGE_HOST}/s/article`)}`,
    );
    expect(wrongKind.statusCode).toBe(400);
  });

  it('re-checks every redirect and stops after three hops (P2)', async () => {
    const toPrivate = `https://${ARTICLE_HOST}/s/to-private`;
    upstream.routes.set('/s/to-private', (res) =>
      res.writeHead(302, { location: 'https://127.0.0.1/admin' }).end(),
    );
    const a = await t.call('GET', `/api/cube-mp/wx/getContent?url=${encodeURIComponent(toPrivate)}`);
    expect(a.statusCode).toBe(400);
    expect(a.body.msg).toBe(OutboundMessage.HOST_NOT_ALLOWED);

    upstream.routes.set('/s/to-rebound', (res) =>
      res.writeHead(302, { location: `https://${REBOUND_HOST}/x` }).end(),
    );
    const b = await t.call(
      'GET',
      `/api/cube-mp/wx/getImg?url=${encodeURIComponent(`https://${IMAGE_HOST}/s/to-rebound`)}`,
    );
    expect(b.statusCode).toBe(400);
    // Not the image host: the rebinding name is an image host too, so it got as far as the lookup and stopped there.
    expect(b.body.msg).toBe(OutboundMessage.PRIVATE_ADDRESS);

    for (let i = 0; i < 5; i++)
      upstream.routes.set(`/s/hop${i}`, (res) => res.writeHead(301, { location: `/s/hop${i + 1}` }).end());
    upstream.routes.set('/s/hop5', (res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end(ARTICLE_PAGE),
    );
    const c = await t.call(
      'GET',
      `/api/cube-mp/wx/getContent?url=${encodeURIComponent(`https://${ARTICLE_HOST}/s/hop0`)}`,
    );
    expect(c.statusCode).toBe(400);
    expect(c.body.msg).toBe(OutboundMessage.TOO_MANY_REDIRECTS);
    expect(upstream.requests.filter((r) => r.includes('/s/hop')).length).toBe(4);

    upstream.routes.set('/s/one-hop', (res) => res.writeHead(302, { location: '/s/article' }).end());
    const d = await t.call(
      'GET',
      `/api/cube-mp/wx/getContent?url=${encodeURIComponent(`https://${ARTICLE_HOST}/s/one-hop`)}`,
    );
    expect(d.statusCode).toBe(200);
    expect(d.body.data.url).toBe(`https://${ARTICLE_HOST}/s/article`);
  });

  it('caps size and time: 502 past the byte cap, 504 when the upstream stalls (P4)', async () => {
    upstream.routes.set('/s/huge', (res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      let sent = 0;
      const pump = () => {
        while (sent < 8 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) {
            res.once('drain', pump);
            return;
          }
        }
        res.end();
      };
      pump();
    });
    const huge = await t.call(
      'GET',
      `/api/cube-mp/wx/getContent?url=${encodeURIComponent(`https://${ARTICLE_HOST}/s/huge`)}`,
    );
    expect(huge.statusCode).toBe(502);
    expect(huge.body.msg).toBe(OutboundMessage.TOO_LARGE);

    upstream.routes.set('/s/stall', () => {
      /* never answers */
    });
    const started = Date.now();
    const stalled = await t.call(
      'GET',
      `/api/cube-mp/wx/getContent?url=${encodeURIComponent(`https://${ARTICLE_HOST}/s/stall`)}`,
    );
    expect(stalled.statusCode).toBe(504);
    expect(stalled.body.msg).toBe(OutboundMessage.TIMEOUT);
    expect(Date.now() - started).toBeLessThan(12_000);
  }, 20_000);
});
