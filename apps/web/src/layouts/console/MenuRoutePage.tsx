import { Button, Result, Spin } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { menuLabel } from '../../lib/labels';
import { NOT_FOUND_PATH } from '../../lib/paths';
import { registeredPage } from '../../pages/registry';
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

  const Page = registeredPage(node.path.trim().replace(/\/+$/, ''));
  if (!Page) {
    return (
      <Result
        status="404"
        title={t('exception.noPageTitle')}
        subTitle={t('exception.noPageDescription', { name: menuLabel(node), path: node.path })}
      />
    );
  }
  return (
    <Suspense fallback={<ContentLoading />}>
      <Page />
    </Suspense>
  );
}
