import type { EntityDefinition, FieldOf } from '@cube/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely, SelectQueryBuilder, Transaction, UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { z } from 'zod';
import type { Database, TableName } from '../../db/types.js';
import type { Access } from '../access.js';
import type { RequestContext } from '../context.js';
import type { DataScopeColumns } from '../data-scope.js';

export type Executor = Kysely<Database> | Transaction<Database>;

/**
 * A select over an entity's table that keeps the table's column types: `EntityRows<'cubePost'>` knows what
 * `cube_post` has, so `.select('cubePost.postName')` is checked and its result typed.
 */
export type EntityRows<T extends TableName> = SelectQueryBuilder<Database, T, object>;

/**
 * The same select seen by the kit's own generic code, which names columns from the entity definition at run time
 * (`${table}.${field}`); only the building blocks use it, and they answer records checked by the entity's schema.
 */
// biome-ignore lint/suspicious/noExplicitAny: columns are named from the entity definition at run time
export type DynamicSelect = SelectQueryBuilder<any, any, object>;

/** The building blocks an entity can expose under its prefix. */
export type CrudOperation = 'list' | 'detail' | 'submit' | 'remove' | 'select' | 'tree' | 'lazyList';

/**
 * What a save hook sees: the validated values (which it may change), the row id and the row as it was on update,
 * the transaction. The same event object goes through every hook of one submit.
 */
export interface SaveEvent<T extends TableName = TableName> {
  ctx: RequestContext;
  trx: Transaction<Database>;
  /** Absent on create; after the write, `savedId` is the row's id either way. */
  id?: string;
  /** The entity's input fields from the body, without server-written fields. */
  values: Record<string, unknown>;
  /** The whole parsed body, for fields a route adds beside the entity's input (e.g. a first password). */
  body: Record<string, unknown>;
  /** On update, the row before the write (the entity's record columns as stored). */
  current?: Record<string, unknown>;
  /** Columns only the server sets on create (e.g. a generated code), written beside `values` unfiltered. */
  columns: Record<string, unknown>;
  /** Reads rows of this entity in the caller's scope (tenant or global), inside the transaction. */
  rows: () => EntityRows<T>;
  /** The id written, set once the row is inserted or updated (for `afterSave` and `afterCommit`). */
  savedId?: string;
  /** Text fields a hook adds to the submit answer beside `id` (e.g. a generated secret, shown this once). */
  answer?: Record<string, string>;
  log: FastifyBaseLogger;
}

export interface RemoveEvent<T extends TableName = TableName> {
  ctx: RequestContext;
  trx: Transaction<Database>;
  ids: string[];
  rows: () => EntityRows<T>;
}

type Hook<Event> = (event: Event) => Promise<void> | void;

/**
 * Lifecycle hooks, each a list run in order. A hook refuses with a BizError; inside the transaction that rolls
 * back everything the request wrote.
 *
 * submit: `beforeValidate` → the kit's checks (the row exists, the tree parent) → `beforeSave` → the write
 * (unique keys, audit stamp) → `afterSave` → commit → `afterCommit`. remove: rows marked deleted →
 * `afterRemove` (inside the transaction).
 */
export interface CrudHooks<T extends TableName = TableName> {
  /** Inside the transaction, before the kit checks the row and its parent: normalise or refuse the input early. */
  beforeValidate?: ReadonlyArray<Hook<SaveEvent<T>>>;
  /** Inside the transaction, right before the write: adjust `values`/`columns` or refuse. */
  beforeSave?: ReadonlyArray<Hook<SaveEvent<T>>>;
  /** Inside the transaction, after the write (`savedId` is set): related rows, answer fields. */
  afterSave?: ReadonlyArray<Hook<SaveEvent<T>>>;
  /** After the commit (the event's `trx` is finished): work for once the row is there for good (notifications, caches). */
  afterCommit?: ReadonlyArray<Hook<SaveEvent<T>>>;
  /** Inside the remove transaction after the rows are marked deleted (unlink relations, or refuse). */
  afterRemove?: ReadonlyArray<Hook<RemoveEvent<T>>>;
}

/** Route helpers handed to `routes` so that extra endpoints share the entity's scope and paging. */
export interface CrudKit<T extends TableName = TableName> {
  prefix: string;
  table: T;
  /**
   * Live rows of the entity in the caller's tenant (soft delete and the `where` option applied) WITHOUT the data
   * scope: for existence checks inside writes that re-check the scope themselves, never for what a route answers.
   */
  rows: (db: Executor, ctx: RequestContext) => EntityRows<T>;
  /**
   * `rows` narrowed by the caller's data scope for the entity's menu (and its parent's): what the kit's own reads
   * use, and what every extra route that answers rows, files or counts of the entity must use. `route.code` is the
   * route's own permission code when it differs from the entity's menu (an export button, a dashboard): rules
   * granted there narrow the read too.
   */
  readRows: (db: Executor, ctx: RequestContext, route?: { code?: string }) => Promise<EntityRows<T>>;
  /** Turns database rows into records as the API shows them (nulls to empty values, `toRecord`). */
  present: (rows: ReadonlyArray<object>) => Promise<Array<Record<string, unknown>>>;
  readAccess: Access;
}

export interface CrudOptions<E extends EntityDefinition, T extends TableName = TableName> {
  table: T;
  /** Which routes to register; defaults to the flat four, plus `tree` and `lazyList` for tree entities. */
  operations?: readonly CrudOperation[];
  /** Only the read routes of `operations`. */
  readOnly?: boolean;
  /** Record fields that are not table columns (computed by `toRecord`); they are not selected. */
  computed?: ReadonlyArray<FieldOf<E['record']>>;
  /** A condition every read and write of this entity carries (e.g. only rows of one category). */
  where?: (qb: EntityRows<T>, ctx: RequestContext) => EntityRows<T>;
  /** Adds computed fields to a page of records (one call per page, so it can batch its lookups). */
  toRecord?: (
    records: Array<Record<string, unknown>>,
    db: Executor,
  ) => Promise<Array<Record<string, unknown>>> | Array<Record<string, unknown>>;
  hooks?: CrudHooks<T>;
  /** `select`: the columns a picker needs (default `id` + the tree title, or every column). */
  selectColumns?: ReadonlyArray<FieldOf<E['record']>>;
  /** `submit` of an entity whose save takes more than its input (see submit.ts). */
  submit?: SubmitRouteOptions;
  /** Extra routes under the same prefix, registered after the kit's own. */
  routes?: (app: FastifyInstance, kit: CrudKit<T>) => void;
  /**
   * Which columns carry a row's department and its owner, for the data scopes granted on the entity's menu
   * (platform/data-scope.ts), applied to list, detail, select, tree and lazy reads of tenant entities. Entities with
   * audit columns default to `{ dept: 'createDept', creator: 'createUser' }` (BladeX's default `create_dept`); a rule
   * that needs a column the entity does not declare matches nothing.
   */
  dataScope?: DataScopeColumns;
}

/** How a `submit` route differs from the plain one: more body fields, a documented answer, a summary. */
export interface SubmitRouteOptions {
  /** Body fields beside the entity's input; hooks find them in `event.body`, they are never written as columns. */
  extraBody?: z.ZodRawShape;
  /** The answer's schema (default: `id` plus the text fields hooks add). */
  answer?: z.ZodType;
  summary?: string;
  /**
   * A create done by the module's own service (the same one its other callers use) in place of `insertEntity`,
   * after the `beforeSave` hooks; it answers the new row's id.
   */
  insert?: (event: SaveEvent) => Promise<string>;
}

/** An update of the entity's table seen by the kit's generic code (columns named at run time). */
// biome-ignore lint/suspicious/noExplicitAny: columns are named from the entity definition at run time
export type DynamicUpdate = UpdateQueryBuilder<any, any, any, UpdateResult>;
