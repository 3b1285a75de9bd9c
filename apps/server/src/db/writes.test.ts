import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../test/helpers.js';
import { ID } from '../seed/demo-data.js';
import { withPlatformScope } from './row-scope.js';

/**
 * The database handle reports committed writes to watched tables, whoever makes them (the access cache empties
 * itself on them, decision D13), and SQLite reuses prepared statements.
 */
describe.each(dialects)('database write observation on %s', (dialect) => {
  let t: TestApp;
  const seen: string[][] = [];
  let stop: () => void;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    stop = t.deps.db.observeWrites(['cube_user', 'cube_role_menu'], (tables) => {
      seen.push([...tables].sort());
    });
  });
  afterAll(async () => {
    stop();
    await t.close();
  });

  const platform = <T>(work: () => Promise<T>) => withPlatformScope(work);
  const db = () => t.deps.db.db;

  it('reports an autocommitted write once it has taken effect, and nothing for reads or other tables', async () => {
    seen.length = 0;
    await platform(() => db().selectFrom('cubeUser').selectAll().execute());
    await platform(() =>
      db().updateTable('cubeTenant').set({ status: 1 }).where('tenantId', '=', '100000').execute(),
    );
    expect(seen).toEqual([]);
    await platform(() =>
      db().updateTable('cubeUser').set({ status: 1 }).where('id', '=', ID.userDemoUser).execute(),
    );
    expect(seen).toEqual([['cube_user']]);
  });

  it('sees raw SQL too', async () => {
    seen.length = 0;
    await platform(() => sql`update cube_user set status = 1 where id = ${ID.userDemoUser}`.execute(db()));
    await platform(() => sql`delete from "cube_role_menu" where id = ${'0'}`.execute(db()));
    expect(seen).toEqual([['cube_user'], ['cube_role_menu']]);
  });

  it('reports a transaction’s writes at commit, together, and a rollback never', async () => {
    seen.length = 0;
    await platform(() =>
      db()
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable('cubeUser').set({ status: 1 }).where('id', '=', ID.userDemoUser).execute();
          await trx.deleteFrom('cubeRoleMenu').where('id', '=', '0').execute();
          expect(seen).toEqual([]);
        }),
    );
    expect(seen).toEqual([['cube_role_menu', 'cube_user']]);
    seen.length = 0;
    await expect(
      platform(() =>
        db()
          .transaction()
          .execute(async (trx) => {
            await trx.updateTable('cubeUser').set({ status: 1 }).where('id', '=', ID.userDemoUser).execute();
            throw new Error('no');
          }),
      ),
    ).rejects.toThrow('no');
    expect(seen).toEqual([]);
  });

  // Streaming needs pg-cursor on PostgreSQL, which the app does not use.
  it.runIf(dialect === 'sqlite')('reads the same names and values whether executed or streamed', async () => {
    const query = () =>
      db().selectFrom('cubeUser').select(['id', 'tenantId', 'status', 'passwordMustChange']).orderBy('id');
    const executed = await platform(() => query().execute());
    const streamed = await platform(async () => {
      const rows: unknown[] = [];
      for await (const row of query().stream()) rows.push(row);
      return rows;
    });
    expect(streamed).toEqual(executed);
    expect(executed[0]).toEqual({
      id: expect.any(String),
      tenantId: expect.any(String),
      status: expect.any(Number),
      passwordMustChange: expect.any(Number),
    });
  });

  it('answers repeated statements correctly (prepared once on SQLite)', async () => {
    const read = () =>
      platform(() =>
        db().selectFrom('cubeUser').select(['id', 'status']).where('id', '=', ID.userDemoUser).execute(),
      );
    const before = await read();
    await platform(() =>
      db().updateTable('cubeUser').set({ status: 0 }).where('id', '=', ID.userDemoUser).execute(),
    );
    expect((await read())[0]?.status).toBe(0);
    await platform(() =>
      db().updateTable('cubeUser').set({ status: 1 }).where('id', '=', ID.userDemoUser).execute(),
    );
    expect(await read()).toEqual(before);
  });
});
