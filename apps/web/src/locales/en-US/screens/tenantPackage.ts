import type { Messages } from '../../zh-CN';

export const tenantPackage: Messages['screens']['tenantPackage'] = {
  packageName: 'Package name',
  menuId: 'Menus',
  remark: 'Remark',
  nameRequired: 'Please enter the package name',
  menuRequired: 'Please choose the menus',
  menuInvalid: 'The menu choice is not valid',
  menuPlatformOnly: 'A package cannot hold the platform’s own menus',
  nameExists: 'The package name already exists',
  inUse: 'The package is used by a tenant and cannot be removed',
};
