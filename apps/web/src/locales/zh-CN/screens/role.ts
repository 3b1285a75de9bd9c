import { roleEntity } from '@cube/contract';

export const role = {
  roleName: '角色名称',
  roleAlias: '角色别名',
  parentId: '上级角色',
  sort: '角色排序',
  grant: '权限设置',
  grantTitle: '权限设置：{{names}}',
  grantMenus: '菜单权限',
  grantDataScopes: '数据权限',
  grantApiScopes: '接口权限',
  grantEmpty: '暂无可授予的权限',
  grantLoadFailed: '权限树加载失败，请稍后重试',
  grantSaved: '授权成功',
  // Validation and rule messages, verbatim from the contract (the server answers with the same words).
  ...roleEntity.messages,
};
