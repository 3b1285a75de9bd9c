/** Labels every log screen shares (the fields of BladeX `LogAbstract`); spread into each log screen's file. */
export const logFields = {
  id: '日志编号',
  tenantId: '租户编号',
  serviceId: '服务名称',
  serverHost: '服务器名',
  serverIp: '服务器IP',
  env: '系统环境',
  method: '请求方法',
  requestUri: '请求接口',
  userAgent: '用户代理',
  remoteIp: '请求IP',
  params: '请求数据',
  createBy: '操作账号',
  createTime: '日志时间',
  detail: '详情',
  detailTitle: '日志详情',
  chartsTitle: '统计',
};
