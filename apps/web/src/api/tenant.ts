import {
  type R,
  type Tenant,
  type TenantCreated,
  type TenantPackage,
  tenantEntity,
  tenantPackageEntity,
} from '@cube/contract';
import { createEntityApi, type EntityInput, type SubmitBody } from './crud';
import { request } from './request';

export type { Tenant, TenantCreated, TenantPackage };

/** A node of the tree endpoints (`{id, parentId, title, key, value, children}`). */
export interface MenuTreeNode {
  id: string;
  parentId?: string;
  title: string;
  key: string;
  value: string;
  children?: MenuTreeNode[];
  [field: string]: unknown;
}

const crud = createEntityApi(tenantEntity);

/**
 * Tenants: the CRUD calls, where `submit` answers what a create provisioned — the generated first
 * password of the new administrator appears in that answer only — plus `setting` (授权配置 for several tenants)
 * and `package-setting` (产品包配置).
 */
export const tenantApi = {
  ...crud,
  submit: async (
    record: SubmitBody<EntityInput<typeof tenantEntity> & { adminPassword?: string }>,
  ): Promise<TenantCreated> => {
    const { data } = await request.post<R<TenantCreated>>(`${tenantEntity.api}/submit`, record);
    return data.data;
  },
  setting: async (ids: readonly string[], accountNumber: number, expireTime: string) => {
    const { data } = await request.post<R<unknown>>(`${tenantEntity.api}/setting`, null, {
      params: { ids: ids.join(','), accountNumber, expireTime },
    });
    return data.data;
  },
  /** 数据源配置: binds the tenant's business data to a datasource ('' = back to the master database). */
  datasource: async (tenantRowId: string, datasourceId: string) => {
    const { data } = await request.post<R<unknown>>(`${tenantEntity.api}/datasource`, null, {
      params: { tenantId: tenantRowId, datasourceId },
    });
    return data.data;
  },
  packageSetting: async (tenantRowId: string, packageId: string) => {
    const { data } = await request.post<R<unknown>>(`${tenantEntity.api}/package-setting`, null, {
      params: { tenantId: tenantRowId, packageId },
    });
    return data.data;
  },
};

/** Tenant packages: list, detail, submit (menu ids comma-joined), remove; `select` for pickers. */
export const tenantPackageApi = {
  ...createEntityApi(tenantPackageEntity),
  /** Package choices as flat tree nodes (`TreePicker`, `Select`). */
  options: async (): Promise<MenuTreeNode[]> => {
    const { data } = await request.get<R<Array<{ id: string; packageName: string }>>>(
      `${tenantPackageEntity.api}/select`,
    );
    return (data.data ?? []).map((p) => ({ id: p.id, key: p.id, value: p.id, title: p.packageName }));
  },
  /** Every menu and button the caller may hand on (the grant tree's `menu` part), for the package's choice. */
  menuTree: async (): Promise<MenuTreeNode[]> => {
    const { data } = await request.get<R<{ menu: MenuTreeNode[] }>>('/api/cube-system/menu/grant-tree', {
      params: { scope: 'tenant' },
    });
    return data.data?.menu ?? [];
  },
};
