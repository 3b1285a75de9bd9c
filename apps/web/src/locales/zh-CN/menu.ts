import { SCREEN_TITLES } from '@cube/contract';

/**
 * Labels of server menus by code (`menu.<code>`): every screen's title of the contract, as the menus are seeded
 * (so each seeded menu has a key here and, by the type of the English file, an English label), plus the older
 * camel-case keys a stored menu's `meta.i18n` may still name. Then the names of the patent flows.
 */

export const menu = {
  ...SCREEN_TITLES,
  tenantPackage: SCREEN_TITLES.tenant_package,
  datascope: SCREEN_TITLES.data_scope,
  apiscope: SCREEN_TITLES.api_scope,
};

export const flow = {
  flow_1: '发明专利全流程',
  flow_2: '实用新型和外观设计专利全流程',
  flow_3: '专利申请审批流程',
};
