import { clientEntity } from '@cube/contract';

export const client = {
  clientId: '客户端ID',
  clientSecret: '客户端密钥',
  scope: '授权范围',
  authorizedGrantTypes: '授权类型',
  accessTokenValidity: '令牌秒数',
  refreshTokenValidity: '刷新令牌秒数',
  webServerRedirectUri: '回调地址',
  resourceIds: '资源集合',
  authorities: '权限',
  autoapprove: '自动授权',
  additionalInformation: '附加说明',
  createTime: '创建时间',
  secretHelp: '留空则自动生成；密钥只在保存后显示一次',
  secretEditHelp: '留空则不修改；要生成新密钥请用“重置密钥”',
  resetSecret: '重置密钥',
  resetConfirm: '重置后旧密钥立即失效，使用它的应用需要换用新密钥。确定重置“{{clientId}}”的密钥吗？',
  secretTitle: '客户端密钥',
  secretOnce: '请立即复制并妥善保存，关闭后无法再次查看。',
  copy: '复制',
  copied: '已复制',
  webClient: '控制台',
  // Validation and rule messages, verbatim from the contract (the server answers with the same words).
  ...clientEntity.messages,
};
