/** Addresses of the web's own routes (the console home, login and lock addresses come from the contract). */
export const PUBLIC_HOME_PATH = '/';
export const NOT_FOUND_PATH = '/404';
export const FORBIDDEN_PATH = '/403';
export const SERVER_ERROR_PATH = '/500';
/** The embedded-page route, `/myiframe/:routerPath?src=`. */
export const IFRAME_PREFIX = '/myiframe';

/** The public website's pages, rendered by the server; `/` is the first. */
export const PUBLIC_SITE_PATHS = [
  PUBLIC_HOME_PATH,
  '/productServices',
  '/newsCenter',
  '/scienceEducation',
  '/partyBuilding',
  '/aboutUs',
  '/newsDetails',
  '/productDetails',
  '/systemDetails',
] as const;
