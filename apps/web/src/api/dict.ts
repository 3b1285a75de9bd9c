import {
  DICT_ROOT_KEY,
  type Dict,
  type DictBiz,
  dictBizEntity,
  dictEntity,
  type IPage,
  type R,
} from '@cube/contract';
import { cleanQuery, type ListQuery, type PagedCrudApi, type TreeCrudApi, type TreeQuery } from './crud';
import { request } from './request';

export type { Dict, DictBiz };

/** A row of either dictionary (the business one adds `tenantId`). */
export type DictRow = Dict & { tenantId?: string; children?: DictRow[]; hasChildren?: boolean };

export type DictVariant = 'dict' | 'dictbiz';

const PREFIX: Record<DictVariant, string> = { dict: dictEntity.api, dictbiz: dictBizEntity.api };

const get = async <T>(url: string, params: Record<string, unknown>): Promise<T> => {
  const { data } = await request.get<R<T>>(url, { params });
  return data.data;
};

interface Writes {
  detail: (id: string) => Promise<DictRow>;
  submit: (record: Record<string, unknown>) => Promise<unknown>;
  remove: (ids: readonly string[]) => Promise<unknown>;
}

function writes(variant: DictVariant, afterChange: () => Promise<void>): Writes {
  const prefix = PREFIX[variant];
  return {
    detail: (id) => get<DictRow>(`${prefix}/detail`, { id }),
    submit: async (record) => {
      const { data } = await request.post<R<unknown>>(`${prefix}/submit`, record);
      await afterChange();
      return data.data;
    },
    remove: async (ids) => {
      const { data } = await request.post<R<unknown>>(`${prefix}/remove`, null, {
        params: { ids: ids.join(',') },
      });
      await afterChange();
      return data.data;
    },
  };
}

/**
 * The parent pane: `GET parent-list` (paged roots). A new root is sent with `dictKey` -1, as BladeX's screen does
 * (a root row carries -1).
 */
export function dictParentApi(variant: DictVariant, afterChange: () => Promise<void>): PagedCrudApi<DictRow> {
  const base = writes(variant, afterChange);
  return {
    ...base,
    list: (query: ListQuery) => get<IPage<DictRow>>(`${PREFIX[variant]}/parent-list`, cleanQuery(query)),
    submit: (record) => base.submit({ dictKey: DICT_ROOT_KEY, ...record }),
  };
}

/** The child pane of one root: `GET child-list?parentId=<root>` (its items as a tree). */
export function dictChildApi(
  variant: DictVariant,
  rootId: string,
  afterChange: () => Promise<void>,
): TreeCrudApi<DictRow> {
  return {
    ...writes(variant, afterChange),
    tree: {
      load: (query: TreeQuery) =>
        get<DictRow[]>(`${PREFIX[variant]}/child-list`, cleanQuery({ ...query, parentId: rootId })).then(
          (rows) => rows ?? [],
        ),
    },
  };
}

/** The root and its items as a tree, for the parent picker of the child form. */
export async function dictItemTree(variant: DictVariant, root: DictRow): Promise<DictRow[]> {
  const items = await get<DictRow[]>(`${PREFIX[variant]}/child-list`, { parentId: root.id });
  return [{ ...root, children: items ?? [] }];
}
