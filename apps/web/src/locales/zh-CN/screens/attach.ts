import { attachEntity } from '@cube/contract';

export const attach = {
  originalName: '附件名称',
  extension: '类型',
  attachSize: '大小',
  contentType: '内容类型',
  createUserName: '上传人',
  createTime: '上传时间',
  upload: '上传附件',
  uploaded: '上传成功',
  preview: '预览',
  download: '下载',
  // Validation and rule messages, verbatim from the contract (the server answers with the same words).
  ...attachEntity.messages,
};
