import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects, type TestApp } from '../../test/helpers.js';
import { withPlatformScope } from '../db/row-scope.js';
import { live } from '../platform/rows.js';
import { checkSeedAreas, seedIds } from './ids.js';
import { seed } from './index.js';

/**
 * The seed's fixed ids come from one allocator that refuses overlaps, and the console menus it seeds match the
 * web's page registry: every seeded page menu has a page, and every registered page is reachable from a menu.
 */

const REGISTRY = fileURLToPath(new URL('../../../web/src/pages/registry.ts', import.meta.url));

/** The menu paths `apps/web/src/pages/registry.ts` has a page for. */
const registeredPaths = () =>
  [...readFileSync(REGISTRY, 'utf8').matchAll(/^\s*'(\/[^']*)': \(\) => import\(/gm)].map((m) => m[1] ?? '');

/**
 * Seeded page menus (menus without page children) that open no registered page on purpose; none today. A menu
 * whose page the console routes itself would be listed here with the reason.
 */
const MENUS_WITHOUT_PAGE: readonly string[] = [];

describe('seed id allocation', () => {
  it('hands each id out once, inside its area', () => {
    const take = seedIds('leads');
    expect(() => take(1)).toThrow(/outside the leads area/);
    expect(() => take(1000)).toThrow(/outside the leads area/);
    // Every seeded offset of the area is taken already (the seed modules are loaded): one more is refused.
    expect(() => take(900)).toThrow(/handed out twice/);
  });

  it('refuses two areas that share ids', () => {
    expect(() => checkSeedAreas()).not.toThrow();
    expect(() =>
      checkSeedAreas({
        a: { base: 1000n, ranges: [[0, 99]] },
        b: { base: 1000n, ranges: [[99, 120]] },
      }),
    ).toThrow(/a and b overlap/);
  });
});

describe.each(dialects)('seeded console menus and the web page registry on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('agree: every seeded page menu has a page and every page a menu', async () => {
    const menus = await withPlatformScope(() =>
      t.deps.db.db
        .selectFrom('cubeMenu')
        .select(['id', 'parentId', 'path', 'category'])
        .$call(live)
        .execute(),
    );
    const pages = menus.filter((m) => Number(m.category) === 1);
    const parents = new Set(pages.map((m) => String(m.parentId)));
    const leafPaths = [...new Set(pages.filter((m) => !parents.has(String(m.id))).map((m) => m.path))];
    const registered = registeredPaths();
    expect(registered.length).toBeGreaterThan(10);
    expect(
      leafPaths.filter((p) => !registered.includes(p) && !MENUS_WITHOUT_PAGE.includes(p)).sort(),
    ).toEqual([]);
    expect(registered.filter((p) => !leafPaths.includes(p)).sort()).toEqual([]);
  });

  it('leaves work waiting for every demo staff account and a full deadline dashboard, once', async () => {
    const staff = [
      DEMO.tenantAdmin,
      DEMO.tenantUser,
      { tenantId: '100000', username: 'agent', password: 'Agent@2026' },
      { tenantId: '100000', username: 'manager', password: 'Manager@2026' },
    ];
    for (const who of staff) {
      const token = (await t.token(who)).access_token;
      const count = await t.call('GET', '/api/cube-flow/work/count', token);
      const lists = await Promise.all(
        ['todo', 'claim'].map((list) => t.call('GET', `/api/cube-flow/work/${list}-list?size=100`, token)),
      );
      const waiting = lists.reduce((n, res) => n + Number(res.body.data.total), 0);
      expect(waiting, `${who.username} ${count.raw}`).toBeGreaterThanOrEqual(1);
    }
    const admin = (await t.token(DEMO.tenantAdmin)).access_token;
    const board = (await t.call('GET', '/api/cube-patent/deadline/dashboard', admin)).body.data;
    expect(board.dueThisWeek.length).toBeGreaterThanOrEqual(1);
    expect(board.overdue.length).toBeGreaterThanOrEqual(1);
    // A second run starts nothing again.
    const instances = () =>
      withPlatformScope(() => t.deps.db.db.selectFrom('flowInstance').select('id').execute());
    const before = (await instances()).length;
    await seed(t.deps.db.db, t.config);
    expect((await instances()).length).toBe(before);
  });
});
