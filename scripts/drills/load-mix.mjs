// The mixed load of `npm run drills`, in a process of its own (started with an IPC channel by drills.mjs): sign-ins,
// lists, saves (a parameter; a user, whose row and department rows are one transaction), public pages, customer
// form submissions — through nginx, each virtual visitor from a loopback address of its own (127.0.0.N), so that
// per-address limits see many visitors as they would behind a real proxy.
//
// Every answer is classified: 2xx; a documented 503 (the R envelope's code 503, or the token endpoint's
// error_code 503); a documented 429; anything else — another status, a reset, a timeout — is a failure, kept with
// a sample. Writes answered 2xx are "acknowledged" and listed, so the controller can look for each one in the
// database afterwards. Messages from the controller: { phase } (tags what follows), { stop } (answers the results).
import { createHash } from 'node:crypto';
import { Agent, request } from 'undici';

const options = JSON.parse(process.argv[2] ?? '{}');
const { base, clientSecret, runId, workers = 20, thinkMs = 25, timeoutMs = 15_000 } = options;
const basic = `Basic ${Buffer.from(`cube_web:${clientSecret}`).toString('base64')}`;
const md5 = (text) => createHash('md5').update(text).digest('hex');

const USER_ROLE = '1123598816738675203';
const DEPT = '1123598813738675203';

let phase = 'warm-up';
const phases = new Map();
const stats = () => {
  let s = phases.get(phase);
  if (!s) {
    s = {
      sent: 0,
      ok: 0,
      documented503: 0,
      documented429: 0,
      failures: 0,
      failureKinds: {},
      failureSamples: [],
      byOp: {},
      latencies: [],
      max503Ms: 0,
      acked: { leads: [], params: [], users: [] },
      /** Writes answered with a documented 503/429: refused, so none of them should be stored. */
      refused: { leads: [], params: [], users: [] },
      unknown: { leads: [], params: [], users: [] },
      refusedByOp: {},
    };
    phases.set(phase, s);
  }
  return s;
};

async function call(agent, method, path, { headers = {}, body, token } = {}) {
  const h = { authorization: basic, ...headers };
  if (token) h['cube-auth'] = `bearer ${token}`;
  if (body !== undefined) h['content-type'] = 'application/json';
  const res = await request(`${base}${path}`, {
    method,
    headers: h,
    body: body === undefined ? undefined : JSON.stringify(body),
    dispatcher: agent,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  const text = await res.body.text();
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.statusCode, body: parsed, text };
}

function classify(res) {
  if (res.status >= 200 && res.status < 300) return 'ok';
  const code = res.body?.code ?? res.body?.error_code;
  if (res.status === 503 && code === 503) return 'documented503';
  if (res.status === 429 && (code === 429 || res.body?.error_code === 429)) return 'documented429';
  return 'failure';
}

/** Runs one operation and records it under the current phase. `write`: { kind, key } of an acknowledged write. */
async function record(op, run, write) {
  const s = stats();
  const started = performance.now();
  s.sent++;
  s.byOp[op] = (s.byOp[op] ?? 0) + 1;
  let res;
  let kind;
  try {
    res = await run();
    kind = classify(res);
  } catch (error) {
    kind = 'failure';
    res = { status: 0, text: `${error.code ?? error.name}: ${error.message}` };
  }
  const ms = performance.now() - started;
  // Counted in the phase it was sent in, however long it took.
  const now = s;
  now.latencies.push(ms);
  if (kind === 'ok') {
    now.ok++;
    if (write) (res.body?.success === false ? now.unknown : now.acked)[write.kind].push(write.key);
  } else if (kind === 'documented503' || kind === 'documented429') {
    if (kind === 'documented503') {
      now.documented503++;
      now.max503Ms = Math.max(now.max503Ms, ms);
    } else {
      now.documented429++;
    }
    const label = `${op} ${res.status}`;
    now.refusedByOp[label] = (now.refusedByOp[label] ?? 0) + 1;
    if (write) now.refused[write.kind].push(write.key);
  } else {
    now.failures++;
    const label = `${op} ${res.status || 'network'}`;
    now.failureKinds[label] = (now.failureKinds[label] ?? 0) + 1;
    if (now.failureSamples.length < 8) now.failureSamples.push(`${label}: ${String(res.text).slice(0, 160)}`);
    // A write whose answer was lost may or may not have been stored: the controller reports those apart.
    if (write) now.unknown[write.kind].push(write.key);
  }
  return res;
}

let stopping = false;
const tokens = {};

async function login(agent, who) {
  const q = new URLSearchParams({
    tenantId: who.tenantId,
    username: who.username,
    password: md5(who.password),
    grant_type: 'password',
    scope: 'all',
    type: 'account',
  });
  return call(agent, 'POST', `/api/cube-auth/oauth/token?${q}`, { headers: { 'tenant-id': who.tenantId } });
}

async function worker(index) {
  const agent = new Agent({ localAddress: `127.0.0.${11 + index}`, keepAliveTimeout: 30_000 });
  const last = { login: 0, lead: 0, param: 0, user: 0 };
  let n = 0;
  // Spread the first writes over the first seconds.
  const offset = (ms) => Date.now() - Math.random() * ms;
  last.login = offset(3000);
  last.lead = offset(7000);
  last.param = offset(2000);
  last.user = offset(10_000);
  while (!stopping) {
    const now = Date.now();
    n++;
    if (now - last.login > 3000) {
      // 20 a minute per address, under the token endpoint's 30.
      last.login = now;
      await record('login', async () => {
        const res = await login(agent, { tenantId: '100000', username: 'user', password: 'User@2026' });
        return res.status === 200 && !res.body?.access_token ? { ...res, status: 599 } : res;
      });
    } else if (now - last.lead > 7000) {
      // 8.5 a minute per address, under the form's 10.
      last.lead = now;
      const requestId = `drill${runId}${index}x${n}`;
      await record(
        'lead',
        () =>
          call(agent, 'POST', '/api/cube-pr/prkhzx/submit', {
            body: {
              name: `演练${index}`,
              phone: `138${String((index * 1_000_003 + n) % 100_000_000).padStart(8, '0')}`,
              consent: true,
              service: '专利申请',
              message: `drill ${runId}`,
              requestId,
            },
          }),
        { kind: 'leads', key: `r:${requestId}` },
      );
    } else if (now - last.param > 2000) {
      last.param = now;
      const key = `drill.${runId}.${index}.${n}`;
      await record(
        'save param',
        () =>
          call(agent, 'POST', '/api/cube-system/param/submit', {
            token: tokens.platform,
            body: { paramName: `演练参数 ${index}-${n}`, paramKey: key, paramValue: String(n) },
          }),
        { kind: 'params', key },
      );
    } else if (now - last.user > 10_000) {
      last.user = now;
      const account = `drill${runId}u${index}x${n}`;
      await record(
        'save user',
        () =>
          call(agent, 'POST', '/api/cube-user/submit', {
            token: tokens.tenant,
            body: {
              account,
              name: account,
              realName: `演练用户${index}`,
              roleId: USER_ROLE,
              deptId: DEPT,
              password: 'Drill@2026',
            },
          }),
        { kind: 'users', key: account },
      );
    } else {
      const pick = n % 6;
      if (pick === 0) await record('home page', () => call(agent, 'GET', '/'));
      else if (pick === 1)
        await record('public list', () => call(agent, 'GET', '/api/cube-cr/product/public-list'));
      else if (pick === 2)
        await record('param list', () =>
          call(agent, 'GET', '/api/cube-system/param/list?current=1&size=10', { token: tokens.platform }),
        );
      else if (pick === 3)
        await record('user list', () =>
          call(agent, 'GET', '/api/cube-user/page?current=1&size=10', { token: tokens.tenant }),
        );
      else if (pick === 4)
        await record('user-info', () =>
          call(agent, 'GET', '/api/cube-auth/oauth/user-info', { token: tokens.tenant }),
        );
      else
        await record('site info', () => call(agent, 'GET', '/api/cube-system/tenant/info?domain=127.0.0.1'));
    }
    if (thinkMs) await new Promise((r) => setTimeout(r, thinkMs * (0.5 + Math.random())));
  }
  await agent.close();
}

const setup = new Agent({ localAddress: '127.0.0.2' });
for (const [name, who] of [
  ['platform', { tenantId: '000000', username: 'admin', password: 'Admin@2026' }],
  ['tenant', { tenantId: '100000', username: 'admin', password: 'Demo@2026' }],
]) {
  const res = await login(setup, who);
  if (!res.body?.access_token) {
    process.send?.({ error: `sign-in of ${name} failed: ${res.status} ${res.text.slice(0, 200)}` });
    process.exit(1);
  }
  tokens[name] = res.body.access_token;
}

/**
 * `mode: 'login'` (the load section of the drills): sign-ins only, closed loop, each worker from its own address
 * under `addressBase` and at most 28 sign-ins (the token endpoint allows 30 a minute per address).
 */
async function loginWorker(index) {
  const agent = new Agent({ localAddress: `${options.addressBase}${10 + index}` });
  for (let i = 0; i < 28 && !stopping; i++) {
    await record('login', async () => {
      const res = await login(agent, { tenantId: '100000', username: 'user', password: 'User@2026' });
      return res.status === 200 && !res.body?.access_token ? { ...res, status: 599 } : res;
    });
  }
  await agent.close();
}

const running = Array.from({ length: workers }, (_, i) =>
  options.mode === 'login' ? loginWorker(i) : worker(i),
);
process.send?.({ ready: true });

// Never outlive the controller (a crashed drill must not leave load running).
process.on('disconnect', () => process.exit(0));

process.on('message', async (message) => {
  if (message.phase) {
    phase = message.phase;
    stats();
  }
  if (message.stop) {
    stopping = true;
    await Promise.all(running);
    const out = {};
    for (const [name, s] of phases) {
      const sorted = s.latencies.sort((a, b) => a - b);
      const q = (p) =>
        sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : 0;
      const { latencies: _l, ...rest } = s;
      out[name] = { ...rest, p50: q(0.5), p99: q(0.99), max: sorted.at(-1) ?? 0 };
    }
    process.send?.({ results: out }, () => process.exit(0));
  }
});
