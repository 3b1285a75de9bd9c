import { PUBLIC_ROUTES } from '@cube/contract';

/** Addresses of the web's own routes (the console home, login and lock addresses come from the contract). */
export const PUBLIC_HOME_PATH = '/';
export const NOT_FOUND_PATH = '/404';
export const FORBIDDEN_PATH = '/403';
export const SERVER_ERROR_PATH = '/500';
/** The embedded-page route, `/myiframe/:routerPath?src=`. */
export const IFRAME_PREFIX = '/myiframe';

/** The public website's pages (the contract's page list), rendered by the server; `/` is the first. */
export const PUBLIC_SITE_PATHS = PUBLIC_ROUTES;
