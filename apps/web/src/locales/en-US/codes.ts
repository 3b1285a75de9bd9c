import type { Messages } from '../zh-CN';

export const codes: Messages['codes'] = {
  usualEvent: {
    auth_login: 'Signed in',
    auth_logout: 'Signed out',
    lead_submit: 'Customer inquiry sent',
    user_guest_approve: 'Registration approved',
    user_guest_reject: 'Registration rejected',
    user_oauth_link: 'Third-party account linked',
    user_oauth_unlink: 'Third-party account unlinked',
    user_password_change: 'Password changed',
    user_password_change_failed: 'Password change failed',
  },
  logLevel: { info: 'Info', warn: 'Warning', error: 'Error' },
  exceptionName: {
    AppError: 'Business exception',
    BizError: 'Business check failed',
    Error: 'Program error',
    TypeError: 'Type error',
    RangeError: 'Range error',
    SyntaxError: 'Syntax error',
    ReferenceError: 'Reference error',
    ChunkLoadError: 'Page resource failed to load',
    error: 'Page error',
  },
  serviceId: { 'cube-server': 'Server', 'cube-web': 'Browser' },
  grantType: {
    password: 'Password',
    refresh_token: 'Refresh token',
    authorization_code: 'Authorization code',
    captcha: 'Captcha',
    social: 'Third-party sign-in',
    client_credentials: 'Client credentials',
    implicit: 'Implicit',
    sms_code: 'SMS code',
  },
};
