import { postEntity } from '@cube/contract';

export const post = {
  category: '岗位类型',
  postCode: '岗位编号',
  postName: '岗位名称',
  sort: '岗位排序',
  remark: '岗位描述',
  ...postEntity.messages,
};
