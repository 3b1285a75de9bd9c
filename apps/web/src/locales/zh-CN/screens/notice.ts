import { noticeEntity } from '@cube/contract';

export const notice = {
  title: '通知标题',
  category: '通知类型',
  releaseTime: '通知时间',
  content: '通知内容',
  // Validation messages, verbatim from the contract (the server answers with the same words).
  ...noticeEntity.messages,
};
