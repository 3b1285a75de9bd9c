import { smsProviderEntity } from '@cube/contract';

/** 短信服务: the tenant's SMS service for phone sign-in codes. */
export const smsProvider = {
  name: '名称',
  category: '服务商',
  category1: '阿里云',
  category2: '腾讯云',
  accessKeyId: 'AccessKey ID',
  accessKeySecret: 'AccessKey Secret',
  signName: '短信签名',
  templateCode: '模板编号',
  templateParam: '模板变量名',
  sdkAppId: 'SDK AppID',
  region: '地域',
  enabled: '启用',
  enabledYes: '已启用',
  enabledNo: '未启用',
  remark: '备注',
  createTime: '创建时间',
  secretHelp: '已保存的密钥不会显示；留空或保持掩码则不修改。腾讯云填写 SecretId / SecretKey',
  templateHelp: '阿里云填写模板 CODE（如 SMS_123456），腾讯云填写模板 ID',
  templateParamHelp: '阿里云模板中验证码的变量名，默认 code',
  sdkAppIdHelp: '腾讯云短信应用的 SdkAppId（阿里云不填）',
  regionHelp: '腾讯云地域，默认 ap-guangzhou（阿里云不填）',
  enabledHelp: '每个租户只能启用一个短信服务；未启用时手机号登录不可用（开发环境验证码写入服务器日志）',
  ...smsProviderEntity.messages,
};
