import { ossEntity } from '@cube/contract';

export const oss = {
  ossCode: '资源编号',
  category: '存储类型',
  endpoint: '资源地址',
  accessKey: 'AccessKey',
  secretKey: 'SecretKey',
  bucketName: '空间名',
  region: '地域',
  remark: '备注',
  status: '状态',
  statusEnabled: '已启用',
  statusDisabled: '未启用',
  category0: '本地磁盘',
  category1: 'MinIO / S3 兼容',
  category2: '七牛云',
  category3: '阿里云',
  category4: '腾讯云',
  enable: '启用',
  enableConfirm: '启用后本租户新上传的文件将存入该存储，其他配置将停用，是否继续?',
  test: '测试连接',
  endpointHelp: 'S3 兼容服务的地址，如 http://127.0.0.1:9000、https://oss-cn-hangzhou.aliyuncs.com',
  secretKeyHelp: '已保存的密钥不会显示；留空或保持掩码则不修改',
  // Validation and rule messages, verbatim from the contract (the server answers with the same words).
  ...ossEntity.messages,
};
