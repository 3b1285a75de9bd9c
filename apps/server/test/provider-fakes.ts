import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OutboundNetwork } from '../src/config.js';

/**
 * One local TLS server that answers for the third-party services under their real host names (the SMS APIs of
 * Alibaba Cloud and Tencent Cloud, DingTalk's and WeChat's sign-in APIs), reached through the guarded outbound
 * client with a test resolver — as the WeChat proxy tests do. Every request is recorded (host, method, path,
 * query, headers, body), so tests assert what the SDKs and flows send, and "nothing reached" is proved.
 */
export const FAKE_HOSTS = [
  'dysmsapi.aliyuncs.com',
  'sms.tencentcloudapi.com',
  'login.dingtalk.com',
  'api.dingtalk.com',
  'open.weixin.qq.com',
  'api.weixin.qq.com',
  // A replacement address a provider row may name instead of the official one.
  'sso.example.test',
] as const;

export interface FakeRequest {
  host: string;
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export type FakeRoute = (request: FakeRequest, res: ServerResponse) => void;

export interface ProviderFake {
  requests: FakeRequest[];
  /** Answers by `host + path`; unknown paths answer 404. */
  routes: Map<string, FakeRoute>;
  /** Names the test resolver answers with a private address (the guard must refuse them). */
  privateHosts: Set<string>;
  /** Settings for `config.outbound.network`. */
  network: OutboundNetwork;
  /** Closes every open connection, so that the next call connects (and resolves) afresh. */
  dropConnections(): Promise<void>;
  close(): Promise<void>;
}

export const json = (res: ServerResponse, status: number, body: unknown, type = 'application/json') => {
  res.writeHead(status, { 'content-type': type });
  res.end(JSON.stringify(body));
};

export async function startProviderFake(): Promise<ProviderFake> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cube-providers-'));
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
      '/CN=fake-providers',
      '-addext',
      `subjectAltName=${FAKE_HOSTS.map((h) => `DNS:${h}`).join(',')}`,
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const requests: FakeRequest[] = [];
  const routes = new Map<string, FakeRoute>();
  const privateHosts = new Set<string>();
  const server: Server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'https://fake');
      const recorded: FakeRequest = {
        host: (req.headers.host ?? '').split(':')[0] ?? '',
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const route = routes.get(`${recorded.host}${recorded.path}`);
      if (route) route(recorded, res);
      else res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    requests,
    routes,
    privateHosts,
    network: {
      resolve: async (hostname) =>
        privateHosts.has(hostname)
          ? [{ address: '10.0.0.7', family: 4 }]
          : [{ address: '127.0.0.1', family: 4 }],
      ca: readFileSync(cert, 'utf8'),
      allowAddresses: ['127.0.0.1'],
      port,
    },
    async dropConnections() {
      server.closeAllConnections();
      await new Promise((resolve) => setTimeout(resolve, 50));
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
