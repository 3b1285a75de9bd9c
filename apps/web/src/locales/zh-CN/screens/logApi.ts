import { logFields } from './logFields';

export const logApi = {
  ...logFields,
  type: '日志类型',
  title: '接口名称',
  methodClass: '路由',
  status: '状态码',
  time: '耗时(毫秒)',
  userId: '用户编号',
  perHour: '近 24 小时每小时请求数',
  slowest: '近 24 小时最慢的接口(平均毫秒)',
  byStatus: '近 24 小时状态分布',
  count: '请求数',
  avgMs: '平均耗时(毫秒)',
};
