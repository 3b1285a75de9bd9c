/** The console home page. */

export const welcome = {
  greeting: '您好，{{name}}',
  description: '您已成功登录，以下是您当前的账号信息。',
  cardTitle: '当前身份',
  name: '姓名',
  account: '账号',
  tenant: '租户',
  role: '角色',
  loginTime: '登录时间',
  passwordMustChange: '请先修改初始密码',
  passwordMustChangeHint: '为了账号安全，首次登录须修改初始密码；修改完成后即进入系统。',
  logout: '退出登录',
};
