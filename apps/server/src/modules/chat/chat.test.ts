import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../../test/helpers.js';
import { withPlatformScope } from '../../db/row-scope.js';
import { ChatMessage } from './routes.js';

/**
 * The chat helper against a local fake OpenAI-compatible upstream that streams, stalls and fails:
 * the stream relayed unchanged, the body checked, budgets answered 429, the upstream aborted when the browser
 * leaves, the key never shown, the API log without the prompt.
 */
const API_KEY = 'sk-test-upstream-key-0123456789';
const EVENTS = [
  'data: {"id":"1","choices":[{"delta":{"role":"assistant","content":"专利"}}]}\n\n',
  'data: {"id":"1","choices":[{"delta":{"content":"申请"}}]}\n\n',
  'data: {"id":"1","choices":[{"delta":{"content":"需要准备说明书。"}}]}\n\n',
  'data: [DONE]\n\n',
];

interface FakeUpstream {
  server: Server;
  port: number;
  bodies: Array<Record<string, unknown>>;
  auth: string[];
  aborted: number;
  mode: 'stream' | 'stall' | 'fail';
}

async function startUpstream(): Promise<FakeUpstream> {
  const fake: FakeUpstream = {
    server: undefined as unknown as Server,
    port: 0,
    bodies: [],
    auth: [],
    aborted: 0,
    mode: 'stream',
  };
  fake.server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      fake.bodies.push(JSON.parse(raw));
      fake.auth.push(String(req.headers.authorization ?? ''));
      res.on('close', () => {
        if (!res.writableFinished) fake.aborted++;
      });
      if (fake.mode === 'fail') {
        res.writeHead(500, { 'content-type': 'application/json' }).end(`{"error":"boom ${API_KEY}"}`);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (fake.mode === 'stall') {
        res.write(EVENTS[0]);
        return; // never finishes
      }
      let i = 0;
      const next = () => {
        if (i < EVENTS.length) {
          res.write(EVENTS[i++]);
          setTimeout(next, 10);
        } else res.end();
      };
      next();
    });
  });
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  fake.port = (fake.server.address() as AddressInfo).port;
  return fake;
}

const ask = (content = '发明专利申请需要哪些材料?') => ({ messages: [{ role: 'user', content }] });

describe('chat helper (/ta/v1/chat/completions)', () => {
  let t: TestApp;
  let bare: TestApp;
  let upstream: FakeUpstream;
  let token: string;

  beforeAll(async () => {
    upstream = await startUpstream();
    t = await createTestApp('sqlite', {
      CUBE_CHAT_BASE_URL: `http://127.0.0.1:${upstream.port}/v1`,
      CUBE_CHAT_API_KEY: API_KEY,
      CUBE_CHAT_MODELS: 'test-model,other-model',
      CUBE_CHAT_USER_PER_MINUTE: '8',
    });
    bare = await createTestApp('sqlite');
    token = (await t.token(DEMO.tenantUser)).access_token;
  });
  afterAll(async () => {
    await t?.close();
    await bare?.close();
    await new Promise((r) => upstream?.server.close(r));
  });

  it('answers 503 with a clear message when no upstream is configured, and 401 to anonymous callers', async () => {
    const userToken = (await bare.token(DEMO.tenantUser)).access_token;
    const res = await bare.call('POST', '/ta/v1/chat/completions', userToken, ask());
    expect(res.statusCode).toBe(503);
    expect(res.body).toMatchObject({ code: 503, success: false, msg: ChatMessage.NOT_CONFIGURED });
    const anonymous = await t.call('POST', '/ta/v1/chat/completions', undefined, ask());
    expect(anonymous.statusCode).toBe(401);
  });

  it('checks the body before anything is sent upstream', async () => {
    const before = upstream.bodies.length;
    for (const [body, message] of [
      [{ ...ask(), max_tokens: 1201 }, ChatMessage.TOKENS_INVALID],
      [{ ...ask(), temperature: 2.5 }, ChatMessage.TEMPERATURE_INVALID],
      [{ ...ask(), model: 'gpt-4-expensive' }, ChatMessage.MODEL_NOT_ALLOWED],
      [{ messages: [] }, ChatMessage.MESSAGES_REQUIRED],
      [ask('x'.repeat(8_001)), ChatMessage.MESSAGE_TOO_LONG],
    ] as const) {
      const res = await t.call('POST', '/ta/v1/chat/completions', token, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.msg).toBe(message);
    }
    expect(upstream.bodies.length).toBe(before);
  });

  it('relays the upstream stream unchanged, with the spec’s defaults and the key kept on the server', async () => {
    upstream.mode = 'stream';
    const res = await t.app.inject({
      method: 'POST',
      url: '/ta/v1/chat/completions',
      headers: { 'cube-auth': `bearer ${token}`, 'content-type': 'application/json' },
      payload: ask(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.headers['x-accel-buffering']).toBe('no');
    expect(res.body).toBe(EVENTS.join(''));
    expect(res.body).not.toContain(API_KEY);
    const sent = upstream.bodies.at(-1);
    expect(sent).toMatchObject({ model: 'test-model', max_tokens: 1200, temperature: 0.8, stream: true });
    expect(upstream.auth.at(-1)).toBe(`Bearer ${API_KEY}`);
  });

  it('answers 502 without upstream details when the upstream fails', async () => {
    upstream.mode = 'fail';
    const res = await t.call('POST', '/ta/v1/chat/completions', token, ask());
    expect(res.statusCode).toBe(502);
    expect(res.body.msg).toBe(ChatMessage.UPSTREAM_FAILED);
    expect(res.raw).not.toContain(API_KEY);
    expect(res.raw).not.toContain('boom');
  });

  it('aborts the upstream request within a second when the browser disconnects', async () => {
    upstream.mode = 'stall';
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const before = upstream.aborted;
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/ta/v1/chat/completions',
          method: 'POST',
          headers: { 'cube-auth': `bearer ${token}`, 'content-type': 'application/json' },
        },
        (res) => {
          res.once('data', () => {
            // The first event arrived: the user closes the drawer.
            req.destroy();
            resolve();
          });
        },
      );
      req.on('error', () => {});
      req.setTimeout(5_000, () => reject(new Error('no first event')));
      req.end(JSON.stringify(ask()));
    });
    const started = Date.now();
    await expect.poll(() => upstream.aborted, { timeout: 1_000, interval: 20 }).toBe(before + 1);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('logs the call in the API log without its prompt', async () => {
    upstream.mode = 'stream';
    await t.call('POST', '/ta/v1/chat/completions', token, ask('这是一段不应进入日志的提问内容'));
    await t.deps.audit.flush();
    const rows = await withPlatformScope(() =>
      t.deps.db.db
        .selectFrom('cubeLogApi')
        .select(['requestUri', 'params'])
        .where('requestUri', '=', '/ta/v1/chat/completions')
        .execute(),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.params).not.toContain('不应进入日志');
  });

  it('answers 429 with a clear message past the per-user budget', async () => {
    upstream.mode = 'stream';
    const answers = [];
    // More than twice the minute's budget of 8: however the calls fall across a minute boundary, one minute
    // receives more than 8 (10 calls split 5/5 across a boundary once, and none was refused).
    for (let i = 0; i < 20; i++) answers.push(await t.call('POST', '/ta/v1/chat/completions', token, ask()));
    const limited = answers.filter((r) => r.statusCode === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]?.body.msg).toBe(ChatMessage.TOO_MANY_REQUESTS);
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 429)).toBe(true);
  });
});
