import { ConfigProvider } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { usePageMeta } from '../../app/pageMeta';
import { startTokenRefresher } from '../../app/tokenRefresh';
import { BrandLogo } from '../../components/BrandLogo';
import { SearchOverlay } from '../../components/shell/SearchOverlay';
import { getStoredItem } from '../../lib/storage';
import { resolveTheme, shellThemeConfig, themeCssVars } from '../../lib/themes';
import { useMenuStore } from '../../stores/menu';
import { useSessionStore } from '../../stores/session';
import { useSettingsStore } from '../../stores/settings';
import { getRuntimeConfig, useBranding } from '../../stores/site';
import { shouldOpenTab, useTabsStore } from '../../stores/tabs';
import styles from './ConsoleLayout.module.css';
import { FirstPassword } from './FirstPassword';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { useIdlePrefetch } from './prefetch';
import { SideMenu } from './SideMenu';
import { isSmallScreen, useLayoutLevel } from './screen';
import { TagsBar } from './TagsBar';
import { TopBar } from './TopBar';
import { useOpenMenu } from './useOpenMenu';

/** Automatic token refresh (before the access token expires), for as long as the console is mounted. */
function useTokenRefresh(): void {
  useEffect(
    () =>
      startTokenRefresher({
        getStoredAt: () => getStoredItem('token')?.datetime,
        getTokenTime: () => getRuntimeConfig()?.tokenTime ?? 0,
        refresh: () => useSessionStore.getState().refresh(),
      }),
    [],
  );
}

/** Visited pages become tabs unless the route opts out or the address or name is empty. */
function useTabSync(): ReturnType<typeof usePageMeta> {
  const { pathname, search } = useLocation();
  const meta = usePageMeta();
  const open = useTabsStore((state) => state.open);
  useEffect(() => {
    const tab = {
      value: pathname,
      label: meta?.label ?? '',
      labelKey: meta?.labelKey,
      search: search || undefined,
    };
    if (shouldOpenTab(tab, meta?.tab === false)) open(tab);
  }, [pathname, search, meta?.label, meta?.labelKey, meta?.tab, open]);
  return meta;
}

/** The signed-in console frame: sidebar, header, tag bar, kept-alive content, search overlay. */
function ConsoleShell() {
  const { t } = useTranslation();
  const level = useLayoutLevel();
  const small = isSmallScreen(level);
  const { productTitle } = useBranding();
  const menu = useMenuStore((state) => state.menu);
  const menuAll = useMenuStore((state) => state.menuAll);
  const tabs = useTabsStore((state) => state.tabs);
  const themeName = useSettingsStore((state) => state.themeName);
  const colorName = useSettingsStore((state) => state.colorName);
  const isCollapse = useSettingsStore((state) => state.isCollapse);
  const setCollapse = useSettingsStore((state) => state.setCollapse);
  const openMenu = useOpenMenu(small);
  const meta = useTabSync();
  useTokenRefresh();
  useIdlePrefetch(menuAll);

  // Joins the requests the login form started with the token answer, or makes them after a reload.
  useEffect(() => {
    void useMenuStore.getState().loadAllOnce();
  }, []);

  // Narrow screens start with the sidebar folded away; wide ones with it open.
  useEffect(() => setCollapse(small), [small, setCollapse]);

  const theme = useMemo(() => resolveTheme(themeName, colorName), [themeName, colorName]);
  const keep = useMemo(() => new Set(tabs.map((tab) => tab.value)), [tabs]);
  const classes = [
    styles.shell,
    isCollapse ? styles.collapsed : '',
    small ? styles.small : '',
    `shell-${themeName}`,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <ConfigProvider theme={shellThemeConfig(theme)}>
      <div className={classes} style={themeCssVars(theme)} data-level={level} data-theme={themeName}>
        <aside className={styles.sider} aria-label={t('shell.sidebar')}>
          <div className={styles.logo} title={productTitle}>
            <BrandLogo size={30} />
            <span className={styles.logoTitle}>{productTitle}</span>
          </div>
          <nav className={styles.menu}>
            <SideMenu menu={menu} collapsed={isCollapse && !small} dark={theme.dark} onOpen={openMenu} />
          </nav>
        </aside>
        {small && !isCollapse ? (
          <button
            type="button"
            className={styles.shade}
            aria-label={t('shell.closeSidebar')}
            onClick={() => setCollapse(true)}
          />
        ) : null}
        <div className={styles.main}>
          <TopBar level={level} theme={theme} menu={menuAll} onOpenMenu={openMenu} />
          <TagsBar />
          <main className={styles.content}>
            <KeepAliveOutlet keep={keep} cacheable={meta?.keepAlive !== false} className={styles.page} />
          </main>
        </div>
        <SearchOverlay menu={menuAll} onOpen={openMenu} />
      </div>
    </ConfigProvider>
  );
}

/**
 * Layout of the console routes. Signed out, the no-auth routes below it (the embedded page, unknown addresses)
 * render on their own; signed in, inside the console shell.
 */
export default function ConsoleLayout() {
  const hasToken = useSessionStore((state) => Boolean(state.token));
  // An account that must replace its initial password sees only that form (FirstPassword.tsx).
  const mustChange = useSessionStore((state) => state.userInfo?.password_must_change === true);
  if (!hasToken) return <Outlet />;
  return mustChange ? <FirstPassword /> : <ConsoleShell />;
}
