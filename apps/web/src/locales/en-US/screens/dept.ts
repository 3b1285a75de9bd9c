import type { Messages } from '../../zh-CN';

export const dept: Messages['screens']['dept'] = {
  deptName: 'Name',
  fullName: 'Full name',
  parentId: 'Parent',
  deptCategory: 'Type',
  sort: 'Sort',
  remark: 'Remark',
  category1: 'Company',
  category2: 'Department',
  category3: 'Team',
  deptNameRequired: 'Please enter the name',
  fullNameRequired: 'Please enter the full name',
  categoryRequired: 'Please choose the type',
  sortRequired: 'Please enter the sort',
  sortInvalid: 'The sort must be an integer from 0 to 99999',
  parentInvalid: 'Please choose the parent',
  deptInUse: 'The department still has users and cannot be deleted',
};
