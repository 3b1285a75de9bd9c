import { Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Navigate, useRouteError } from 'react-router';
import { StatusPage } from '../components/StatusPage';
import { NOT_FOUND_PATH } from '../lib/paths';
import { recordError } from '../stores/errorLog';

/** Error boundary of the route tree: a failed page chunk or a render error, never a blank screen. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    if (isRouteErrorResponse(error)) return;
    console.error(error);
    // Uncaught UI errors go to the local error log.
    recordError(error, 'route');
  }, [error]);

  if (isRouteErrorResponse(error) && error.status === 404) return <Navigate to={NOT_FOUND_PATH} replace />;
  return (
    <StatusPage
      status="error"
      title={t('routeError.title')}
      subTitle={t('routeError.description')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      }
    />
  );
}
