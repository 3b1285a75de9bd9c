/**
 * The Chinese title of every console screen and menu group, written once and keyed by its menu code (the code
 * the seed gives the screen's menu; for an entity's page, its `permissions.read`). The seeded menu names, the API
 * documentation's group names of the screens' routes and the web's Chinese menu labels are all read from here.
 * A new screen adds its line here; the seed refuses a menu whose code has no title.
 */
export const SCREEN_TITLES = {
  system: '系统管理',
  param: '参数管理',
  desk: '工作台',
  notice: '通知公告',
  notify: '消息中心',
  online: '在线用户',
  monitor: '系统监控',
  log: '日志管理',
  log_error: '错误日志',
  portal: '门户管理',
  portal_article: '文章管理',
  portal_product: '产品服务',
  portal_certification: '体系认证',
  portal_banner: '首页轮播',
  portal_site: '站点设置',
  dict: '系统字典',
  dictbiz: '业务字典',
  client: '应用管理',
  menu: '菜单管理',
  topmenu: '顶部菜单',
  log_usual: '通用日志',
  log_api: '接口日志',
  resource: '资源管理',
  attach: '附件管理',
  oss: '对象存储',
  base: '基础配置',
  region: '行政区划',
  oauth_provider: '第三方登录',
  sms_provider: '短信服务',
  user: '用户管理',
  post: '岗位管理',
  role: '角色管理',
  dept: '部门管理',
  authority: '权限管理',
  data_scope: '数据权限',
  api_scope: '接口权限',
  lead: '客户咨询',
  patent: '专利管理',
  patent_application: '专利案件',
  patent_deadline: '期限看板',
  patent_deadline_rule: '期限规则',
  agent_company: '代理公司',
  patent_holiday: '节假日',
  work: '我的事务',
  work_start: '发起事务',
  work_claim: '待签事务',
  work_todo: '待办事务',
  work_send: '已发事务',
  work_done: '办结事务',
  flow: '流程管理',
  flow_model: '模型管理',
  flow_deploy: '流程部署',
  flow_manager: '流程管理',
  flow_follow: '流程跟踪',
  tenant: '租户管理',
  tenant_package: '产品包管理',
  datasource: '数据源管理',
} as const;

export type ScreenCode = keyof typeof SCREEN_TITLES;

/** The title of a screen by its menu code; a code without a title is a programming error. */
export function screenTitle(code: string): string {
  const title = (SCREEN_TITLES as Readonly<Record<string, string>>)[code];
  if (!title) throw new Error(`screen ${code} has no title in SCREEN_TITLES`);
  return title;
}
