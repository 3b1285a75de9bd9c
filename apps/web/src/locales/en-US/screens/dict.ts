import type { Messages } from '../../zh-CN';

export const dict: Messages['screens']['dict'] = {
  code: 'Dictionary code',
  dictValue: 'Dictionary name',
  sort: 'Dictionary sort',
  dictKey: 'Dictionary key value',
  isSealed: 'Sealed',
  remark: 'Remark',
  parentId: 'Parent',
  parentTitle: 'System dictionaries',
  configure: 'Items',
  childTitle: 'Items of {{name}} ({{code}})',
  choose: 'Click “Items” on a dictionary on the left to list its items here',
  codeRequired: 'Please enter the dictionary code',
  codeInvalid: 'The dictionary code may contain letters, digits, underscores, dots and hyphens only',
  dictValueRequired: 'Please enter the dictionary name',
  sortRequired: 'Please enter the dictionary sort',
  dictKeyRequired: 'Please enter the dictionary key value',
  isSealedRequired: 'Please choose sealed',
  parentInvalid: 'Invalid parameter: parentId',
  keyExists: 'The dictionary key value already exists!',
};
