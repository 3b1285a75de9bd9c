import { apiScopeEntity } from '@cube/contract';

export const apiScope = {
  menus: '菜单',
  menuId: '所属菜单',
  scopeName: '接口名称',
  scopePath: '接口路径',
  scopeMethod: '请求方法',
  resourceCode: '权限编号',
  scopeType: '接口类型',
  remark: '备注',
  type1: '系统接口',
  type2: '业务接口',
  scopePathHelp: '以 /api/ 开头；* 匹配一级路径，** 匹配其后任意路径，如 /api/cube-desk/notice/**',
  scopeMethodHelp: '逗号分隔，如 GET,POST；留空表示所有方法',
  ...apiScopeEntity.messages,
};
