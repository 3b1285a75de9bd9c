import type { SiteInfo } from '@cube/contract';
import { bindRequestClient } from '../api/request';
import { fetchSiteInfo } from '../api/site';
import { applyFavicon, brandingOf } from '../lib/branding';
import { i18n, isLanguage, switchLanguage } from '../lib/i18n';
import { loginHrefFrom } from '../lib/loginRedirect';
import { getStore, setSiteKey, setStore } from '../lib/storage';
import { useErrorLogStore } from '../stores/errorLog';
import { useLockStore } from '../stores/lock';
import { useMenuStore } from '../stores/menu';
import { useSessionStore } from '../stores/session';
import { useSettingsStore } from '../stores/settings';
import { getRuntimeConfig, useSiteStore } from '../stores/site';
import { useTabsStore } from '../stores/tabs';
import { getRouter } from './router';

/** The part of the app's router that the end of a session uses. */
interface SessionRouter {
  readonly state: { readonly location: { pathname: string; search: string } };
  navigate(to: string, options: { replace: boolean }): Promise<void>;
}

/**
 * After a 401 answer: the session ends here and the login page opens with the current page as its target, in
 * one move (the route guard sends the signed-out page to the same address, so nothing else shows in between).
 */
export function endSessionToLogin(router: SessionRouter): void {
  const target = loginHrefFrom(router.state.location);
  useSessionStore.getState().logoutLocally();
  void router.navigate(target, { replace: true });
}

/** Wires the request client to the site configuration, the session and navigation. */
export function bindRequestClientToApp(): void {
  bindRequestClient({
    getRuntimeConfig,
    getToken: () => useSessionStore.getState().token,
    getIdentity: () => {
      const user = useSessionStore.getState().userInfo;
      return user ? { deptId: user.dept_id, roleId: user.role_id } : undefined;
    },
    onUnauthorized: () => endSessionToLogin(getRouter()),
  });
}

/** The stored language's messages, loading since {@link applySiteInfo}. */
let languageReady: Promise<void> = Promise.resolve();

/**
 * Applies the boot answer: storage prefix, configuration, branding (title, favicon), the session login
 * resource and default title (both survive logout), the stored language, then the session kept from an earlier visit.
 */
export function applySiteInfo(info: SiteInfo): void {
  setSiteKey(info.config.siteKey);
  useSiteStore.getState().setInfo(info);

  const branding = brandingOf(info, i18n.t('app.name'));
  setStore('loginResource', info.resources, 'session');
  setStore('defaultTitle', branding.productTitle);
  document.title = branding.productTitle;
  if (branding.faviconUrl) applyFavicon(branding.faviconUrl);

  // English is a chunk of its own: loaded here, before the app mounts, only when it was chosen.
  const storedLanguage = getStore<string>('language');
  languageReady =
    info.config.languageMode && isLanguage(storedLanguage)
      ? switchLanguage(storedLanguage)
      : Promise.resolve();

  useSessionStore.getState().hydrate();
  // The stores kept under the site prefix can be read only now that the prefix is known.
  useSettingsStore.getState().hydrate();
  useTabsStore.getState().hydrate();
  useLockStore.getState().hydrate();
  useMenuStore.getState().hydrate();
  useErrorLogStore.getState().hydrate();
}

/** The boot call for this site's address; resolves once the app can mount. */
export async function loadSite(origin: string = window.location.origin): Promise<void> {
  applySiteInfo(await fetchSiteInfo(origin));
  await languageReady;
}
