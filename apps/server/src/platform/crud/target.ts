import type { EntityDefinition } from '@cube/contract';
import type { z } from 'zod';
import type { TableName, TenantOwnedTable } from '../../db/types.js';
import { type Access, access, grantsOf } from '../access.js';
import type { RequestContext } from '../context.js';
import {
  applyDataScope,
  applyParentDataScope,
  type DataScopeColumns,
  type DataScopeRule,
  DataScopeType,
  dataScopeNarrows,
  deptsAndBelow,
} from '../data-scope.js';
import type { AppDeps } from '../deps.js';
import { GlobalData, type SoftDeletedTable } from '../global-data.js';
import { columnRef, type ParsedReference } from '../rows.js';
import { TenantData } from '../tenant-data.js';
import { isTenantDatabaseTable, masterSide } from '../tenant-databases.js';
import { isPlatformOnlyCode } from '../tenant-package.js';
import type { CrudOptions, DynamicSelect, DynamicUpdate, EntityRows, Executor } from './types.js';

/**
 * Live rows of an entity's table in the caller's scope: a tenant entity's through {@link TenantData} (the caller's
 * tenant), a global one's through {@link GlobalData} (anyone with the read code may read them; writes are refused
 * at the route unless the caller is the platform administrator).
 */
export function scopedRows<T extends TableName>(
  entity: EntityDefinition,
  table: T,
  db: Executor,
  ctx: RequestContext,
): EntityRows<T> {
  const rows =
    entity.scope === 'tenant'
      ? new TenantData(db, ctx.tenantId).selectFrom(table as unknown as TenantOwnedTable)
      : new GlobalData(db).selectFrom(table as unknown as SoftDeletedTable);
  return rows as unknown as EntityRows<T>;
}

/** The live rows of the entity's table to update, in the caller's scope. */
export function scopedUpdate<T extends TableName>(
  entity: EntityDefinition,
  table: T,
  db: Executor,
  ctx: RequestContext,
): DynamicUpdate {
  const update =
    entity.scope === 'tenant'
      ? new TenantData(db, ctx.tenantId).updateTable(table as unknown as TenantOwnedTable)
      : new GlobalData(db).updateTable(table as unknown as SoftDeletedTable);
  return update as unknown as DynamicUpdate;
}

/**
 * One entity bound to its table, as every building block (list.ts, detail.ts, submit.ts …) uses it: its scope,
 * its columns, its data-scope narrowing and how a row is shown.
 */
export interface CrudTarget<E extends EntityDefinition = EntityDefinition, T extends TableName = TableName> {
  entity: E;
  table: T;
  deps: AppDeps;
  options: CrudOptions<E, T>;
  /**
   * The record's stored columns (computed fields left out), and the same qualified by the table, as references
   * for `select` parsed once ({@link columnRef}).
   */
  columns: string[];
  qualified: ReadonlyArray<ParsedReference>;
  rows: (db: Executor, ctx: RequestContext) => EntityRows<T>;
  readRows: (db: Executor, ctx: RequestContext, route?: ScopedRoute) => Promise<EntityRows<T>>;
  /** The data-scope rules of the caller on the entity's menu; undefined when nothing narrows. */
  scopeRules: (ctx: RequestContext) => Promise<readonly DataScopeRule[] | undefined>;
  present: (rows: ReadonlyArray<object>) => Promise<Array<Record<string, unknown>>>;
}

/**
 * The route a scoped read serves, when it is not one of the kit's own: rules granted on its permission code (an
 * export button, a dashboard menu) narrow the read too, on top of the entity's menu rules.
 */
export interface ScopedRoute {
  code?: string;
}

/** The kit's generic code names columns from the definition at run time; see {@link DynamicSelect}. */
export const dynamic = <T extends TableName>(qb: EntityRows<T>): DynamicSelect =>
  qb as unknown as DynamicSelect;

export function crudTarget<E extends EntityDefinition, T extends TableName>(
  deps: AppDeps,
  entity: E,
  options: CrudOptions<E, T>,
): CrudTarget<E, T> {
  const table = options.table;
  const shape = entity.record.shape as Record<string, z.ZodType>;
  const computed = new Set<string>(options.computed ?? []);
  const columns = Object.keys(shape).filter((k) => !computed.has(k));
  // Null strings go out as "", null numbers as -1: the form fields and the reference clients expect no nulls.
  const emptyValues = Object.entries(shape)
    .map(([key, schema]) => {
      const type = (schema as { def?: { type?: string } }).def?.type;
      return [key, type === 'string' ? '' : type === 'number' ? -1 : undefined] as const;
    })
    .filter(([, empty]) => empty !== undefined);

  const rows = (db: Executor, ctx: RequestContext): EntityRows<T> => {
    const base = scopedRows(entity, table, db, ctx);
    return options.where ? options.where(base, ctx) : base;
  };
  const scopeColumns: DataScopeColumns | undefined =
    options.dataScope ?? (entity.audit ? { dept: 'createDept', creator: 'createUser' } : undefined);
  const rulesOf = async (ctx: RequestContext, code: string) => {
    if (entity.scope !== 'tenant' || ctx.roleIds.length === 0) return undefined;
    // The access hook has loaded the grants; a context it did not build (a test, a copy) reads them from the cache.
    const grants = grantsOf(ctx) ?? (await deps.sessions.roleGrants(ctx.tenantId, ctx.roleIds));
    return grants.dataScopes.get(code);
  };
  const scopeRules = (ctx: RequestContext) => rulesOf(ctx, entity.permissions.read);
  // Every scoped read of the entity, the kit's own and a module's extra routes alike, comes through here: the
  // rules of the entity's menu, of the parent's menu (a child row follows its parent) and of the route's own code
  // are each a union over the caller's roles, and each narrows the read (ANDed).
  // A table a bound tenant keeps in its own database cannot join the master's departments (decision "Tenants on
  // their own database"): 所在机构及子级可见 is worked out on the master first and applied as a list of ids.
  const routed = isTenantDatabaseTable(table);
  const needsDeptsBelow = (ctx: RequestContext, sets: Array<readonly DataScopeRule[] | undefined>) =>
    routed &&
    sets.some(
      (rules) =>
        rules && dataScopeNarrows(ctx, rules) && rules.some((r) => r.type === DataScopeType.ownDeptAndBelow),
    );
  const readRows = async (db: Executor, ctx: RequestContext, route?: ScopedRoute): Promise<EntityRows<T>> => {
    const own = await scopeRules(ctx);
    const parentMenu = scopeColumns?.parent?.menu;
    const parentRules =
      parentMenu && parentMenu !== entity.permissions.read ? await rulesOf(ctx, parentMenu) : undefined;
    const routeRules =
      route?.code && route.code !== entity.permissions.read ? await rulesOf(ctx, route.code) : undefined;
    const scopeTarget = {
      table,
      tenantId: ctx.tenantId,
      columns: scopeColumns,
      filters: entity.filters as Record<string, never>,
      deptsBelow: needsDeptsBelow(ctx, [own, parentRules, routeRules])
        ? // On the master, through the caller's own executor while a master transaction is open (SQLite has one
          // connection, which that transaction holds); from a tenant database's transaction, on the master.
          await deptsAndBelow(masterSide(db), ctx.tenantId, ctx.deptIds)
        : undefined,
    };
    let qb = dynamic(rows(db, ctx));
    qb = applyDataScope(qb, ctx, own, scopeTarget) as typeof qb;
    if (parentRules) qb = applyParentDataScope(qb, ctx, parentRules, scopeTarget) as typeof qb;
    if (routeRules) qb = applyDataScope(qb, ctx, routeRules, scopeTarget) as typeof qb;
    return qb as unknown as EntityRows<T>;
  };
  const present = async (list: ReadonlyArray<object>) => {
    const records = list as Array<Record<string, unknown>>;
    for (const row of records)
      for (const [key, empty] of emptyValues)
        if (row[key] === null || row[key] === undefined) row[key] = empty;
    return options.toRecord ? await options.toRecord(records, deps.db.db) : records;
  };
  return {
    entity,
    table,
    deps,
    options,
    columns,
    qualified: columns.map((c) => columnRef(`${table}.${c}`)),
    rows,
    readRows,
    scopeRules,
    present,
  };
}

/**
 * Reads need the entity's menu code; the platform's own screens (menus, system dictionaries, clients, …) answer
 * the platform administrator only, whatever a tenant's role holds.
 */
export const readAccessOf = (entity: EntityDefinition): Access =>
  access.permission(entity.permissions.read, { platformOnly: isPlatformOnlyCode(entity.permissions.read) });

/** Writes need a button code (checked in the handler when it depends on the body); global data is platform-only. */
export const writeAccessOf = (entity: EntityDefinition, code: string | undefined): Access =>
  access.permission(code ?? entity.permissions.read, { platformOnly: entity.scope === 'global' });
