import { SCREEN_TITLES } from '@cube/contract';

/**
 * Chinese names for routes, derived from their paths in one place instead of written on every route: the API
 * documentation groups routes by {@link routeTag} and titles them with {@link routeSummary}, and the API log
 * titles each call the same way. A route may still set `schema.summary` / `schema.tags` itself; those win.
 *
 * Tags are the resource's screen title (`SCREEN_TITLES` of the contract, the name its menu is seeded with) found
 * by the longest matching prefix; API groups without a screen, or named apart from it in the API documentation,
 * keep their own name here. Summaries are the action named by the last path segment (BladeX's `list`, `detail`,
 * `submit`, `remove` …).
 */

/** Longest prefix first is not required: {@link routeTag} picks the longest match. */
const TAGS: ReadonlyArray<readonly [string, string]> = [
  ['/api/cube-auth', '认证授权'],
  ['/api/cube-system/param', SCREEN_TITLES.param],
  ['/api/cube-system/menu', SCREEN_TITLES.menu],
  ['/api/cube-system/topmenu', SCREEN_TITLES.topmenu],
  ['/api/cube-system/dict-biz', SCREEN_TITLES.dictbiz],
  ['/api/cube-system/dict', SCREEN_TITLES.dict],
  ['/api/cube-system/tenant-package', '租户产品包'],
  ['/api/cube-system/tenant', SCREEN_TITLES.tenant],
  ['/api/cube-system/role', SCREEN_TITLES.role],
  ['/api/cube-system/dept', SCREEN_TITLES.dept],
  ['/api/cube-system/post', SCREEN_TITLES.post],
  ['/api/cube-system/user', SCREEN_TITLES.user],
  ['/api/cube-system/client', SCREEN_TITLES.client],
  ['/api/cube-system/region', SCREEN_TITLES.region],
  ['/api/cube-system/data-scope', SCREEN_TITLES.data_scope],
  ['/api/cube-system/api-scope', SCREEN_TITLES.api_scope],
  ['/api/cube-system/site', '站点信息'],
  ['/api/cube-system/self-check', '自检'],
  ['/api/cube-system', SCREEN_TITLES.system],
  ['/api/cube-user', SCREEN_TITLES.user],
  ['/api/cube-desk/notice', SCREEN_TITLES.notice],
  ['/api/cube-desk', SCREEN_TITLES.desk],
  ['/api/cube-log/usual', SCREEN_TITLES.log_usual],
  ['/api/cube-log/api', SCREEN_TITLES.log_api],
  ['/api/cube-log/error', SCREEN_TITLES.log_error],
  ['/api/cube-resource/attach', SCREEN_TITLES.attach],
  ['/api/cube-resource/oss', SCREEN_TITLES.oss],
  ['/api/cube-resource', SCREEN_TITLES.resource],
  ['/api/cube-desk/dashboard', SCREEN_TITLES.desk],
  ['/api/cube-cr/article', '新闻文章'],
  ['/api/cube-cr/banner', '轮播图'],
  ['/api/cube-cr/certification', '资质证书'],
  ['/api/cube-cr/product', SCREEN_TITLES.portal_product],
  ['/api/cube-cr', '门户内容'],
  ['/api/cube-mp/wx', '微信文章'],
  ['/api/cube-pr/lead', SCREEN_TITLES.lead],
  ['/api/cube-pr/prkhzx', SCREEN_TITLES.lead],
  ['/api/cube-flow/model', SCREEN_TITLES.flow_model],
  ['/api/cube-flow/manager', SCREEN_TITLES.flow_manager],
  ['/api/cube-flow/follow', SCREEN_TITLES.flow_follow],
  ['/api/cube-flow/work', SCREEN_TITLES.work],
  ['/api/cube-flow/process', '流程实例'],
  ['/ta', '智能助手'],
  ['/api/health', '健康检查'],
  ['/api/ready', '健康检查'],
  ['/api/openapi.json', '接口文档'],
  ['/api/docs', '接口文档'],
];

/** What the last segment of a path does. */
const ACTIONS: Readonly<Record<string, string>> = {
  list: '列表',
  page: '分页列表',
  detail: '详情',
  submit: '新增或修改',
  save: '新增',
  update: '修改',
  remove: '删除',
  select: '下拉数据',
  tree: '树形结构',
  'lazy-list': '懒加载列表',
  'lazy-tree': '懒加载树',
  'parent-list': '父级列表',
  'child-list': '子级列表',
  grant: '授权',
  'grant-tree': '授权树',
  'grant-top-tree': '顶部菜单授权树',
  export: '导出',
  'export-blob': '导出下载',
  import: '导入',
  upload: '上传',
  stats: '统计图表',
  token: '获取令牌',
  refresh: '刷新令牌',
  logout: '退出登录',
  captcha: '获取验证码',
  'user-info': '当前用户信息',
  'clear-cache': '清除缓存',
  info: '个人信息',
  'update-info': '修改个人信息',
  'update-password': '修改密码',
  'reset-password': '重置密码',
  routes: '菜单路由',
  buttons: '按钮权限',
  dictionary: '字典项',
  'put-file': '上传文件',
  'put-file-attach': '上传附件',
  'put-file-by-name-cover': '按名称覆盖上传',
  'remove-file': '删除文件',
  'stat-file': '文件信息',
  health: '存活检查',
  my: '我的列表',
  'top-menu': '顶部菜单',
  'lazy-menu-list': '懒加载菜单列表',
  'menu-list': '菜单列表',
  'role-tree-keys': '角色已授权菜单',
  'top-tree-keys': '已授权顶部菜单',
  'dictionary-tree': '字典树',
  ready: '就绪检查',
  validate: '校验',
  deploy: '部署',
  download: '下载',
  'restore-builtin': '恢复内置',
  'change-state': '挂起或激活',
  'delete-deployment': '删除部署',
  'deploy-upload': '上传部署',
  'delete-process-instance': '终止流程',
  'start-list': '可发起流程',
  'claim-list': '待签事务',
  'todo-list': '待办事务',
  'send-list': '已发事务',
  'done-list': '办结事务',
  count: '事务计数',
  'claim-task': '签收',
  'unclaim-task': '退回签收',
  'complete-task': '办理',
  'task-detail': '任务详情',
  users: '可选用户',
  'start-process': '发起流程',
  'history-flow-list': '流转记录',
  'model-view': '流程图',
};

const METHOD_VERB: Readonly<Record<string, string>> = {
  GET: '查询',
  POST: '提交',
  PUT: '修改',
  DELETE: '删除',
  PATCH: '修改',
};

export function routeTag(url: string): string {
  let best: readonly [string, string] | undefined;
  for (const entry of TAGS) {
    const [prefix] = entry;
    if ((url === prefix || url.startsWith(`${prefix}/`)) && (!best || prefix.length > best[0].length))
      best = entry;
  }
  if (best) return best[1];
  // A module no entry names yet: its first path segment after /api (e.g. `cube-foo`).
  return url.split('/')[2] || '其他';
}

export function routeSummary(method: string, url: string): string {
  const path = url.split('?')[0] ?? url;
  const segments = path.split('/').filter((s) => s && !s.startsWith(':') && s !== '*');
  const last = segments[segments.length - 1] ?? '';
  const action = ACTIONS[last] ?? `${METHOD_VERB[method.toUpperCase()] ?? method} ${last}`;
  return `${routeTag(url)}-${action}`;
}
