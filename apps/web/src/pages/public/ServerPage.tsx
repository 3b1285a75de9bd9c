import { LOGIN_PATH } from '@cube/contract';
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageLoading } from '../../components/PageLoading';
import { useBranding } from '../../stores/site';

/** The address this document was loaded at (the server answers the public pages itself; see below). */
const DOCUMENT_URL = typeof window === 'undefined' ? '' : window.location.pathname + window.location.search;

/**
 * The public website's pages are rendered by the server (apps/web/src/public), not by this app. When
 * the console navigates to one (a guard sending a visitor to `/`, a link), the browser loads it from the server.
 * Only when this very document was served for a public address — a build without the server renderer, or
 * `vite dev` — is there nothing to load, and the page says where the console is instead of reloading forever.
 */
export default function ServerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { indexTitle } = useBranding();
  const url = location.pathname + location.search;
  const servedHere = url === DOCUMENT_URL;
  useEffect(() => {
    if (!servedHere) window.location.assign(url);
  }, [servedHere, url]);

  if (!servedHere) return <PageLoading />;
  return (
    <Result
      status="info"
      title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>{t('home.headline')}</h1>}
      subTitle={`${indexTitle} · ${t('home.intro')}`}
      extra={
        <Button type="primary" onClick={() => void navigate(LOGIN_PATH)}>
          {t('home.login')}
        </Button>
      }
    />
  );
}
