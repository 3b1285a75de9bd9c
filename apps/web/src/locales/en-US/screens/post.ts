import type { Messages } from '../../zh-CN';

export const post: Messages['screens']['post'] = {
  category: 'Category',
  postCode: 'Post code',
  postName: 'Post name',
  sort: 'Sort',
  remark: 'Description',
  categoryRequired: 'Please choose the post category',
  postCodeRequired: 'Please enter the post code',
  postNameRequired: 'Please enter the post name',
  sortRequired: 'Please enter the sort order',
  sortInvalid: 'The sort order must be an integer from 0 to 99999',
  postCodeExists: 'The post code already exists',
  postInUse: 'Users still hold this post; it cannot be deleted',
};
