import { type MenuRecord, menuEntity, type R, type TopMenuRecord, topMenuEntity } from '@cube/contract';
import { createEntityApi, createTreeEntityApi } from './crud';
import { request } from './request';

export type { MenuRecord, TopMenuRecord };

/** A tree node as the tree endpoints answer it (`menu/tree`, `grant-top-tree`). */
export interface TreeNodeData {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren?: boolean;
  children?: TreeNodeData[];
  [field: string]: unknown;
}

/** A row of the menu tree table (`menu/lazy-list`): the record and whether it has children. */
export type MenuRow = MenuRecord & { hasChildren?: boolean; children?: MenuRow[] };

/** `menu/lazy-list?parentId=` level by level (menus and buttons), `detail`, `submit`, `remove?ids=`. */
export const menuAdminApi = createTreeEntityApi<typeof menuEntity, MenuRow>(menuEntity, { lazy: true });

/** `GET menu/tree`: the pages as TreeNodes (the parent picker). */
export async function fetchMenuTree(): Promise<TreeNodeData[]> {
  const { data } = await request.get<R<TreeNodeData[]>>(`${menuEntity.api}/tree`);
  return data.data ?? [];
}

/** `GET topmenu/list|detail`, `POST topmenu/submit|remove?ids=`. */
export const topMenuApi = createEntityApi(topMenuEntity);

/** `GET menu/grant-top-tree`: the pages the caller may link to a top menu. */
export async function fetchGrantTopTree(): Promise<TreeNodeData[]> {
  const { data } = await request.get<R<{ menu: TreeNodeData[] }>>(`${menuEntity.api}/grant-top-tree`);
  return data.data?.menu ?? [];
}

/** `GET menu/top-tree-keys?topMenuIds=`: the pages linked to those top menus. */
export async function fetchTopTreeKeys(topMenuIds: readonly string[]): Promise<string[]> {
  const { data } = await request.get<R<{ menu: string[] }>>(`${menuEntity.api}/top-tree-keys`, {
    params: { topMenuIds: topMenuIds.join(',') },
  });
  return data.data?.menu ?? [];
}

/** `POST topmenu/grant` with a JSON body of top menu ids and their menu ids: replaces the pages of each top menu. */
export async function grantTopMenus(
  topMenuIds: readonly string[],
  menuIds: readonly string[],
): Promise<void> {
  await request.post<R<unknown>>(`${topMenuEntity.api}/grant`, { topMenuIds, menuIds });
}
