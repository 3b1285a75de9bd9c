import { deptEntity } from '@cube/contract';

export const dept = {
  deptName: '机构名称',
  fullName: '机构全称',
  parentId: '上级机构',
  deptCategory: '机构类型',
  sort: '排序',
  remark: '备注',
  category1: '公司',
  category2: '部门',
  category3: '小组',
  ...deptEntity.messages,
};
