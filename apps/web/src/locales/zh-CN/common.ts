/** App-wide words: product name, shared buttons, route titles, boot and request errors. */

export const app = {
  name: 'Cube 企业门户',
  slogan: '多租户企业门户与管理平台',
};

export const common = {
  retry: '重试',
  backHome: '返回首页',
  reload: '重新加载',
  loading: '加载中…',
  confirm: '确定',
  cancel: '取消',
  tip: '提示',
  empty: '—',
  copy: '复制',
  copied: '复制成功',
  copyFailed: '复制失败',
  /** Between the items of a list read in a sentence or a cell. */
  listSeparator: '、',
  /** A name with its code after it: 示例科技（100000）. */
  nameWithCode: '{{name}}（{{code}}）',
};

export const route = {
  home: '首页',
  login: '登录',
  welcome: '首页',
  notFound: '页面不存在',
  lock: '锁屏',
  forbidden: '无权访问',
  serverError: '服务器错误',
  dashboard: '控制台',
  selfCheck: '系统自检',
  info: '个人信息',
  workForm: '发起流程',
  workHandle: '办理任务',
  workDetail: '流程详情',
};

export const boot = {
  failedTitle: '站点信息加载失败',
  failedDescription: '暂时无法获取站点配置，请检查网络连接或稍后重试。',
  failedDetail: '错误详情：{{detail}}',
};

export const request = {
  unknownError: '未知错误',
  networkError: '网络异常，请检查网络连接后重试',
  timeout: '请求超时，请稍后重试',
  invalidAnswer: '服务器返回的数据格式不正确',
};
