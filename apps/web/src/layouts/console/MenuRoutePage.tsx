import { Button, Result, Spin } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { menuLabel } from '../../lib/labels';
import { NOT_FOUND_PATH } from '../../lib/paths';
import { loadedPage, loadPage, pageRegistry } from '../../pages/registry';
import { useMenuStore } from '../../stores/menu';
import { findMenuByPagePath, findMenuByPath, menuHref } from '../../stores/menuRoutes';
import { useSessionStore } from '../../stores/session';
import styles from './ConsoleLayout.module.css';

export function ContentLoading() {
  const { t } = useTranslation();
  return (
    <div className={styles.contentLoading}>
      <Spin description={t('common.loading')} />
    </div>
  );
}

/**
 * Every console page built from the menu: the address `<menu path>/index` finds its menu leaf and the
 * page registered for that path. A menu without a page shows a clear result inside the shell; an address that
 * matches no menu goes to /404. Signed out, it is simply an unknown address.
 */
export default function MenuRoutePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const hasToken = useSessionStore((state) => Boolean(state.token));
  const menuAll = useMenuStore((state) => state.menuAll);
  const status = useMenuStore((state) => state.status);
  const settled = useMenuStore((state) => state.settled);

  if (!hasToken) return <Navigate to={NOT_FOUND_PATH} replace />;

  const node = findMenuByPagePath(menuAll, pathname);
  if (!node) {
    // A menu kept from an earlier visit may predate a newly granted page: wait for the server's before a 404.
    if (status === 'idle' || status === 'loading' || !settled) return <ContentLoading />;
    if (status === 'error') {
      return (
        <Result
          status="warning"
          title={t('exception.menuFailedTitle')}
          subTitle={t('exception.menuFailedDescription')}
          extra={
            <Button type="primary" onClick={() => void useMenuStore.getState().loadMenu('')}>
              {t('common.retry')}
            </Button>
          }
        />
      );
    }
    const bare = findMenuByPath(menuAll, pathname);
    return <Navigate to={bare ? menuHref(bare) : NOT_FOUND_PATH} replace />;
  }

  const pagePath = node.path.trim().replace(/\/+$/, '');
  if (!pageRegistry[pagePath]) {
    return (
      <Result
        status="404"
        title={t('exception.noPageTitle')}
        subTitle={t('exception.noPageDescription', { name: menuLabel(node), path: node.path })}
      />
    );
  }
  return <MenuScreen key={pagePath} pagePath={pagePath} />;
}

/**
 * A menu leaf's page: the loading state until its code has arrived, then the page, rendered as an ordinary update.
 * (A lazy component inside Suspense would render it as a Suspense retry, a render React may set aside for any
 * other update — a toast's timer updates every frame for seconds after sign-in — and start again from scratch, so
 * that a screen opened right after sign-in took several times its render to show.) A page that fails to load
 * goes to the route's error page, which offers a reload.
 */
function MenuScreen({ pagePath }: { pagePath: string }) {
  const Page = loadedPage(pagePath);
  const [failure, setFailure] = useState<{ error: unknown }>();
  const [, setArrived] = useState(false);
  useEffect(() => {
    if (Page) return;
    let current = true;
    loadPage(pagePath)?.then(
      () => current && setArrived(true),
      (error: unknown) => current && setFailure({ error }),
    );
    return () => {
      current = false;
    };
  }, [Page, pagePath]);
  if (failure) throw failure.error;
  if (!Page) return <ContentLoading />;
  return (
    <Suspense fallback={<ContentLoading />}>
      <Page />
    </Suspense>
  );
}
