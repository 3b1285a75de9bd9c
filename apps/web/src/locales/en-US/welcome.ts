import type { Messages } from '../zh-CN';

/** The console home page. */

export const welcome: Messages['welcome'] = {
  greeting: 'Hello, {{name}}',
  description: 'You are signed in. This is your current account.',
  cardTitle: 'Current identity',
  name: 'Name',
  account: 'Account',
  tenant: 'Tenant',
  role: 'Role',
  loginTime: 'Signed in at',
  passwordMustChange: 'Please change your initial password first',
  passwordMustChangeHint:
    'For your account’s safety, replace the initial password first; the console opens as soon as it is changed.',
  logout: 'Sign out',
};
