// A small API client for the harness, the checks and the drills: the console's headers, the R envelope.
import { createHash } from 'node:crypto';

export const md5 = (text) => createHash('md5').update(text).digest('hex');

export const DEMO = {
  platformAdmin: { tenantId: '000000', username: 'admin', password: 'Admin@2026' },
  tenantAdmin: { tenantId: '100000', username: 'admin', password: 'Demo@2026' },
  user: { tenantId: '100000', username: 'user', password: 'User@2026' },
  manager: { tenantId: '100000', username: 'manager', password: 'Manager@2026' },
  agent: { tenantId: '100000', username: 'agent', password: 'Agent@2026' },
};

export class Client {
  /** `base`: an origin (nginx or one instance); `clientSecret`: the web client's secret. */
  constructor(base, clientSecret, headers = {}) {
    this.base = base;
    this.basic = `Basic ${Buffer.from(`cube_web:${clientSecret}`).toString('base64')}`;
    this.headers = headers;
  }

  at(base) {
    const other = new Client(base, 'x', this.headers);
    other.basic = this.basic;
    return other;
  }

  /** { status, body (parsed JSON when it is), headers } */
  async request(method, url, { token, body, form, headers = {}, timeoutMs = 10_000 } = {}) {
    const h = { authorization: this.basic, ...this.headers, ...headers };
    if (token) h['cube-auth'] = `bearer ${token}`;
    let payload;
    if (form) {
      payload = form;
    } else if (body !== undefined) {
      h['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${this.base}${url}`, {
      method,
      headers: h,
      body: payload,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let parsed = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    return { status: res.status, body: parsed, headers: res.headers };
  }

  get(url, options) {
    return this.request('GET', url, options);
  }

  post(url, body, options = {}) {
    return this.request('POST', url, { ...options, body });
  }

  /** The password grant; resolves the raw answer. */
  login(who, headers = {}) {
    const q = new URLSearchParams({
      tenantId: who.tenantId,
      username: who.username,
      password: md5(who.password),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    });
    return this.request('POST', `/api/cube-auth/oauth/token?${q}`, {
      headers: { 'tenant-id': who.tenantId, ...headers },
    });
  }

  async token(who, headers = {}) {
    const res = await this.login(who, headers);
    if (res.status !== 200 || !res.body?.access_token)
      throw new Error(
        `sign-in of ${who.tenantId}/${who.username} failed: ${res.status} ${JSON.stringify(res.body)}`,
      );
    return res.body.access_token;
  }
}
