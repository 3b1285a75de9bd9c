import { HOME_PATH, LOGIN_PATH } from '@cube/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate } from 'react-router';
import { BrandLogo } from '../components/BrandLogo';
import { useSessionStore } from '../stores/session';
import { useBranding } from '../stores/site';
import styles from './PublicLayout.module.css';

/** Frame of the public website: brand header with the way into the console, the public page, footer. */
export default function PublicLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { productTitle } = useBranding();
  const signedIn = useSessionStore((state) => Boolean(state.token));

  return (
    <div className={styles.frame}>
      <header className={styles.header}>
        <div className={styles.inner}>
          <Link to="/" className={styles.brand}>
            <BrandLogo size={32} />
            <span className={styles.brandName}>{productTitle}</span>
          </Link>
          <Button type="primary" onClick={() => void navigate(signedIn ? HOME_PATH : LOGIN_PATH)}>
            {signedIn ? t('home.enterConsole') : t('route.login')}
          </Button>
        </div>
      </header>
      <main className={styles.main}>
        <Outlet />
      </main>
      <footer className={styles.footer}>
        {t('login.copyright', { year: new Date().getFullYear(), name: productTitle })}
      </footer>
    </div>
  );
}
