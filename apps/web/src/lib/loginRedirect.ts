import { HOME_PATH, LOCK_PATH, LOGIN_PATH } from '@cube/contract';
import { FORBIDDEN_PATH, IFRAME_PREFIX, NOT_FOUND_PATH, PUBLIC_SITE_PATHS, SERVER_ERROR_PATH } from './paths';

/** The login page's query parameter naming the console page to open after signing in (BladeX's name). */
export const REDIRECT_PARAM = 'redirect';

/** Longer targets are refused rather than carried through the login page. */
const MAX_TARGET_LENGTH = 2048;

/** Addresses that are no console page: the public site, the login and lock pages, the error pages. */
const NOT_CONSOLE = new Set<string>(
  [...PUBLIC_SITE_PATHS, LOGIN_PATH, LOCK_PATH, NOT_FOUND_PATH, FORBIDDEN_PATH, SERVER_ERROR_PATH].map(
    (path) => path.toLowerCase(),
  ),
);

/** A stand-in origin: a target is accepted only when resolving it against this origin stays on it. */
const SAME_ORIGIN = 'http://console.invalid';

/** The path as the router matches it: decoded, in lower case, without trailing slashes. */
function routedPath(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname).toLowerCase().replace(/\/+$/, '') || '/';
  } catch {
    return undefined;
  }
}

/**
 * The console address `raw` names, or `undefined` when signing in must not lead there. Accepted: a path of this
 * site only (one leading `/`, no scheme or host, no backslash or control character, still on this origin once
 * resolved) that is a console page — not the public site (those fall back to the console home), not the login
 * or lock page (no loop), not an error page, not an embedded page.
 */
export function safeRedirect(raw: string | null | undefined): string | undefined {
  if (!raw || raw.length > MAX_TARGET_LENGTH) return undefined;
  if (!raw.startsWith('/') || raw.startsWith('//')) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(raw, SAME_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== SAME_ORIGIN || url.pathname.startsWith('//')) return undefined;
  const path = routedPath(url.pathname);
  if (!path || NOT_CONSOLE.has(path)) return undefined;
  // The embedded-page route frames whatever address its query names: a link must not open it right after login.
  if (path.startsWith(`${IFRAME_PREFIX}/`)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The login page's address that returns to `target` after signing in. The console home is plain `/login` (signing
 * in leads there anyway) unless `keepHome`: an address opened signed out keeps it, so the link reads as it was.
 */
export function loginHref(target: string | undefined, { keepHome = false } = {}): string {
  const safe = safeRedirect(target);
  if (!safe || (safe === HOME_PATH && !keepHome)) return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: safe }).toString()}`;
}

/**
 * Where the session that just ended sends the user from `location`: the login page keeping the page as its
 * target; already on the login page, the address stays as it is (its target is kept).
 */
export function loginHrefFrom(location: { pathname: string; search: string }): string {
  const here = `${location.pathname}${location.search}`;
  if (routedPath(location.pathname) === LOGIN_PATH) return here;
  return loginHref(here);
}

/** Where signing in on the login page at `search` leads: its target when it is a safe one, else the console home. */
export function afterLoginPath(search: string): string {
  return safeRedirect(new URLSearchParams(search).get(REDIRECT_PARAM)) ?? HOME_PATH;
}
