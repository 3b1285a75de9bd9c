import { HOME_PATH, LOGIN_PATH } from '@cube/contract';
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { documentTitle } from '../lib/branding';
import { PUBLIC_HOME_PATH } from '../lib/paths';
import { useLockStore } from '../stores/lock';
import { useSessionStore } from '../stores/session';
import { useBranding } from '../stores/site';
import { tabHref, useTabsStore } from '../stores/tabs';
import { guardRedirect, newWindowTarget } from './guard';
import { useDeepestHandle, usePageLabel } from './pageMeta';

/** Page (tab) title plus product title; the login page shows the login title alone. */
function useDocumentTitle(pathname: string): void {
  const { productTitle, loginTitle } = useBranding();
  const label = usePageLabel();
  const title = pathname === LOGIN_PATH ? loginTitle : documentTitle(label, productTitle);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** Root route element: applies the routing guards, the `target` rule and the document title. */
export function RouteFrame() {
  const location = useLocation();
  const { pathname, search } = location;
  const handle = useDeepestHandle();
  const hasToken = useSessionStore((state) => Boolean(state.token));
  const signedOut = useSessionStore((state) => state.signedOut);
  const locked = useLockStore((state) => state.isLock);
  const resumePath = useTabsStore((state) => {
    const tab = state.tabs.find((item) => item.value === state.active);
    return tab ? tabHref(tab) : HOME_PATH;
  });
  const previous = useRef<string | undefined>(undefined);
  const opened = useRef<string | undefined>(undefined);
  useDocumentTitle(pathname);

  const target = newWindowTarget(pathname, search);
  useEffect(() => {
    if (!target || opened.current === location.key) return;
    opened.current = location.key;
    window.open(target, '_blank', 'noopener');
  }, [target, location.key]);

  const redirect = guardRedirect({ pathname, search, handle, hasToken, signedOut, locked, resumePath });
  useEffect(() => {
    if (!target && !redirect) previous.current = `${pathname}${search}`;
  });

  // The page stays where it was; only the new window shows the target.
  if (target) return <Navigate to={previous.current ?? (hasToken ? HOME_PATH : PUBLIC_HOME_PATH)} replace />;
  if (redirect && redirect !== pathname && redirect !== `${pathname}${search}`)
    return <Navigate to={redirect} replace />;
  return <Outlet />;
}
