import type { Messages } from '../../zh-CN';

export const param: Messages['screens']['param'] = {
  paramName: 'Parameter name',
  paramKey: 'Parameter key',
  paramValue: 'Parameter value',
  remark: 'Remark',
  nameRequired: 'Please enter the parameter name',
  keyRequired: 'Please enter the parameter key',
  valueRequired: 'Please enter the parameter value',
  keyExists: 'The parameter key already exists',
};
