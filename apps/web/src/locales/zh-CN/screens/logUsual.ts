import { logFields } from './logFields';

export const logUsual = {
  ...logFields,
  logLevel: '日志级别',
  logId: '事件编码',
  title: '事件',
  logData: '事件数据',
  userId: '用户编号',
  perDay: '近 7 天每日事件数',
  byEvent: '近 7 天最多的事件',
  count: '次数',
};
