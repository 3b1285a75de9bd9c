import type { Messages } from '../zh-CN';

/** Labels of server menus by code (`menu.<code>`) and of the patent-flow routes. */

export const menu: Messages['menu'] = {
  desk: 'Workbench',
  notice: 'Notices',
  system: 'System',
  param: 'Parameters',
  tenant: 'Tenants',
  tenantPackage: 'Tenant packages',
  user: 'Users',
  dept: 'Departments',
  post: 'Posts',
  role: 'Roles',
  menu: 'Menus',
  topmenu: 'Top menus',
  dict: 'Dictionaries',
  dictbiz: 'Business dictionaries',
  client: 'Clients',
  authority: 'Authority',
  datascope: 'Data scopes',
  apiscope: 'API scopes',
  monitor: 'Monitoring',
  log: 'Logs',
  log_usual: 'Usual logs',
  log_api: 'API logs',
  log_error: 'Error logs',
  flow: 'Workflow',
  work: 'My work',
  work_start: 'Start a process',
  work_claim: 'Tasks to claim',
  work_todo: 'My tasks',
  work_send: 'Started by me',
  work_done: 'Completed tasks',
};

export const flow: Messages['flow'] = {
  flow_1: 'Invention patent full process',
  flow_2: 'Utility model and design patent full process',
  flow_3: 'Patent application approval process',
};
