import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects, type TestApp } from '../../test/helpers.js';

/**
 * Every API route, called by both administrators and an ordinary user with malformed input — wrong types, absurd
 * numbers, ids that are not ids, bodies of the wrong shape or type — answers a refusal (4xx) or a normal answer,
 * never a 500: bad input is the caller's mistake, and a 500 means a handler trusted it. Every refusal is the R
 * envelope with a Chinese message. The inputs are the shapes attackers and broken clients send; each route gets all
 * of them, with every path parameter replaced by each of a handful of non-ids.
 */
const BAD_QUERIES = [
  'current=abc&size=-5',
  'current=99999999999999999999&size=1e9',
  'id=abc&ids=1,abc,,&tenantId=%27%3B--&parentId=-1',
  'id=99999999999999999999999&deptId=0x10&roleId=[]',
  'status=abc&sort=desc%20limit%201&descs=passw0rd&ascs=nonexistent',
  'id[]=1&id[]=2&current[a]=1&name[$ne]=x',
  `name=${'长'.repeat(5000)}`,
  'startTime=not-a-date&endTime=2026-13-45%2099:99:99&createTime_range=abc',
];
const WEIRD = { a: [1, { b: null }] };
const BAD_BODIES: unknown[] = [
  {},
  [],
  'just a string',
  42,
  null,
  {
    id: WEIRD,
    ids: [1, 'abc', null],
    tenantId: ['000000'],
    parentId: 'not-an-id',
    name: 12345,
    status: 'yes',
    sort: 'first',
    password: { $gt: '' },
    account: ['admin'],
    roleId: 3.5,
    deptId: -1,
    content: { nested: WEIRD },
    startTime: 'yesterday',
    current: 'x',
    size: -1,
  },
  {
    id: '99999999999999999999999',
    ids: '1,abc,,',
    name: '长'.repeat(20_000),
    code: '\u202e\u0007',
    key: '__proto__',
    constructor: { prototype: { polluted: true } },
  },
];

/** Both administrators reach the handlers; the ordinary user meets the permission checks first. */
const CALLERS = ['platformAdmin', 'tenantAdmin', 'tenantUser'] as const;
type Caller = (typeof CALLERS)[number];

/** Sign-out (BladeX's and SpringBlade's paths) ends the sweep's own session whatever it is sent; it reads nothing. */
const skipped = (url: string) => /\/logout$/.test(url);

describe.each(dialects)('malformed input on every route on %s', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const token = async (who: Caller, fresh = false) => {
    if (fresh || !tokens[who]) tokens[who] = (await t.token(DEMO[who])).access_token;
    return tokens[who];
  };

  it('answers every route with a refusal or an answer, never a server error', {
    timeout: 600_000,
  }, async () => {
    const routes = t.routes.filter(
      (r) => r.url.startsWith('/api/') && (r.method === 'GET' || r.method === 'POST') && !skipped(r.url),
    );
    expect(routes.length).toBeGreaterThan(100);
    const failures: string[] = [];
    const odd: string[] = [];
    let sent = 0;
    const tally: Record<number, number> = {};
    const check = async (
      who: Caller,
      method: 'GET' | 'POST',
      url: string,
      payload?: { body: string; type: string },
    ) => {
      // Each call from an address of its own: the sign-in and sending routes' rate limits would otherwise refuse
      // most of the sweep before the handlers read a byte of it.
      sent++;
      const remoteAddress = `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;
      const send = async () =>
        t.app.inject({
          method,
          url,
          remoteAddress,
          headers: {
            'cube-auth': `bearer ${await token(who)}`,
            ...(payload ? { 'content-type': payload.type } : {}),
          },
          ...(payload ? { payload: payload.body } : {}),
        });
      let res = await send();
      // A route that ended the session (sign-out, a password reset) leaves the next calls without one.
      if (res.statusCode === 401) {
        const still = await t.call('GET', '/api/cube-auth/oauth/user-info', await token(who));
        if (still.statusCode === 401) {
          await token(who, true);
          res = await send();
        }
      }
      tally[res.statusCode] = (tally[res.statusCode] ?? 0) + 1;
      if (res.statusCode >= 400 && res.statusCode < 500) {
        let envelope: { success?: unknown; msg?: unknown } = {};
        try {
          envelope = JSON.parse(res.body);
        } catch {}
        if (
          envelope.success !== false ||
          typeof envelope.msg !== 'string' ||
          !/[\u4e00-\u9fff]/.test(envelope.msg)
        )
          odd.push(
            `${who} ${method} ${url.slice(0, 90)} ${payload ? payload.body.slice(0, 40) : ''} → ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
      }
      if (res.statusCode >= 500)
        failures.push(
          `${who} ${method} ${url} ${payload ? payload.body.slice(0, 80) : ''} → ${res.statusCode} ${res.body.slice(0, 160)}`,
        );
    };
    const fill = (url: string, value: string) => url.replace(/:(\w+)/g, value);
    for (const route of routes) {
      const method = route.method as 'GET' | 'POST';
      for (const who of CALLERS) {
        for (const param of ['abc', '0', '-1', '99999999999999999999999', '%E4%B8%AD']) {
          const base = fill(route.url, param);
          for (const query of BAD_QUERIES) await check(who, method, `${base}?${query}`);
          if (method === 'POST') {
            for (const body of BAD_BODIES)
              await check(who, method, base, { body: JSON.stringify(body), type: 'application/json' });
            await check(who, method, base, {
              body: 'id=abc&ids[]=1&name=',
              type: 'application/x-www-form-urlencoded',
            });
            await check(who, method, base, { body: '{"broken": ', type: 'application/json' });
            await check(who, method, base, { body: 'plain text', type: 'text/plain' });
          }
          if (!route.url.includes(':')) break;
        }
      }
    }
    expect(failures).toEqual([]);
    expect([...new Set(odd)]).toEqual([]);
    // The sweep reached the handlers: most calls were read and refused, not stopped at the door.
    expect(tally[429] ?? 0).toBe(0);
    expect(tally[400] ?? 0).toBeGreaterThan(1000);
  });
});
