/** Signing in and out, and the lock screen. */

export const login = {
  heading: '账号登录',
  subheading: '欢迎回来，请使用您的账号登录',
  tenantId: '租户ID',
  username: '用户名',
  password: '密码',
  code: '验证码',
  tenantIdRequired: '请输入租户ID',
  usernameRequired: '请输入用户名',
  passwordRequired: '请输入密码',
  codeRequired: '请输入验证码',
  captchaAlt: '验证码图片',
  captchaRefresh: '看不清？点击刷新验证码',
  captchaLoadFailed: '点击重试',
  submit: '登 录',
  success: '登录成功',
  brandFeatureTenants: '多租户隔离，数据安全可控',
  brandFeatureOrganization: '组织、角色与权限统一管理',
  brandFeatureWorkflow: '专利申请全流程在线协同',
  copyright: '© {{year}} {{name}} 版权所有',
};

export const logout = {
  confirm: '退出系统, 是否继续?',
};

export const lock = {
  lockScreen: '锁屏',
  setPassword: '设置锁屏密码',
  password: '锁屏密码',
  passwordPlaceholder: '请输入锁屏密码',
  passwordRequired: '锁屏密码不能为空',
  locked: '屏幕已锁定',
  unlockPlaceholder: '请输入锁屏密码解锁',
  unlock: '解 锁',
  wrongPassword: '锁屏密码错误，请重新输入',
  signOut: '退出登录',
  signedOut: '已退出登录',
  dateFormat: 'YYYY年M月D日 dddd',
};
