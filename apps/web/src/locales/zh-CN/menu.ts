/** Labels of server menus by code (`menu.<code>`) and of the patent-flow routes. */

export const menu = {
  desk: '工作台',
  notice: '通知公告',
  system: '系统管理',
  param: '参数管理',
  tenant: '租户管理',
  tenantPackage: '租户产品包',
  user: '用户管理',
  dept: '机构管理',
  post: '岗位管理',
  role: '角色管理',
  menu: '菜单管理',
  topmenu: '顶部菜单',
  dict: '系统字典',
  dictbiz: '业务字典',
  client: '应用管理',
  authority: '权限管理',
  datascope: '数据权限',
  apiscope: '接口权限',
  monitor: '系统监控',
  log: '日志管理',
  log_usual: '通用日志',
  log_api: '接口日志',
  log_error: '错误日志',
  flow: '流程管理',
  work: '我的事务',
};

export const flow = {
  flow_1: '发明专利全流程',
  flow_2: '实用新型和外观设计专利全流程',
  flow_3: '专利申请审批流程',
};
