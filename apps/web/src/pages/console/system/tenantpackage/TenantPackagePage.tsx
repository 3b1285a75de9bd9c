import { type TenantPackage, tenantPackageEntity } from '@cube/contract';
import { tenantPackageApi } from '../../../../api/tenant';
import { CrudPage, createTimeField, entityFields } from '../../../../components/crud';

/**
 * 产品包管理: a package is a named choice of menus and buttons (a tree, sent comma-joined). Add, edit and
 * delete always, no separate view button (the contract's `tenantPackageEntity` defines no view code either).
 */
const fields = entityFields(tenantPackageEntity, [
  { name: 'packageName', search: true },
  {
    name: 'menuId',
    type: 'tree',
    span: 24,
    table: false,
    tree: {
      queryKey: ['tenantPackage', 'menuTree'],
      load: tenantPackageApi.menuTree,
      multiple: true,
      joined: true,
    },
  },
  { name: 'remark', type: 'textarea', search: true, table: { ellipsis: true } },
  createTimeField({ search: false, table: { width: 170 } }),
]);

export default function TenantPackagePage() {
  return (
    <CrudPage<TenantPackage>
      resource={tenantPackageEntity.name}
      api={tenantPackageApi}
      fields={fields}
      // Always add, edit and delete (the server still requires the platform administrator).
      permissions={{ add: true, edit: true, delete: true }}
    />
  );
}
