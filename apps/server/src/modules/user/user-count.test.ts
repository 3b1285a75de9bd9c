import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects, type TestApp } from '../../../test/helpers.js';
import { withTenantScope } from '../../db/row-scope.js';
import { countRows, readPage } from '../../platform/crud/paging.js';
import { live } from '../../platform/rows.js';
import { USER_COUNT_CAP, userCountCap } from './user-query.js';

/** Demo tenant 100000 (seed/demo-data.ts, seed/users.ts). */
const TENANT = '100000';

// The user page counts at most USER_COUNT_CAP rows of the caller's scope: below the cap its total is the exact
// count on both databases; past it the count stops reading and the total is an estimate never below the cap.
describe.each(dialects)('user page total, bounded count, on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const users = () => live(t.deps.db.db.selectFrom('cubeUser').where('tenantId', '=', TENANT));
  const exactCount = () =>
    withTenantScope(TENANT, async () =>
      Number(
        (
          await users()
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.token(DEMO.tenantAdmin)).access_token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the exact total below the cap, as a full count does', async () => {
    const n = await exactCount();
    expect(n).toBeGreaterThan(1);
    expect(n).toBeLessThan(USER_COUNT_CAP);
    const res = await t.call('GET', '/api/cube-user/page?current=1&size=2', admin);
    expect(res.body, res.raw).toMatchObject({ code: 200, data: { total: n, pages: Math.ceil(n / 2) } });
    expect(res.body.data.records).toHaveLength(2);
    // The same total with the cap exactly at the count (nothing past it to read).
    const atCap = await withTenantScope(TENANT, () => countRows(users(), userCountCap(t.deps, n)));
    expect(atCap).toEqual({ total: n, exact: true });
  });

  it('reads no more than cap + 1 rows to count, and still reads the page past the cap', async () => {
    const n = await exactCount();
    const cap = n - 1;
    const seen: string[] = [];
    t.sql.length = 0;
    const counted = await withTenantScope(TENANT, () => countRows(users(), userCountCap(t.deps, cap)));
    seen.push(...t.sql);
    expect(counted.exact).toBe(false);
    // SQLite keeps no estimate and answers the cap; PostgreSQL answers its planner's estimate, never below the cap.
    if (dialect === 'sqlite') expect(counted.total).toBe(cap);
    else expect(counted.total).toBeGreaterThanOrEqual(cap);
    expect(seen.some((s) => /limit/i.test(s) && /count\(\*\)/i.test(s))).toBe(true);
    const page = await withTenantScope(TENANT, () =>
      readPage(
        users(),
        {
          current: 1,
          size: n,
          orders: [{ field: 'id', direction: 'asc' }],
          countCap: userCountCap(t.deps, cap),
        },
        (qb) => qb.select('id'),
      ),
    );
    expect(page.records).toHaveLength(n);
  });

  it('reads a page and its total in one statement, and counts apart only for an empty page past the first', async () => {
    const n = await exactCount();
    // A statement of its own (the tenant condition twice): no estimate an earlier test asked for is reused.
    const page = (current: number, size: number, cap = USER_COUNT_CAP) =>
      withTenantScope(TENANT, () =>
        readPage(
          users().where('tenantId', '=', TENANT),
          { current, size, orders: [{ field: 'id', direction: 'asc' }], countCap: userCountCap(t.deps, cap) },
          (qb) => qb.select(['id', 'account']),
        ),
      );
    const statements = () => t.sql.filter((s) => !s.includes('set_config'));
    t.sql.length = 0;
    const first = await page(1, 2);
    expect(first).toMatchObject({ total: n, current: 1, size: 2, pages: Math.ceil(n / 2) });
    // The rows carry only what was selected: the count's column is taken off.
    expect(first.records.map((r) => Object.keys(r))).toEqual([
      ['id', 'account'],
      ['id', 'account'],
    ]);
    expect(statements()).toHaveLength(1);
    expect(statements()[0]).toMatch(/count\(\*\)/i);

    t.sql.length = 0;
    const past = await page(n + 1, 1);
    expect(past).toMatchObject({ records: [], total: n, current: n + 1 });
    expect(statements()).toHaveLength(2);

    // Past the cap the total is the cap (SQLite) or the planner's estimate (PostgreSQL), asked once while it is fresh.
    t.sql.length = 0;
    const [a, b] = [await page(1, 2, n - 1), await page(2, 2, n - 1)];
    expect(a.total).toBe(b.total);
    expect(a.total).toBeGreaterThanOrEqual(n - 1);
    if (dialect === 'sqlite') expect(a.total).toBe(n - 1);
    expect(statements().filter((s) => /^explain/i.test(s))).toHaveLength(dialect === 'postgres' ? 1 : 0);
  });

  it('answers an empty first page with a total of 0 in one statement', async () => {
    t.sql.length = 0;
    const empty = await withTenantScope(TENANT, () =>
      readPage(
        users().where('account', '=', 'nobody-has-this-account'),
        { current: 1, size: 10, orders: [{ field: 'id', direction: 'asc' }] },
        (qb) => qb.select('id'),
      ),
    );
    expect(empty).toEqual({ records: [], total: 0, size: 10, current: 1, pages: 0 });
    expect(t.sql.filter((s) => !s.includes('set_config'))).toHaveLength(1);
  });
});
