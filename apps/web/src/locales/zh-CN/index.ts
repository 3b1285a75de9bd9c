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
 * Chinese messages — the source of truth for every UI string. Other languages must provide the same keys
 * ({@link Messages}); texts that BladeX users already know keep BladeX's wording. The namespaces live in one file per area
 * (common, auth, shell, crud, …) and one per console screen (`screens/`); this index assembles them.
 */
const zhCN = {
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

type Stringify<T> = { [K in keyof T]: T[K] extends string ? string : Stringify<T[K]> };

/** The shape every locale implements: the keys of {@link zhCN} with string values. */
export type Messages = Stringify<typeof zhCN>;

export default zhCN satisfies Messages;
