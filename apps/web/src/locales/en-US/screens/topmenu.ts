import type { Messages } from '../../zh-CN';

export const topmenu: Messages['screens']['topmenu'] = {
  name: 'Menu name',
  code: 'Menu code',
  source: 'Icon',
  path: 'Route path',
  sort: 'Sort',
  setting: 'Menu setting',
  settingTitle: 'Menu setting: {{names}}',
  settingLoadFailed: 'The menu tree could not be loaded, please try again later',
  settingSaved: 'Saved',
  nameRequired: 'Please enter the menu name',
  codeRequired: 'Please enter the menu code',
  codeInvalid: 'The menu code may contain letters, digits, underscores, hyphens, dots and colons only',
  sortRequired: 'Please enter the sort',
  codeExists: 'The top menu code already exists!',
  topMenusRequired: 'Please choose a top menu',
  menusInvalid: 'Please choose valid menus',
};
