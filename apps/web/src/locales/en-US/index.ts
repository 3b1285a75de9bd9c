import type { Messages } from '../zh-CN';
import { lock, login, logout } from './auth';
import { codes } from './codes';
import { app, boot, common, request, route } from './common';
import { crud } from './crud';
import { exception, iframe, notFound, routeError } from './exception';
import { flow, menu } from './menu';
import { home } from './public';
import { screens } from './screens';
import {
  assistant,
  errorLog,
  language,
  notice,
  search,
  shell,
  switchDept,
  tabs,
  theme,
  userMenu,
} from './shell';
import { welcome } from './welcome';

/**
 * English messages: the same namespaces and keys as zh-CN, which is the source of truth. Each namespace file is
 * typed `Messages['<namespace>']`, so a missing or extra key fails the type check.
 */
const enUS: Messages = {
  app,
  common,
  route,
  boot,
  request,
  login,
  home,
  welcome,
  logout,
  notFound,
  routeError,
  crud,
  codes,
  screens,
  shell,
  menu,
  flow,
  userMenu,
  switchDept,
  tabs,
  search,
  lock,
  theme,
  errorLog,
  assistant,
  language,
  notice,
  exception,
  iframe,
};

export default enUS;
