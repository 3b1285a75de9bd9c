// "Several instances behave as one", checked against a running cluster: each check does something
// on one instance and looks at the effect on the others, calling the instances directly (not through nginx) so
// that which instance answers is never left to chance.
import { randomBytes } from 'node:crypto';
import { Client, DEMO } from './client.mjs';
import { sleep } from './lib.mjs';

const USER_ROLE = '1123598816738675203'; // 100000 普通用户 (seeded without grants)
const DESK_MENU = '1123598815738675220'; // 工作台
const NOTICE_MENU = '1123598815738675221'; // 通知公告 (code `notice`)

/** A 1×1 PNG carrying `text` in a tEXt chunk (chunk CRCs are not checked by the upload's type sniffing). */
function png(text) {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('tEXt', Buffer.from(`check\0${text}`, 'latin1')),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const fakeAddress = () => `198.51.100.${1 + Math.floor(Math.random() * 250)}`;

async function check(name, run) {
  const started = Date.now();
  try {
    const detail = await run();
    return { name, ok: true, detail: detail ?? '', ms: Date.now() - started };
  } catch (error) {
    return { name, ok: false, detail: error.message, ms: Date.now() - started };
  }
}

function expectStatus(res, status, what) {
  if (res.status !== status)
    throw new Error(
      `${what}: expected ${status}, got ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`,
    );
}

/** Runs every check; resolves [{ name, ok, detail, ms }]. */
export async function runClusterChecks(cluster) {
  const base = new Client(cluster.url, cluster.secrets.webClient);
  const [a, b, c] = [0, 1, 2].map((i) => base.at(cluster.instanceUrl(i)));
  const results = [];

  results.push(
    await check('sessions: a token from instance 1 is accepted by 2 and 3', async () => {
      const token = await a.token(DEMO.tenantAdmin);
      expectStatus(await b.get('/api/cube-auth/oauth/user-info', { token }), 200, 'instance 2');
      expectStatus(await c.get('/api/cube-auth/oauth/user-info', { token }), 200, 'instance 3');
    }),
  );

  results.push(
    await check('revocation: a logout on 2 ends the session on 1 and 3 at once', async () => {
      const token = await a.token(DEMO.tenantAdmin);
      // Cached on 1 and 3 first, so the refusal below is the invalidation's doing.
      expectStatus(await a.get('/api/cube-auth/oauth/user-info', { token }), 200, 'instance 1 before');
      expectStatus(await c.get('/api/cube-auth/oauth/user-info', { token }), 200, 'instance 3 before');
      expectStatus(await b.get('/api/cube-auth/oauth/logout', { token }), 200, 'logout on 2');
      expectStatus(await a.get('/api/cube-auth/oauth/user-info', { token }), 401, 'instance 1 after');
      expectStatus(await c.get('/api/cube-auth/oauth/user-info', { token }), 401, 'instance 3 after');
    }),
  );

  results.push(
    await check('permissions: a grant changed on 1 holds on 2 and 3 from the next request', async () => {
      const admin = await a.token(DEMO.tenantAdmin);
      const user = await a.token(DEMO.user);
      const grant = (menuIds) =>
        a.post('/api/cube-system/role/grant', { roleIds: [USER_ROLE], menuIds }, { token: admin });
      try {
        expectStatus(
          await b.get('/api/cube-desk/notice/list?current=1&size=1', { token: user }),
          403,
          '2 before',
        );
        expectStatus(await grant([DESK_MENU, NOTICE_MENU]), 200, 'grant on 1');
        expectStatus(
          await b.get('/api/cube-desk/notice/list?current=1&size=1', { token: user }),
          200,
          '2 granted',
        );
        expectStatus(
          await c.get('/api/cube-desk/notice/list?current=1&size=1', { token: user }),
          200,
          '3 granted',
        );
        expectStatus(await grant([]), 200, 'revoke on 1');
        expectStatus(
          await b.get('/api/cube-desk/notice/list?current=1&size=1', { token: user }),
          403,
          '2 revoked',
        );
        expectStatus(
          await c.get('/api/cube-desk/notice/list?current=1&size=1', { token: user }),
          403,
          '3 revoked',
        );
      } finally {
        await grant([]);
      }
    }),
  );

  results.push(
    await check('dictionaries: an item changed on 1 reads changed on 2 and 3', async () => {
      const admin = await a.token(DEMO.tenantAdmin);
      const read = async (client) => {
        const res = await client.get('/api/cube-system/dict-biz/dictionary?code=flow', { token: admin });
        expectStatus(res, 200, 'dictionary');
        return res.body.data;
      };
      const before = await read(b);
      await read(c);
      const item = before[0];
      if (!item) throw new Error('dict-biz `flow` has no items');
      const detail = await a.get(`/api/cube-system/dict-biz/detail?id=${item.id}`, { token: admin });
      expectStatus(detail, 200, 'detail');
      const label = `${detail.body.data.dictValue.replace(/ \[[0-9a-f]+\]$/, '')} [${randomBytes(3).toString('hex')}]`;
      const save = (dictValue) =>
        a.post('/api/cube-system/dict-biz/submit', { ...detail.body.data, dictValue }, { token: admin });
      try {
        expectStatus(await save(label), 200, 'submit on 1');
        for (const [client, name] of [
          [b, '2'],
          [c, '3'],
        ]) {
          const now = (await read(client)).find((d) => d.id === item.id);
          if (now?.dictValue !== label) throw new Error(`instance ${name} still answers ${now?.dictValue}`);
        }
      } finally {
        await save(detail.body.data.dictValue);
      }
    }),
  );

  results.push(
    await check('rate limits: the form’s 10 a minute per address are counted across instances', async () => {
      const address = fakeAddress();
      const statuses = [];
      for (let i = 0; i < 11; i++) {
        const client = [a, b, c][i % 3];
        const res = await client.post(
          '/api/cube-pr/prkhzx/submit',
          {
            name: '集群检查',
            phone: `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
            consent: true,
            service: '专利申请',
            requestId: `check-${randomBytes(8).toString('hex')}`,
          },
          { headers: { 'x-forwarded-for': address } },
        );
        statuses.push(res.status);
      }
      if (statuses.slice(0, 10).some((s) => s !== 200) || statuses[10] !== 429)
        throw new Error(`statuses ${statuses.join(',')}`);
      return '10 × 200 over 3 instances, then 429';
    }),
  );

  results.push(
    await check('lockout: failed passwords on 1 and 2 lock the account on 3', async () => {
      const headers = { 'x-forwarded-for': fakeAddress() };
      const wrong = { ...DEMO.agent, password: 'wrong-password' };
      const messages = [];
      for (let i = 0; i < 5; i++)
        messages.push((await [a, b][i % 2].login(wrong, headers)).body.error_description);
      const res = await c.login(DEMO.agent, headers);
      if (res.status === 200) throw new Error('the right password still signs in on 3');
      return `then the right password on 3: ${res.body.error_description ?? res.body.msg}`;
    }),
  );

  results.push(
    await check('captcha: an answer made on 1 is in the shared store', async () => {
      const res = await a.get('/api/cube-auth/oauth/captcha');
      expectStatus(res, 200, 'captcha');
      const key = res.body.data?.key ?? res.body.key;
      if (!key) throw new Error(`no key in ${JSON.stringify(res.body).slice(0, 120)}`);
      const found = await cluster.redisCommand('EXISTS', `cube:captcha:${key}`);
      if (found !== ':1') throw new Error(`Redis has no cube:captcha:${key}`);
    }),
  );

  results.push(
    await check('files: a file uploaded on 1 is served by 2 and 3', async () => {
      const admin = await a.token(DEMO.tenantAdmin);
      // A 1×1 PNG with random bytes in a text chunk, so each run's file is its own.
      const content = png(randomBytes(8).toString('hex'));
      const form = new FormData();
      form.append('file', new Blob([content], { type: 'image/png' }), 'check.png');
      const up = await a.request('POST', '/api/cube-resource/oss/endpoint/put-file', { token: admin, form });
      expectStatus(up, 200, 'upload on 1');
      const link = new URL(up.body.data.link, 'http://x').pathname;
      for (const name of [2, 3]) {
        const res = await fetch(`${cluster.instanceUrl(name - 1)}${link}`, {
          headers: { 'cube-auth': `bearer ${admin}` },
        });
        const body = Buffer.from(await res.arrayBuffer());
        if (res.status !== 200 || !body.equals(content)) throw new Error(`instance ${name}: ${res.status}`);
      }
    }),
  );

  results.push(
    await check(
      'a tenant on its own database: bound on 1, written on 2, read on 3, back on the master',
      async () => {
        const name = `cube_ds_${randomBytes(4).toString('hex')}`;
        const pg = (await import('pg')).default;
        /** A superuser query on another database of the cluster's server. */
        const queryIn = async (database, text, params = []) => {
          const url = new URL(cluster.adminUrl);
          url.pathname = `/${database}`;
          const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 5000 });
          await client.connect();
          try {
            return (await client.query(text, params)).rows;
          } finally {
            await client.end().catch(() => {});
          }
        };
        await cluster.query(`create database ${name} owner cube_app`);
        const platform = await a.token(DEMO.platformAdmin);
        const bind = async (datasourceId) => {
          const res = await a.post(
            `/api/cube-system/tenant/datasource?tenantId=100000&datasourceId=${datasourceId}`,
            undefined,
            { token: platform, timeoutMs: 60_000 },
          );
          if (res.body?.code !== 200)
            throw new Error(`bind ${datasourceId || 'master'}: ${JSON.stringify(res.body)}`);
          // No wait: the other instances are told at the flip's commit (Redis), before the answer.
        };
        let datasourceId = '';
        try {
          const saved = await a.post(
            '/api/cube-develop/datasource/submit',
            {
              name: `集群检查 ${name}`,
              url: `postgres://127.0.0.1:${cluster.ports.postgres}/${name}`,
              username: 'cube_app',
              password: cluster.secrets.db,
              poolSize: 2,
            },
            { token: platform },
          );
          datasourceId = String(saved.body?.data?.id ?? '');
          if (!datasourceId) throw new Error(`datasource: ${JSON.stringify(saved.body)}`);
          const admin = await b.token(DEMO.tenantAdmin);
          // Instances 2 and 3 have the bindings cached (unbound) just before the bind: only the broadcast tells them.
          for (const instance of [b, c])
            expectStatus(
              await instance.get('/api/cube-desk/notice/list?size=1', { token: admin }),
              200,
              'warm-up',
            );
          await bind(datasourceId);
          const title = `集群独立库 ${randomBytes(3).toString('hex')}`;
          const created = await b.post(
            '/api/cube-desk/notice/submit',
            { title, category: 1, content: '<p>集群检查</p>', releaseTime: '2026-01-05 09:00:00' },
            { token: admin },
          );
          expectStatus(created, 200, 'notice on 2');
          const listed = await c.get(
            `/api/cube-desk/notice/list?size=100&title=${encodeURIComponent(title)}`,
            {
              token: admin,
            },
          );
          if (!JSON.stringify(listed.body).includes(title))
            throw new Error('instance 3 does not list the notice');
          if ((await queryIn(name, 'select 1 from cube_notice where title = $1', [title])).length !== 1)
            throw new Error('the notice is not in the tenant database');
          if ((await cluster.query('select 1 from cube_notice where title = $1', [title])).length !== 0)
            throw new Error('the notice reached the master');
          await bind('');
          if ((await cluster.query('select 1 from cube_notice where title = $1', [title])).length !== 1)
            throw new Error('unbinding did not bring the notice back');
          return `${name}: written on 2, listed on 3, moved back on unbind`;
        } finally {
          const bound = await cluster.query(
            "select datasource_id from cube_tenant where tenant_id = '100000'",
          );
          if (bound[0]?.datasource_id) await bind('').catch(() => {});
          if (datasourceId)
            await a.post(`/api/cube-develop/datasource/remove?ids=${datasourceId}`, undefined, {
              token: platform,
            });
          await cluster.query(`drop database if exists ${name} with (force)`);
        }
      },
    ),
  );

  results.push(
    await check('scheduled jobs: made due, each runs once across the three instances', async () => {
      // Made due now; every instance polls within 15 s; exactly one runs each job. The whole window stays under
      // the shortest job interval (30 s), so a second run could only be a second instance running the same due
      // job — forced at the start of the checks instead, a loaded machine's slow checks let the next scheduled
      // run fall inside the window (counted +2 at a load average of 23).
      const jobsBefore = await cluster.query('select name, run_count from cube_job order by name');
      await cluster.query('update cube_job set next_run_at = 0');
      const jobsForcedAt = Date.now();
      const before = new Map(jobsBefore.map((r) => [r.name, Number(r.run_count)]));
      const read = async () =>
        cluster.query('select name, run_count, lease_owner, last_status from cube_job');
      // Every instance polls at least every ~15 s: wait until each job ran, then one more full poll round.
      let rows = await read();
      while (
        Date.now() - jobsForcedAt < 20_000 &&
        rows.some((r) => Number(r.run_count) === before.get(r.name))
      )
        await sleep(500);
      await sleep(Math.max(0, jobsForcedAt + 17_000 - Date.now()));
      rows = await read();
      const runs = rows.map((r) => `${r.name} +${Number(r.run_count) - (before.get(r.name) ?? 0)}`);
      if (rows.some((r) => Number(r.run_count) - (before.get(r.name) ?? 0) !== 1))
        throw new Error(`runs: ${runs.join(', ')}`);
      const owners = new Set(rows.map((r) => r.lease_owner.split(':')[1]));
      return `${runs.join(', ')} (run by pid ${[...owners].join(', ')}; ${rows.map((r) => r.last_status).join('/')})`;
    }),
  );
  return results;
}

export function printChecks(results, out = console.info) {
  const width = Math.max(...results.map((r) => r.name.length));
  out('\nchecks (the deploy files; every instance behaves as one)');
  for (const r of results) out(`  ${r.ok ? 'ok  ' : 'FAIL'}  ${r.name.padEnd(width)}  ${r.detail}`);
}
