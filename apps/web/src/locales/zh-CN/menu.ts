import { SCREEN_TITLES } from '@cube/contract';

/**
 * Labels of server menus by code (`menu.<code>`): the screens' titles of the contract, as the menus are seeded.
 * Then the names of the patent flows.
 */

export const menu = {
  desk: SCREEN_TITLES.desk,
  notice: SCREEN_TITLES.notice,
  system: SCREEN_TITLES.system,
  param: SCREEN_TITLES.param,
  tenant: SCREEN_TITLES.tenant,
  tenantPackage: SCREEN_TITLES.tenant_package,
  user: SCREEN_TITLES.user,
  dept: SCREEN_TITLES.dept,
  post: SCREEN_TITLES.post,
  role: SCREEN_TITLES.role,
  menu: SCREEN_TITLES.menu,
  topmenu: SCREEN_TITLES.topmenu,
  dict: SCREEN_TITLES.dict,
  dictbiz: SCREEN_TITLES.dictbiz,
  client: SCREEN_TITLES.client,
  authority: SCREEN_TITLES.authority,
  datascope: SCREEN_TITLES.data_scope,
  apiscope: SCREEN_TITLES.api_scope,
  monitor: SCREEN_TITLES.monitor,
  log: SCREEN_TITLES.log,
  log_usual: SCREEN_TITLES.log_usual,
  log_api: SCREEN_TITLES.log_api,
  log_error: SCREEN_TITLES.log_error,
  flow: SCREEN_TITLES.flow,
  work: SCREEN_TITLES.work,
  work_start: SCREEN_TITLES.work_start,
  work_claim: SCREEN_TITLES.work_claim,
  work_todo: SCREEN_TITLES.work_todo,
  work_send: SCREEN_TITLES.work_send,
  work_done: SCREEN_TITLES.work_done,
};

export const flow = {
  flow_1: '发明专利全流程',
  flow_2: '实用新型和外观设计专利全流程',
  flow_3: '专利申请审批流程',
};
