/**
 * Browser storage keys. Token, refresh token, user info and customer live under the fixed product
 * prefix so that they survive a site-key change; every other key uses the site key prefix. Logging out
 * clears keys of the site prefix and the dictionary prefix, keeping the session login resource and the
 * default title.
 */
export const PRODUCT_STORAGE_PREFIX = 'cube-portal';
export const DEFAULT_SITE_KEY = 'cube';
export const DICT_CACHE_PREFIX = 'cube-dict';

/** Keys stored under the fixed product prefix. */
export const PRODUCT_KEYS = ['token', 'refreshToken', 'userInfo', 'customer'] as const;

export const StorageKey = {
  token: 'token',
  refreshToken: 'refreshToken',
  tenantId: 'tenantId',
  userInfo: 'userInfo',
  permission: 'permission',
  menu: 'menu',
  menuAll: 'menuAll',
  tagList: 'tagList',
  tag: 'tag',
  logs: 'logs',
  language: 'language',
  colorName: 'colorName',
  themeName: 'themeName',
  isLock: 'isLock',
  lockPasswd: 'lockPasswd',
  flowRoutes: 'flowRoutes',
  notice: 'notice',
  companyList: 'companyList',
  customer: 'customer',
  loginResource: 'loginResource',
  defaultTitle: 'defaultTitle',
  /** The assistant's conversation (session storage: kept until the tab closes, cleared at logout). */
  chat: 'chat',
} as const;
export type StorageKeyName = keyof typeof StorageKey;

/** The wrapper every stored value is kept in. `type` truthy → session storage, else local storage. */
export interface StoredItem<T = unknown> {
  dataType: string;
  content: T;
  type?: string | boolean | undefined;
  datetime: number;
}
