import { leadEntity } from '@cube/contract';

export const lead = {
  name: '姓名',
  phone: '手机号码',
  company: '公司名称',
  service: '咨询业务',
  message: '留言',
  leadStatus: '跟进状态',
  assigneeId: '跟进人',
  assigneePlaceholder: '输入姓名搜索',
  notes: '跟进记录',
  createTime: '提交时间',
  privacyConsent: '隐私政策',
  consentGiven: '访客已同意',
  consentNone: '无（后台录入）',
  consentTime: '同意时间',
  export: '导出',
  // Validation and rule messages, verbatim from the contract (the server answers with the same words).
  ...leadEntity.messages,
};
