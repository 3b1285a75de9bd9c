import { dictEntity } from '@cube/contract';

export const dict = {
  code: '字典编号',
  dictValue: '字典名称',
  sort: '字典排序',
  dictKey: '字典键值',
  isSealed: '封存',
  remark: '字典备注',
  parentId: '上级字典',
  parentTitle: '系统字典',
  configure: '字典配置',
  childTitle: '字典配置：{{name}}（{{code}}）',
  choose: '在左侧的字典上点击“字典配置”，这里列出它的字典项',
  // Validation and rule messages, verbatim from the contract (the server answers with the same words).
  ...dictEntity.messages,
};
