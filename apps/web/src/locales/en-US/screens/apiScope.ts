import type { Messages } from '../../zh-CN';

export const apiScope: Messages['screens']['apiScope'] = {
  menus: 'Menus',
  menuId: 'Menu',
  scopeName: 'Name',
  scopePath: 'Path',
  scopeMethod: 'Methods',
  resourceCode: 'Code',
  scopeType: 'API type',
  remark: 'Remark',
  type1: 'System API',
  type2: 'Business API',
  scopePathHelp: 'Starts with /api/; * matches one path segment, ** any rest, e.g. /api/cube-desk/notice/**',
  scopeMethodHelp: 'Comma separated, e.g. GET,POST; empty means every method',
  menuRequired: 'Please choose the menu',
  scopeNameRequired: 'Please enter the API scope name',
  scopePathRequired: 'Please enter the API path',
  scopePathInvalid:
    'The path must start with /api/ and contain only letters, digits, /, -, _, . and the wildcard *',
  scopeMethodInvalid: 'Methods may be GET, POST, PUT, PATCH, DELETE (comma separated)',
  scopeTypeRequired: 'Please choose the API type',
  menuMissing: 'The chosen menu does not exist',
};
