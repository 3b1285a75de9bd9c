import type { IPage, R } from '@cube/contract';
import { request } from './request';

/**
 * The four calls of a CRUD resource (contract §1: `list`, `detail`, `submit`, `remove` under one prefix), as the
 * console's `CrudPage` consumes them. `submit` inserts when the record has no id and updates otherwise; `remove`
 * takes the ids comma-joined in the query.
 */
export interface CrudApi<T> {
  list: (query: ListQuery) => Promise<IPage<T>>;
  detail?: ((id: string) => Promise<T>) | undefined;
  submit: (record: Record<string, unknown>) => Promise<unknown>;
  remove: (ids: readonly string[]) => Promise<unknown>;
}

/** Paging plus filters (`<field>`, `<field>_<operator>`, e.g. `createTime_dategt`); blank filters are dropped. */
export interface ListQuery {
  current: number;
  size: number;
  [filter: string]: string | number | boolean | undefined;
}

/** The query without blank filters, so that the server sees only what the user asked for. */
export function cleanQuery(query: ListQuery): Record<string, string | number | boolean> {
  const result: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    result[key] = typeof value === 'string' ? value.trim() : value;
  }
  return result;
}

/** The standard binding for a resource under `prefix`, e.g. `/api/cube-system/param`. */
export function createCrudApi<T>(prefix: string): Required<CrudApi<T>> {
  return {
    list: async (query) => {
      const { data } = await request.get<R<IPage<T>>>(`${prefix}/list`, { params: cleanQuery(query) });
      return data.data;
    },
    detail: async (id) => {
      const { data } = await request.get<R<T>>(`${prefix}/detail`, { params: { id } });
      return data.data;
    },
    submit: async (record) => {
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
