import { HOME_PATH, LOCK_PATH, LOGIN_PATH } from '@cube/contract';
import { afterLoginPath, loginHref } from '../lib/loginRedirect';
import { PUBLIC_HOME_PATH } from '../lib/paths';
import type { Messages } from '../locales/zh-CN';

/** Static data attached to each route (`handle` in react-router). */
export interface RouteHandle {
  /** The route is open without a stored token. */
  noAuth?: boolean;
  /** Page title, shown before the product title, and the tab label. */
  titleKey?: `route.${keyof Messages['route']}`;
  /** `false`: the page never becomes a tab. */
  tab?: boolean;
  /** `false`: the page is not kept alive when its tab is left. Console pages are kept alive by default. */
  keepAlive?: boolean;
  /** How the page title is found when it is not static: a menu page, or an embedded page. */
  kind?: 'menu' | 'iframe';
}

export interface GuardInput {
  pathname: string;
  /** The query of the address (`?…`), kept in the login page's target. */
  search?: string;
  /** Handle of the deepest matched route. */
  handle: RouteHandle | undefined;
  hasToken: boolean;
  /** The session ended during this page's life (logout, 401). */
  signedOut: boolean;
  /** The screen is locked. */
  locked?: boolean;
  /** Where an unlocked lock page resumes: the current tab's address (defaults to the console home). */
  resumePath?: string;
}

/**
 * A console page that needs a session: a console route, or a menu page (`<menu path>/index`, resolved from the
 * menu once signed in). Other unknown addresses are no console page: signed out they are simply not found.
 */
export function isGuardedConsolePage(pathname: string, handle: RouteHandle | undefined): boolean {
  if (!handle) return false;
  if (handle.kind === 'menu') return pathname.endsWith('/index');
  return !handle.noAuth;
}

/**
 * The routing guards, in order:
 * - signed in and locked: every route but the lock page leads to the lock page;
 * - signed in: the login page leads to its `redirect` target when that is a console page of this site, else to
 *   the console home `/wel/index` (`/` is the public landing page); an unlocked lock page resumes the current
 *   tab — the guard alone makes that move, so unlocking never races a second navigation;
 * - signed out: a console page — the console home included — leads to the login page keeping the page as its
 *   target (a bookmark, or the page whose session just ended); no-auth routes are open; anything else leads to the
 *   public home, or to the login page right after a logout or a 401 answer. The lock page without a lock leads
 *   there as well.
 */
export function guardRedirect({
  pathname,
  search = '',
  handle,
  hasToken,
  signedOut,
  locked = false,
  resumePath = HOME_PATH,
}: GuardInput): string | undefined {
  if (hasToken) {
    if (locked) return pathname === LOCK_PATH ? undefined : LOCK_PATH;
    if (pathname === LOGIN_PATH) return afterLoginPath(search);
    if (pathname === LOCK_PATH) return resumePath;
    return undefined;
  }
  if (pathname === LOCK_PATH) return signedOut ? LOGIN_PATH : PUBLIC_HOME_PATH;
  if (isGuardedConsolePage(pathname, handle)) return loginHref(`${pathname}${search}`, { keepHome: true });
  if (handle?.noAuth) return undefined;
  return signedOut ? LOGIN_PATH : PUBLIC_HOME_PATH;
}

/**
 * A route with a `target` query opens in a new window: the address to open — the `url` query when
 * given, else the same address without `target` — or `undefined` when there is no `target`.
 */
export function newWindowTarget(pathname: string, search: string): string | undefined {
  const params = new URLSearchParams(search);
  if (!params.has('target')) return undefined;
  const url = params.get('url');
  if (url) return url;
  params.delete('target');
  const rest = params.toString();
  return `${pathname}${rest ? `?${rest}` : ''}`;
}
