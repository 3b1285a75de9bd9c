/** Addresses of the web's own routes (the console home, login and lock addresses come from the contract). */
export const PUBLIC_HOME_PATH = '/';
export const NOT_FOUND_PATH = '/404';
export const FORBIDDEN_PATH = '/403';
export const SERVER_ERROR_PATH = '/500';
