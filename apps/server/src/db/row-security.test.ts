import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, PG_APP_ROLE, type TestApp } from '../../test/helpers.js';
import { newId } from '../platform/ids.js';
import { withPlatformScope, withTenantScope } from './row-scope.js';
import { inspectRowSecurity, rowSecurityProblem } from './row-security.js';

/**
 * PostgreSQL row-level security is a second wall behind `TenantData`. These tests query
 * the tables directly, without the tenant predicate `TenantData` would add, to prove the wall holds on its own.
 */
const pg = Boolean(process.env.CUBE_TEST_PG_URL);

describe.skipIf(!pg)('row-level security on postgres (T6)', () => {
  let t: TestApp;
  const A = '100000';
  // Not a seeded tenant (the demo seed has 000000, 100000 and 200000): the test makes its own copy of A.
  const B = '300000';
  const userB = { tenantId: B, username: 'user', password: DEMO.tenantUser.password };

  beforeAll(async () => {
    t = await createTestApp('postgres', {}, undefined, { poolSize: 5 });
    // Tenant B: a copy of tenant A's plain user and role, with the same password.
    await withPlatformScope(async () => {
      const db = t.deps.db.db;
      const tenant = await db
        .selectFrom('cubeTenant')
        .selectAll()
        .where('tenantId', '=', A)
        .executeTakeFirstOrThrow();
      await db
        .insertInto('cubeTenant')
        .values({ ...tenant, id: newId(), tenantId: B, tenantName: '乙公司', domain: '' })
        .execute();
      const user = await db
        .selectFrom('cubeUser')
        .selectAll()
        .where('tenantId', '=', A)
        .where('account', '=', 'user')
        .executeTakeFirstOrThrow();
      const role = await db
        .selectFrom('cubeRole')
        .selectAll()
        .where('id', '=', user.roleId.split(',')[0]!)
        .executeTakeFirstOrThrow();
      const roleId = newId();
      await db
        .insertInto('cubeRole')
        .values({ ...role, id: roleId, tenantId: B })
        .execute();
      await db
        .insertInto('cubeUser')
        .values({ ...user, id: newId(), tenantId: B, roleId, deptId: '', realName: '乙用户' })
        .execute();
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('runs as a role that neither is a superuser nor bypasses RLS, with every tenant table under a forced policy', async () => {
    const report = await inspectRowSecurity(t.deps.db.db);
    expect(report).toEqual({
      role: PG_APP_ROLE,
      superuser: false,
      bypassRls: false,
      unprotectedTables: [],
      enforced: true,
    });
    expect(rowSecurityProblem(report)).toBeUndefined();
  });

  it('names what lets a role escape the policies (production refuses to start on it)', () => {
    const escaping = {
      role: 'postgres',
      superuser: true,
      bypassRls: true,
      unprotectedTables: ['cube_x'],
      enforced: false,
    };
    expect(rowSecurityProblem(escaping)).toBe(
      'role postgres is a superuser; role postgres has BYPASSRLS; tables without a forced policy: cube_x',
    );
  });

  it('shows no rows at all to work that names no tenant', async () => {
    const db = t.deps.db.db;
    expect(await db.selectFrom('cubeUser').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('cubeTenant').selectAll().execute()).toEqual([]);
    const raw = await sql<{ n: string }>`select count(*) as n from cube_user`.execute(db);
    expect(Number(raw.rows[0]?.n)).toBe(0);
  });

  it('shows a tenant only its own rows, even to a query that forgot the tenant predicate', async () => {
    const rows = await withTenantScope(A, () => t.deps.db.db.selectFrom('cubeUser').selectAll().execute());
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.tenantId))).toEqual(new Set([A]));
    const all = await withPlatformScope(() => t.deps.db.db.selectFrom('cubeUser').selectAll().execute());
    expect(new Set(all.map((r) => r.tenantId))).toEqual(new Set(['000000', A, '200000', B]));
  });

  it("refuses to write another tenant's rows", async () => {
    const db = t.deps.db.db;
    await expect(
      withTenantScope(A, () =>
        db
          .insertInto('cubeNotice')
          .values({
            id: newId(),
            tenantId: B,
            title: '越权',
            category: 1,
            releaseTime: '2026-01-01 00:00:00',
            content: '',
            createTime: '2026-01-01 00:00:00',
            updateTime: '2026-01-01 00:00:00',
          })
          .execute(),
      ),
    ).rejects.toThrow(/row-level security/);
    const changed = await withTenantScope(A, () =>
      db.updateTable('cubeUser').set({ realName: '被改' }).where('tenantId', '=', B).executeTakeFirst(),
    );
    expect(Number(changed.numUpdatedRows)).toBe(0);
  });

  it('keeps 1,000 interleaved queries of two tenants apart over a pool of five connections', async () => {
    const db = t.deps.db.db;
    const tenants = Array.from({ length: 1000 }, (_, i) => (i % 2 === 0 ? A : B));
    const seen = await Promise.all(
      tenants.map((tenantId) =>
        withTenantScope(tenantId, async () => {
          const rows = await db.selectFrom('cubeUser').select('tenantId').execute();
          return { tenantId, seen: [...new Set(rows.map((r) => r.tenantId))] };
        }),
      ),
    );
    for (const result of seen) expect(result.seen).toEqual([result.tenantId]);
  });

  it('keeps 1,000 interleaved requests of two tenants apart over a pool of five connections', async () => {
    const tokenA = (await t.token(DEMO.tenantUser)).access_token;
    const tokenB = (await t.token(userB)).access_token;
    const calls = Array.from({ length: 1000 }, (_, i) => (i % 2 === 0 ? { A: tokenA } : { B: tokenB }));
    for (let start = 0; start < calls.length; start += 100) {
      const batch = calls.slice(start, start + 100);
      const answers = await Promise.all(
        batch.map(async (call) => {
          const [tenantId, token] = Object.entries(call)[0]!;
          const res = await t.call('GET', '/api/cube-auth/oauth/user-info', token);
          return {
            expected: tenantId === 'A' ? A : B,
            status: res.statusCode,
            tenantId: res.body?.data?.tenantId,
          };
        }),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.tenantId).toBe(answer.expected);
      }
    }
  });
});
