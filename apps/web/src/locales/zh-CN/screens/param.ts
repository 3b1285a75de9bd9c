import { paramEntity } from '@cube/contract';

export const param = {
  paramName: '参数名称',
  paramKey: '参数键名',
  paramValue: '参数键值',
  remark: '备注',
  // Validation and rule messages, verbatim from the contract (the server answers with the same words).
  ...paramEntity.messages,
};
