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
});
