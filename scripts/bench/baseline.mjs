// The bare servers `npm run bench` compares the product with: what a competent implementation would write with
// the same libraries and no framework around them — no access control, no validation, no logging.
//
//   node baseline.mjs fastify <port>                 GET /api/health → {"status":"UP"}
//   node baseline.mjs page    <port> <sqlite file>   GET /api/cube-system/param/list: Kysely builds the same count
//                                                    and page queries per request over a copy of the product's file
//   node baseline.mjs users   <port> <sqlite file> <dept id>   GET /api/cube-user/page: the users of tenant
//                                                    100000 in that department and below (cube_user_dept joined to
//                                                    the departments' ancestors), count (up to a cap, as the
//                                                    product counts) and page
//   node baseline.mjs verify  <port> <secret>        GET /api/cube-auth/oauth/user-info: jose jwtVerify (HS256,
//                                                    issuer, audience, exp/iat/sub, typ) → the claims
//   node baseline.mjs html    <port> <html file>     GET / → the file's HTML, the same string every time
//
// `page` and `users` take a PostgreSQL URL in place of the SQLite file (`npm run bench:pg`): the same Kysely queries
// over node-postgres with a pool of 10 (the product's default), reading the product's database itself.
import { copyFileSync, existsSync } from 'node:fs';
import Fastify from 'fastify';

const [kind, portArg, arg] = process.argv.slice(2);
const port = Number(portArg);
const app = Fastify();

/** The user page's count stops here, as the product's does (modules/user/user-query.ts). */
const COUNT_CAP = 1_000;
const envelope = (data) => ({ code: 200, success: true, msg: '操作成功', data });

if (kind === 'fastify') {
  app.get('/api/health', async () => ({ status: 'UP' }));
} else if (kind === 'page' || kind === 'users') {
  const { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, sql } = await import('kysely');
  let dialect;
  const postgres = /^postgres(ql)?:\/\//.test(arg);
  if (postgres) {
    const { default: pg } = await import('pg');
    // 64-bit ids must not lose precision: int8 read as bigint, sent as a string (as the product does).
    pg.types.setTypeParser(pg.types.builtins.INT8, (v) => BigInt(v));
    dialect = new PostgresDialect({ pool: new pg.Pool({ connectionString: arg, max: 10 }) });
  } else {
    const { default: SQLite } = await import('better-sqlite3');
    // A copy of the product's database (taken while the product is idle), so that both read the same rows from
    // files of their own.
    const copy = `${arg}.${kind}.baseline`;
    const source = new SQLite(arg, { readonly: true });
    await source.backup(copy);
    source.close();
    if (!existsSync(copy)) copyFileSync(arg, copy);
    const sqlite = new SQLite(copy);
    sqlite.pragma('journal_mode = WAL');
    // 64-bit ids must not lose precision: read them as bigint and send them as strings (as the product does).
    sqlite.defaultSafeIntegers(true);
    dialect = new SqliteDialect({ database: sqlite });
  }
  const db = new Kysely({ dialect, plugins: [new CamelCasePlugin()] });
  const portable = (row) => {
    for (const key in row) {
      const v = row[key];
      if (typeof v === 'bigint') row[key] = key === 'id' || key.endsWith('Id') ? v.toString() : Number(v);
    }
    return row;
  };
  if (kind === 'users') {
    const dept = process.argv[5];
    const tenant = '100000';
    app.get('/api/cube-user/page', async (request) => {
      const current = Math.max(1, Number(request.query.current) || 1);
      const size = Math.min(100, Math.max(1, Number(request.query.size) || 10));
      const base = db
        .selectFrom('cubeUser')
        .where('tenantId', '=', tenant)
        .where('isDeleted', '=', 0)
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('cubeUserDept')
            .select('userId')
            .where('tenantId', '=', tenant)
            .where('deptId', 'in', (d) =>
              d
                .selectFrom('cubeDept')
                .select('id')
                .where('tenantId', '=', tenant)
                .where('isDeleted', '=', 0)
                .where((w) => w.or([w('id', '=', dept), w('ancestors', 'like', `%,${dept}%`)])),
            ),
        );
      // The same work as the product: the total counted up to 1,000 rows (a subquery walking the primary key with LIMIT), and past that
      // PostgreSQL's planner estimate (EXPLAIN, nothing read) or the cap on SQLite.
      const probe = base.select(sql`1`.as('one'));
      let { total } = await db
        .selectFrom(
          probe
            .orderBy('id')
            .limit(COUNT_CAP + 1)
            .as('capped'),
        )
        .select((eb) => eb.fn.countAll().as('total'))
        .executeTakeFirstOrThrow();
      if (Number(total) > COUNT_CAP) {
        total = COUNT_CAP;
        if (postgres) {
          const [row] = await probe.explain('json');
          total = Math.max(COUNT_CAP, Math.round(row['QUERY PLAN'][0].Plan['Plan Rows']));
        }
      }
      const records = await base
        .selectAll()
        .orderBy('id', 'asc')
        .limit(size)
        .offset((current - 1) * size)
        .execute();
      const n = Number(total);
      return envelope({
        records: records.map((r) => {
          const { password: _password, ...shown } = portable(r);
          return shown;
        }),
        total: n,
        size,
        current,
        pages: Math.ceil(n / size),
      });
    });
  } else {
    app.get('/api/cube-system/param/list', async (request) => {
      const current = Math.max(1, Number(request.query.current) || 1);
      const size = Math.min(100, Math.max(1, Number(request.query.size) || 10));
      const base = db.selectFrom('cubeParam').where('isDeleted', '=', 0);
      const { total } = await base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
      const records = await base
        .selectAll()
        .orderBy('id', 'desc')
        .limit(size)
        .offset((current - 1) * size)
        .execute();
      const n = Number(total);
      return envelope({
        records: records.map(portable),
        total: n,
        size,
        current,
        pages: Math.ceil(n / size),
      });
    });
  }
} else if (kind === 'verify') {
  const { jwtVerify } = await import('jose');
  const key = new TextEncoder().encode(arg);
  app.get('/api/cube-auth/oauth/user-info', async (request, reply) => {
    const match = /^bearer\s+(\S+)$/i.exec(request.headers['cube-auth'] ?? '');
    try {
      if (!match) throw new Error('no token');
      const { payload } = await jwtVerify(match[1], key, {
        algorithms: ['HS256'],
        issuer: 'cube-portal',
        audience: 'cube-portal',
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      if (payload.typ !== 'access') throw new Error('not an access token');
      return envelope(payload);
    } catch {
      return reply.code(401).send({ code: 401, success: false, msg: '请求未授权', data: {} });
    }
  });
} else if (kind === 'html') {
  // The public home page as the product answered it, read once: the string sent as it is on every request.
  const { readFileSync } = await import('node:fs');
  const html = readFileSync(arg, 'utf8');
  app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(html));
} else {
  console.error(`unknown baseline ${kind}`);
  process.exit(2);
}

await app.listen({ port, host: '127.0.0.1' });
