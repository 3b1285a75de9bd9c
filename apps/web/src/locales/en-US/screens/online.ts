import type { Messages } from '../../zh-CN';

export const online: Messages['screens']['online'] = {
  account: 'Account',
  realName: 'Name',
  tenantName: 'Tenant',
  tenantId: 'Tenant ID',
  ip: 'Address',
  userAgent: 'Browser',
  loginTime: 'Signed in',
  lastActiveTime: 'Last refreshed',
  expireTime: 'Session ends',
  current: 'This session',
  total: '{{count}} live sessions',
  end: 'End session',
  endUser: 'End all of this user',
  endConfirm: 'End this session? The person must sign in again on their next request.',
  endUserConfirm: 'End every session of this user?',
  allTenants: 'All tenants',
  accountPlaceholder: 'Search by account',
};
