import type { Kysely } from 'kysely';

/**
 * Route fields of a menu node that the console reads (`meta.roles`, `group`, `query`)
 * and BladeX keeps nowhere: `roles` limits an item to role aliases on the client (comma list, empty = anyone the
 * grants let see it), `route_group` lists further console paths that highlight the item, `route_query` is the
 * query string the item opens its page with.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['roles', 'route_group', 'route_query']) {
    await db.schema
      .alterTable('cube_menu')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['route_query', 'route_group', 'roles']) {
    await db.schema.alterTable('cube_menu').dropColumn(column).execute();
  }
}
