import { apiScopeEntity, dataScopeEntity, deptEntity, roleEntity } from '@cube/contract';
import { runCrudKit } from '../../../../test/kit/crud-kit.js';

/** Roles, departments and the two kinds of scope rules through the CRUD test kit. */
runCrudKit({
  entity: roleEntity,
  table: 'cubeRole',
  admin: 'tenantAdmin',
  outsider: 'tenantUser',
  sample: (n) => ({ roleName: `测试角色${n}`, roleAlias: `kit_role_${n}_${Date.now()}`, sort: n }),
  change: { roleName: '已修改的角色', sort: 9 },
  invalid: [
    { input: { roleName: '' }, message: roleEntity.messages.roleNameRequired },
    { input: { roleName: null }, message: roleEntity.messages.roleNameRequired },
    { input: { roleAlias: '' }, message: roleEntity.messages.roleAliasRequired },
    { input: { roleAlias: 'a b' }, message: roleEntity.messages.roleAliasInvalid },
    { input: { roleAlias: 'manager' }, message: roleEntity.messages.roleAliasExists },
    { input: { roleAlias: 'administrator' }, message: roleEntity.messages.administratorReserved },
    { input: { sort: '' }, message: roleEntity.messages.sortRequired },
    { input: { sort: -1 }, message: roleEntity.messages.sortInvalid },
    { input: { roleName: 'x'.repeat(101) }, message: '长度不能超过100个字符' },
  ],
  optional: ['parentId'],
});

runCrudKit({
  entity: deptEntity,
  table: 'cubeDept',
  admin: 'tenantAdmin',
  outsider: 'tenantUser',
  sample: (n) => ({ deptName: `测试部门${n}`, fullName: `测试部门全称${n}`, deptCategory: 2, sort: n }),
  change: { deptName: '已修改的部门', remark: '备注' },
  invalid: [
    { input: { deptName: '' }, message: deptEntity.messages.deptNameRequired },
    { input: { fullName: '  ' }, message: deptEntity.messages.fullNameRequired },
    { input: { deptCategory: 'x' }, message: deptEntity.messages.categoryRequired },
    { input: { deptCategory: 4 }, message: deptEntity.messages.categoryRequired },
    { input: { sort: null }, message: deptEntity.messages.sortRequired },
    { input: { sort: 1.5 }, message: deptEntity.messages.sortInvalid },
    { input: { deptName: 'x'.repeat(101) }, message: '长度不能超过100个字符' },
  ],
  optional: ['parentId', 'remark', 'deptCategory'],
});

/** The 通知公告 menu: every scope rule sample is attached to a page that exists in the seed. */
const NOTICE_MENU = '1123598815738675221';

runCrudKit({
  entity: dataScopeEntity,
  table: 'cubeScopeData',
  admin: 'platformAdmin',
  outsider: 'tenantUser',
  sample: (n) => ({
    menuId: NOTICE_MENU,
    scopeName: `测试数据权限${n}`,
    scopeType: 2,
    scopeColumn: 'create_user',
  }),
  change: { scopeName: '已修改的数据权限', scopeType: 3 },
  invalid: [
    { input: { menuId: '' }, message: dataScopeEntity.messages.menuRequired },
    { input: { menuId: '1' }, message: dataScopeEntity.messages.menuMissing },
    { input: { scopeName: '' }, message: dataScopeEntity.messages.scopeNameRequired },
    { input: { scopeType: 6 }, message: dataScopeEntity.messages.scopeTypeRequired },
    { input: { scopeColumn: 'a;drop' }, message: dataScopeEntity.messages.scopeColumnInvalid },
    { input: { scopeType: 5, scopeValue: '' }, message: dataScopeEntity.messages.scopeValueRequired },
    {
      input: { scopeType: 5, scopeValue: 'create_user = 1' },
      message: dataScopeEntity.messages.valueInvalid,
    },
    {
      input: { scopeType: 5, scopeValue: '[{"column":"a b","operator":"eq","value":"1"}]' },
      message: dataScopeEntity.messages.columnInvalid,
    },
    {
      input: { scopeType: 5, scopeValue: '[{"column":"status","operator":"or 1=1","value":"1"}]' },
      message: dataScopeEntity.messages.operatorInvalid,
    },
    {
      input: { scopeType: 5, scopeValue: '[{"column":"status","operator":"eq","value":"${password}"}]' },
      message: dataScopeEntity.messages.variableInvalid,
    },
    {
      input: { scopeType: 5, scopeValue: '[{"column":"status","operator":"eq"}]' },
      message: dataScopeEntity.messages.valueRequired,
    },
  ],
  optional: ['resourceCode', 'scopeField', 'scopeClass', 'scopeColumn', 'scopeValue', 'remark'],
});

runCrudKit({
  entity: apiScopeEntity,
  table: 'cubeScopeApi',
  admin: 'platformAdmin',
  outsider: 'tenantUser',
  sample: (n) => ({
    menuId: NOTICE_MENU,
    scopeName: `测试接口权限${n}`,
    scopePath: `/api/cube-desk/notice/list${n}`,
    scopeType: 2,
  }),
  change: { scopeName: '已修改的接口权限', scopeMethod: 'get,post' },
  invalid: [
    { input: { menuId: null }, message: apiScopeEntity.messages.menuRequired },
    { input: { scopeName: ' ' }, message: apiScopeEntity.messages.scopeNameRequired },
    { input: { scopePath: '' }, message: apiScopeEntity.messages.scopePathRequired },
    { input: { scopePath: 'notice/list' }, message: apiScopeEntity.messages.scopePathInvalid },
    { input: { scopePath: '/api/x?y=1' }, message: apiScopeEntity.messages.scopePathInvalid },
    { input: { scopeMethod: 'TRACE' }, message: apiScopeEntity.messages.scopeMethodInvalid },
    { input: { scopeType: 3 }, message: apiScopeEntity.messages.scopeTypeRequired },
  ],
  optional: ['resourceCode', 'scopeMethod', 'remark'],
});
