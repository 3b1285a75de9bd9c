import type { Kysely, SelectQueryBuilder, Transaction, UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { Database, TableName } from '../db/types.js';
import { live, liveIn } from './rows.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Tables without a tenant whose rows are soft-deleted (`is_deleted`). */
export type SoftDeletedTable = {
  [K in TableName]: Database[K] extends { isDeleted: unknown } ? K : never;
}[TableName];

/**
 * The live rows of platform-global tables (parameters, clients, menus, system dictionaries), beside
 * {@link TenantData} for tenant-owned ones: every read and update skips soft-deleted rows. Who may write them is
 * decided by the route (platform administrator only, decision D7), not here.
 */
export class GlobalData {
  constructor(private readonly db: Executor) {}

  selectFrom<T extends SoftDeletedTable>(table: T): SelectQueryBuilder<Database, T, object> {
    // biome-ignore lint/suspicious/noExplicitAny: the column exists on every SoftDeletedTable; Kysely cannot prove it generically
    const qb = this.db.selectFrom(table as SoftDeletedTable) as SelectQueryBuilder<any, any, object>;
    return qb.$call(liveIn(table));
  }

  insertInto<T extends SoftDeletedTable>(table: T, values: Record<string, unknown>) {
    // biome-ignore lint/suspicious/noExplicitAny: see selectFrom
    return (this.db.insertInto(table) as any).values(values);
  }

  updateTable<T extends SoftDeletedTable>(table: T): UpdateQueryBuilder<Database, T, T, UpdateResult> {
    // biome-ignore lint/suspicious/noExplicitAny: see selectFrom
    return live(this.db.updateTable(table as SoftDeletedTable) as any);
  }
}
