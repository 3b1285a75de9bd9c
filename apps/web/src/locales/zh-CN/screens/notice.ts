export const notice = {
  title: '通知标题',
  category: '通知类型',
  releaseTime: '通知时间',
  content: '通知内容',
  titleRequired: '请输入通知标题',
  categoryRequired: '请选择通知类型',
  releaseTimeRequired: '请选择通知时间',
};
