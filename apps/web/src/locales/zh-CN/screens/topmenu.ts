import { topMenuEntity } from '@cube/contract';

export const topmenu = {
  name: '菜单名称',
  code: '菜单编号',
  source: '菜单图标',
  path: '路由地址',
  sort: '菜单排序',
  setting: '菜单配置',
  settingTitle: '菜单配置：{{names}}',
  settingLoadFailed: '菜单树加载失败，请稍后重试',
  settingSaved: '配置成功',
  // Validation and rule messages, verbatim from the contract (the server answers with the same words).
  ...topMenuEntity.messages,
};
