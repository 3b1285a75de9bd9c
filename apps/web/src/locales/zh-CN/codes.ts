/**
 * Labels of the codes the lists show (`lib/codeLabels.ts`, `CODE_SETS`): a code's dots are written `_`.
 */
export const codes = {
  usualEvent: {
    auth_login: '登录成功',
    auth_logout: '退出登录',
    lead_submit: '提交客户咨询',
    user_guest_approve: '通过注册申请',
    user_guest_reject: '驳回注册申请',
    user_oauth_link: '绑定第三方账号',
    user_oauth_unlink: '解除第三方账号',
    user_password_change: '修改密码',
    user_password_change_failed: '修改密码失败',
  },
  logLevel: { info: '信息', warn: '警告', error: '错误' },
  exceptionName: {
    AppError: '业务异常',
    BizError: '业务校验失败',
    Error: '程序错误',
    TypeError: '类型错误',
    RangeError: '范围错误',
    SyntaxError: '语法错误',
    ReferenceError: '引用错误',
    ChunkLoadError: '页面资源加载失败',
    error: '页面错误',
  },
  serviceId: { 'cube-server': '服务端', 'cube-web': '浏览器端' },
  grantType: {
    password: '密码',
    refresh_token: '刷新令牌',
    authorization_code: '授权码',
    captcha: '验证码',
    social: '第三方登录',
    client_credentials: '客户端凭证',
    implicit: '简化模式',
    sms_code: '短信验证码',
  },
  /** OAuth2 client scopes the dialect seeds (a client's own scopes are shown as typed). */
  clientScope: { all: '全部' },
  /** The seed's role aliases, named for a tenant that lacks the role (a workflow's candidate group). */
  roleAlias: {
    administrator: '超级管理员',
    admin: '管理员',
    user: '普通用户',
    manager: '部门经理',
    agent: '代理人',
    process: '流程专员',
  },
  /** A candidate group naming a role the tenant does not have (deleted, or never created). */
  unknownRole: '未知角色（已删除）',
};
