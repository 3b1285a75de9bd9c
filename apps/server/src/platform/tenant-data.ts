import type { Kysely, SelectQueryBuilder, Transaction, UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { Database, NewRow, TenantOwnedTable } from '../db/types.js';
import { isPlatformAdmin, type RequestContext } from './context.js';
import { ForbiddenError, TenantContextMissingError } from './errors.js';
import { columnRef, live, liveIn } from './rows.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The only way to reach tenant-owned tables. Every query it builds carries `tenant_id = <the context's tenant>`
 * and skips soft-deleted rows; every insert is stamped with that tenant whatever the input said. Without a
 * tenant it throws instead of reading everything (fails closed).
 */
export class TenantData {
  readonly tenantId: string;

  constructor(
    private readonly db: Executor,
    tenantId: string | null | undefined,
  ) {
    if (!tenantId) throw new TenantContextMissingError();
    this.tenantId = tenantId;
  }

  selectFrom<T extends TenantOwnedTable>(table: T): SelectQueryBuilder<Database, T, object> {
    // biome-ignore lint/suspicious/noExplicitAny: the column exists on every TenantOwnedTable; Kysely cannot prove it generically
    const qb = this.db.selectFrom(table as TenantOwnedTable) as SelectQueryBuilder<any, any, object>;
    return qb.where(columnRef(`${table}.tenantId`), '=', this.tenantId).$call(liveIn(table));
  }

  insertInto<T extends TenantOwnedTable>(table: T, values: Omit<NewRow<T>, 'tenantId'>) {
    // biome-ignore lint/suspicious/noExplicitAny: see selectFrom
    return (this.db.insertInto(table) as any).values({ ...values, tenantId: this.tenantId });
  }

  updateTable<T extends TenantOwnedTable>(table: T): UpdateQueryBuilder<Database, T, T, UpdateResult> {
    // biome-ignore lint/suspicious/noExplicitAny: see selectFrom
    const qb = this.db.updateTable(table as TenantOwnedTable) as any;
    return live(qb.where('tenantId', '=', this.tenantId));
  }
}

/**
 * Cross-tenant access, for the platform administrator only, through calls that say so by name. Any other caller
 * is refused before a query is built.
 */
export function crossTenantData(db: Executor, ctx: RequestContext | null, tenantId: string): TenantData {
  if (!ctx || !isPlatformAdmin(ctx)) throw new ForbiddenError();
  return new TenantData(db, tenantId);
}
