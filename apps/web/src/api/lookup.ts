import type { R } from '@cube/contract';
import { request } from './request';

export const DEPT_SELECT_URL = '/api/cube-system/dept/select';
export const ROLE_SELECT_URL = '/api/cube-system/role/select';
export const DICT_BIZ_DICTIONARY_URL = '/api/cube-system/dict-biz/dictionary';
export const CLEAR_CACHE_URL = '/api/cube-auth/oauth/clear-cache';

export interface DeptOption {
  id: string;
  deptName: string;
}

export interface RoleOption {
  id: string;
  roleName: string;
}

/** An entry of a (business) dictionary. */
export interface DictEntry {
  id: string;
  parentId?: string;
  code: string;
  dictKey: string;
  dictValue: string;
  sort?: number;
  remark?: string;
}

/** `GET dept/select`: the caller's departments (or those of `userId`). */
export async function fetchDeptOptions(userId?: string): Promise<DeptOption[]> {
  const { data } = await request.get<R<DeptOption[]>>(DEPT_SELECT_URL, { params: userId ? { userId } : {} });
  return data.data ?? [];
}

/** `GET role/select`: the caller's roles (or those of `userId`). */
export async function fetchRoleOptions(userId?: string): Promise<RoleOption[]> {
  const { data } = await request.get<R<RoleOption[]>>(ROLE_SELECT_URL, { params: userId ? { userId } : {} });
  return data.data ?? [];
}

/** `GET dict-biz/dictionary?code=`: the entries of a business dictionary. */
export async function fetchBizDictionary(code: string): Promise<DictEntry[]> {
  const { data } = await request.get<R<DictEntry[]>>(DICT_BIZ_DICTIONARY_URL, { params: { code } });
  return data.data ?? [];
}

/** `GET /api/cube-auth/oauth/clear-cache`: drops the server-side caches of the tenant. */
export async function clearServerCache(): Promise<void> {
  await request.get(CLEAR_CACHE_URL);
}
