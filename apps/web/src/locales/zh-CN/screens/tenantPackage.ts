import { tenantPackageEntity } from '@cube/contract';

export const tenantPackage = {
  packageName: '产品包名称',
  menuId: '菜单列表',
  remark: '备注',
  // Validation and rule messages, verbatim from the contract (the server answers with the same words).
  ...tenantPackageEntity.messages,
};
