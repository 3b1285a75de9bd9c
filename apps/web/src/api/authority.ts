import {
  type ApiScope,
  apiScopeEntity,
  type DataScope,
  type Dept,
  dataScopeEntity,
  deptEntity,
  menuEntity,
  type R,
  type Role,
  type RoleTreeKeys,
  roleEntity,
} from '@cube/contract';
import { createCrudApi, createTreeCrudApi } from './crud';
import type { TreeNodeData } from './menuAdmin';
import { request } from './request';

export type { TreeNodeData };

/** A row of the role tree table (`role/list`, a forest). */
export type RoleRow = Role & { hasChildren?: boolean; children?: RoleRow[] };
/** A row of the department tree table (`dept/lazy-list`, one level at a time). */
export type DeptRow = Dept & { hasChildren?: boolean; children?: DeptRow[] };

export const roleApi = createTreeCrudApi<RoleRow>(roleEntity.api);
export const deptApi = createTreeCrudApi<DeptRow>(deptEntity.api, { lazy: true });
export const dataScopeApi = createCrudApi<DataScope>(dataScopeEntity.api);
export const apiScopeApi = createCrudApi<ApiScope>(apiScopeEntity.api);

/** `GET role/tree`: the caller's tenant's roles as TreeNodes (the parent picker). */
export async function fetchRoleTree(): Promise<TreeNodeData[]> {
  const { data } = await request.get<R<TreeNodeData[]>>(`${roleEntity.api}/tree`);
  return data.data ?? [];
}

/** `GET dept/tree`: the caller's departments (within their data scope) as TreeNodes. */
export async function fetchDeptTree(): Promise<TreeNodeData[]> {
  const { data } = await request.get<R<TreeNodeData[]>>(`${deptEntity.api}/tree`);
  return data.data ?? [];
}

/** `GET dept/lazy-tree?parentId=`: one level of the department tree. */
export async function fetchDeptLevel(parentId: string): Promise<TreeNodeData[]> {
  const { data } = await request.get<R<TreeNodeData[]>>(`${deptEntity.api}/lazy-tree`, {
    params: { parentId },
  });
  return data.data ?? [];
}

/** `GET menu/tree`: the pages (the scope screens' menu column). */
export async function fetchPageTree(): Promise<TreeNodeData[]> {
  const { data } = await request.get<R<TreeNodeData[]>>(`${menuEntity.api}/tree`);
  return data.data ?? [];
}

export interface GrantTrees {
  menu: TreeNodeData[];
  dataScope: TreeNodeData[];
  apiScope: TreeNodeData[];
}

/** `GET menu/grant-tree`: what the caller may grant — menus and buttons, and the scope rules under their menus. */
export async function fetchGrantTree(): Promise<GrantTrees> {
  const { data } = await request.get<R<GrantTrees>>(`${menuEntity.api}/grant-tree`);
  return data.data ?? { menu: [], dataScope: [], apiScope: [] };
}

/** `GET menu/role-tree-keys?roleIds=`: what the roles hold now. */
export async function fetchRoleTreeKeys(roleIds: readonly string[]): Promise<RoleTreeKeys> {
  const { data } = await request.get<R<RoleTreeKeys>>(`${menuEntity.api}/role-tree-keys`, {
    params: { roleIds: roleIds.join(',') },
  });
  return data.data ?? { menu: [], dataScope: [], apiScope: [] };
}

/** `POST role/grant`: replaces the menus, data scopes and API scopes of every chosen role. */
export async function grantRoles(body: {
  roleIds: readonly string[];
  menuIds: readonly string[];
  dataScopeIds: readonly string[];
  apiScopeIds: readonly string[];
}): Promise<void> {
  await request.post<R<unknown>>(`${roleEntity.api}/grant`, body);
}
