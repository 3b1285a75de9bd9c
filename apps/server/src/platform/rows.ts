import { DynamicReferenceBuilder } from 'kysely';
import { now } from './dates.js';

/**
 * Row conventions every table with audit columns shares, written once: the soft-delete predicate and the audit
 * stamp. Query files use these instead of spelling `is_deleted = 0` or the five audit columns by hand;
 * `TenantData`/`GlobalData` apply `live` themselves.
 */

/** A row that has not been soft-deleted has `is_deleted = 0`; removal sets it to 1 and keeps the row. */
export const LIVE_ROW = 0;
export const DELETED_ROW = 1;

// biome-ignore lint/suspicious/noExplicitAny: any Kysely builder with `where`; the column exists on every audited table
type Filterable = { where: (...args: any[]) => any };

/**
 * Keeps the live rows only: `qb.$call(live)` or, for a joined table, `qb.$call(liveIn('alias'))`. Typed loosely on
 * purpose so that one function serves select, update and delete builders of every audited table.
 */
export function live<QB extends Filterable>(qb: QB): QB {
  return qb.where(columnRef('isDeleted'), '=', LIVE_ROW) as QB;
}

export const liveIn =
  (table: string) =>
  <QB extends Filterable>(qb: QB): QB =>
    qb.where(columnRef(`${table}.isDeleted`), '=', LIVE_ROW) as QB;

/**
 * A column reference (`table.column`) for `select`, `where` or `orderBy`, parsed by Kysely once instead of on every
 * query: Kysely parses each string reference each time it is used, and the tenant and live-row conditions of every
 * query, and the columns of every CRUD read, are the same few references over and over. Operation nodes are
 * immutable (frozen), so one serves every query; the SQL is the same.
 */
export class ParsedReference extends DynamicReferenceBuilder<string> {
  readonly #node = super.toOperationNode();

  override toOperationNode(): ReturnType<DynamicReferenceBuilder<string>['toOperationNode']> {
    return this.#node;
  }
}

const parsedReferences = new Map<string, ParsedReference>();

/**
 * The {@link ParsedReference} of `reference`, kept: for references written in code (a table's own columns), never
 * for names that come from a request.
 */
export function columnRef(reference: string): ParsedReference {
  let parsed = parsedReferences.get(reference);
  if (!parsed) {
    parsed = new ParsedReference(reference);
    parsedReferences.set(reference, parsed);
  }
  return parsed;
}

// biome-ignore lint/suspicious/noExplicitAny: any Kysely join builder; the column exists on every audited table
type Joinable = { on: (...args: any[]) => any };

/** The live-row condition of a joined table inside its join: `leftJoin('t', (j) => liveOn('t')(j.onRef(…)))`. */
export const liveOn =
  (table: string) =>
  <JB extends Joinable>(join: JB): JB =>
    join.on(`${table}.isDeleted`, '=', LIVE_ROW) as JB;

/** Who wrote a row: a signed-in context, or `null` for the system itself (seed, jobs, public forms). */
export interface Author {
  userId: string;
  deptId?: string | null;
}

export interface CreateStamp {
  createUser: string | null;
  createDept: string | null;
  createTime: string;
  updateUser: string | null;
  updateTime: string;
}

export interface UpdateStamp {
  updateUser: string | null;
  updateTime: string;
}

/** The audit columns of a new row; `deptId` may be given apart from the author (a row filed for a department). */
export function createStamp(author: Author | null, at: string = now(), deptId?: string | null): CreateStamp {
  return {
    createUser: author?.userId || null,
    createDept: deptId !== undefined ? deptId || null : author?.deptId || null,
    createTime: at,
    updateUser: author?.userId || null,
    updateTime: at,
  };
}

export function updateStamp(author: Author | null, at: string = now()): UpdateStamp {
  return { updateUser: author?.userId || null, updateTime: at };
}

/** The `set` of a soft delete: the row stays, marked deleted, with who removed it and when. */
export function softDeleteSet(
  author: Author | null,
  at: string = now(),
): UpdateStamp & { isDeleted: number } {
  return { isDeleted: DELETED_ROW, ...updateStamp(author, at) };
}
