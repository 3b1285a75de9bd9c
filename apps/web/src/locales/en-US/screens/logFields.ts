/** Labels every log screen shares; spread into each log screen's file. */
export const logFields = {
  id: 'Log ID',
  tenantId: 'Tenant ID',
  serviceId: 'Service',
  serverHost: 'Server host',
  serverIp: 'Server IP',
  env: 'Environment',
  method: 'Method',
  requestUri: 'Request URI',
  userAgent: 'User agent',
  remoteIp: 'Client IP',
  params: 'Request data',
  createBy: 'Account',
  createTime: 'Time',
  detail: 'Details',
  detailTitle: 'Log details',
  chartsTitle: 'Statistics',
};
