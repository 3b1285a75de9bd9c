import type { EntityDefinition, InputOf, IPage, R, RecordOf } from '@cube/contract';
import type { z } from 'zod';
import { request } from './request';

/**
 * The calls of a CRUD resource (`list`, `detail`, `submit`, `remove` under one prefix), as the console's
 * `CrudPage` consumes them. `submit` inserts when the record has no id and updates otherwise; `remove` takes the
 * ids comma-joined in the query. `T` is the record as listed, `I` what a submit sends: bind an entity of the
 * contract with {@link createEntityApi} / {@link createTreeEntityApi} and both come from its definition.
 *
 * A flat resource answers a paged `list`; a tree resource (menus, departments, dictionary items…) declares `tree`
 * instead and is shown as a tree table without paging.
 */
export type CrudApi<T, I = UntypedInput> = PagedCrudApi<T, I> | TreeCrudApi<T, I>;

/** The input of a binding not tied to an entity definition (a screen of its own, a test). */
export type UntypedInput = Record<string, unknown>;

/**
 * What a submit of entity `E` sends: the fields of its input schema as `InputOf<E>` names them (required ones
 * required), each with the type the schema answers once parsed (`tenantName: string`, `packageId?: string`);
 * `InputOf<E>` alone says `unknown` for fields whose schema first normalises blanks and numbers.
 */
export type EntityInput<E extends EntityDefinition> = {
  [K in keyof InputOf<E>]: K extends keyof z.output<E['input']> ? z.output<E['input']>[K] : InputOf<E>[K];
};

/** What `submit` sends: the entity's input, with the row's `id` when it updates one. */
export type SubmitBody<I> = I & { id?: string };

interface CrudWrites<T, I> {
  detail?: ((id: string) => Promise<T>) | undefined;
  /**
   * A method, so that a binding typed by its entity's input still serves `CrudPage`, whose dialog builds the body
   * from field declarations named after the entity and checked by the same input schema field by field.
   */
  submit(record: SubmitBody<I>): Promise<unknown>;
  remove: (ids: readonly string[]) => Promise<unknown>;
}

/** A resource listed page by page (`GET list?current=&size=&…` answering an IPage). */
export interface PagedCrudApi<T, I = UntypedInput> extends CrudWrites<T, I> {
  list: (query: ListQuery) => Promise<IPage<T>>;
  tree?: undefined;
}

/** A resource listed as a tree, whole or level by level. */
export interface TreeCrudApi<T, I = UntypedInput> extends CrudWrites<T, I> {
  tree: CrudTreeSource<T>;
  list?: undefined;
}

/** Filters of a tree list (no paging): search fields and the left tree panel's parameter. */
export type TreeQuery = Record<string, string | number | boolean | undefined>;

/**
 * Where the rows of a tree table come from.
 *
 * - whole (`lazy` absent): `load(query)` answers the whole tree matching the filters, nodes nesting their
 *   `children` (BladeX `menu/list`, `dept/list`, `dict/child-list`: a match whose parent did not match is a root);
 * - lazy: `load(parentId, query)` answers the direct children of `parentId`, each row telling `hasChildren`
 *   (BladeX `menu/lazy-list`, `dept/lazy-list`). The top level is asked for with `rootId` (default `'0'`);
 *   while a search is active it is asked for with `parentId` undefined, which BladeX answers with the matches at
 *   any depth. A row is expanded by loading its children with the same filters.
 */
export type CrudTreeSource<T> =
  | { lazy?: false; load: (query: TreeQuery) => Promise<T[]> }
  | {
      lazy: true;
      load: (parentId: string | undefined, query: TreeQuery) => Promise<T[]>;
      rootId?: string;
    };

/** A row of a tree list: its nested rows, and whether a lazy row has any. */
export interface TreeRow {
  id: string;
  children?: TreeRow[];
  hasChildren?: boolean;
}

/** Paging plus filters (`<field>`, `<field>_<operator>`, e.g. `createTime_dategt`); blank filters are dropped. */
export interface ListQuery {
  current: number;
  size: number;
  [filter: string]: string | number | boolean | undefined;
}

/** The query without blank filters, so that the server sees only what the user asked for. */
export function cleanQuery(query: TreeQuery): Record<string, string | number | boolean> {
  const result: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    result[key] = typeof value === 'string' ? value.trim() : value;
  }
  return result;
}

/** The calls every binding has: `detail`, `submit`, `remove`. */
function writes<T, I>(prefix: string): Required<CrudWrites<T, I>> {
  return {
    detail: async (id) => {
      const { data } = await request.get<R<T>>(`${prefix}/detail`, { params: { id } });
      return data.data;
    },
    submit: async (record: SubmitBody<I>) => {
      const { data } = await request.post<R<unknown>>(`${prefix}/submit`, record);
      return data.data;
    },
    remove: async (ids) => {
      const { data } = await request.post<R<unknown>>(`${prefix}/remove`, null, {
        params: { ids: ids.join(',') },
      });
      return data.data;
    },
  };
}

/** The standard binding for a resource under `prefix`, e.g. `/api/cube-system/param`. */
export function createCrudApi<T, I = UntypedInput>(
  prefix: string,
): Required<CrudWrites<T, I>> & Pick<PagedCrudApi<T, I>, 'list'> {
  return {
    list: async (query) => {
      const { data } = await request.get<R<IPage<T>>>(`${prefix}/list`, { params: cleanQuery(query) });
      return data.data;
    },
    ...writes<T, I>(prefix),
  };
}

/** The binding of a contract entity: records as `RecordOf<E>`, `submit` taking its {@link EntityInput} (and `id`). */
export function createEntityApi<E extends EntityDefinition>(entity: E) {
  return createCrudApi<RecordOf<E>, EntityInput<E>>(entity.api);
}

export interface TreeCrudApiOptions {
  /**
   * Load level by level from `GET <prefix>/<lazyPath>?parentId=` (default path `lazy-list`) instead of the whole
   * tree from `GET <prefix>/<path>` (default `list`).
   */
  lazy?: boolean;
  /** The whole tree's endpoint (default `list`; e.g. `child-list` for dictionary items). */
  path?: string;
  /** The lazy endpoint (default `lazy-list`; e.g. `lazy-menu-list`). */
  lazyPath?: string;
  /** Parent id of the top level (default `'0'`). */
  rootId?: string;
}

/**
 * The binding of a tree resource under `prefix`, e.g. `createTreeCrudApi('/api/cube-system/dept', { lazy: true })`
 * for `dept/lazy-list?parentId=`.
 */
export function createTreeCrudApi<T, I = UntypedInput>(
  prefix: string,
  options: TreeCrudApiOptions = {},
): Required<CrudWrites<T, I>> & Pick<TreeCrudApi<T, I>, 'tree'> {
  const tree: CrudTreeSource<T> = options.lazy
    ? {
        lazy: true,
        rootId: options.rootId ?? '0',
        load: async (parentId, query) => {
          const { data } = await request.get<R<T[]>>(`${prefix}/${options.lazyPath ?? 'lazy-list'}`, {
            params: cleanQuery({ ...query, parentId }),
          });
          return data.data ?? [];
        },
      }
    : {
        load: async (query) => {
          const { data } = await request.get<R<T[]>>(`${prefix}/${options.path ?? 'list'}`, {
            params: cleanQuery(query),
          });
          return data.data ?? [];
        },
      };
  return { tree, ...writes<T, I>(prefix) };
}

/** The tree binding of a contract entity (see {@link createEntityApi}); `T` when rows carry more than the record. */
export function createTreeEntityApi<E extends EntityDefinition, T = RecordOf<E>>(
  entity: E,
  options: TreeCrudApiOptions = {},
) {
  return createTreeCrudApi<T, EntityInput<E>>(entity.api, options);
}
