/** The console shell: header, sidebar, tabs, menu search, theme, error log, language, notices. */

export const shell = {
  expand: '展开菜单',
  externalLinkTitle: '打开外部链接',
  externalLinkConfirm: '即将在新标签页中打开外部链接 {{url}}，是否继续?',
  collapse: '收起菜单',
  fullScreen: '全屏',
  exitFullScreen: '退出全屏',
  processing: '处理中，请稍后...',
  topHome: '首页',
  done: '操作成功!',
  sidebar: '侧边栏',
  closeSidebar: '关闭侧边栏',
};

export const userMenu = {
  account: '账号菜单',
  dashboard: '控制台',
  info: '个人信息',
  switchDept: '切换部门',
  logout: '退出系统',
};

export const switchDept = {
  title: '切换部门',
  dept: '部门',
  role: '角色',
  deptRequired: '请选择部门',
  roleRequired: '请选择角色',
};

export const tabs = {
  more: '更多',
  search: '搜索',
  closeOthers: '关闭其他',
  closeAll: '关闭全部',
  clearCache: '清除缓存',
  close: '关闭',
  clearCacheConfirm: '是否需要清除缓存?',
  cacheCleared: '清除完毕',
};

export const search = {
  title: '菜单搜索',
  placeholder: '搜索菜单',
  close: '关闭搜索',
  noResult: '没有找到匹配的菜单',
  hint: '输入菜单名称的开头进行搜索，例如“参数”',
  footer: '↑ ↓ 选择 · Enter 打开 · Esc 关闭',
};

export const theme = {
  title: '主题',
  color: '主题色',
  presetColors: '推荐颜色',
  names: {
    default: '默认主题',
    'theme-white': '白色主题',
    'theme-dark': '黑色主题',
    'theme-star': '炫彩主题',
    'theme-bule': '智能主题',
    'theme-iview': 'iView 主题',
    'theme-vip': 'VIP 尊贵主题',
    'theme-cool': '卡片主题',
    'theme-d2': 'D2 主题',
    'theme-hey': 'Hey 主题',
    'theme-lte': 'LTE 主题',
  },
};

export const errorLog = {
  title: '错误日志',
  upload: '上传服务器',
  clear: '清空本地日志',
  uploadConfirm: '确定上传本地日志到服务器?',
  uploaded: '发送成功!',
  clearConfirm: '确定清空本地日志记录?',
  cleared: '清空成功!',
  type: '类型',
  url: '地址',
  message: '内容',
  time: '时间',
  info: '来源',
};

export const language = {
  title: '语言',
  zh: '中文',
  en: 'English',
};

export const notice = {
  title: '消息通知',
  empty: '暂无消息',
  noMore: '没有更多了',
  readAll: '全部已读',
  viewAll: '查看全部',
  tabs: {
    mail: '邮件',
    message: '消息',
    notice: '通知',
    personal: '提醒',
  },
};

export const assistant = {
  title: '智能助手',
  me: '我',
  question: '问题',
  placeholder: '输入问题，Enter 发送，Shift+Enter 换行',
  send: '发送',
  stop: '停止',
  clear: '清空对话',
  empty: '可以问我专利、商标、版权等知识产权问题',
};
