export const param = {
  paramName: '参数名称',
  paramKey: '参数键名',
  paramValue: '参数键值',
  remark: '备注',
  nameRequired: '请输入参数名称',
  keyRequired: '请输入参数键名',
  valueRequired: '请输入参数键值',
};
