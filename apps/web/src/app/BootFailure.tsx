import { ReloadOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '../components/StatusPage';

interface BootFailureProps {
  error: unknown;
  /** Tries the boot call again; the screen stays until it settles. */
  onRetry: () => Promise<void>;
}

/** Full-page error when the site-info call fails: never a blank screen. */
export function BootFailure({ error, onRetry }: BootFailureProps) {
  const { t } = useTranslation();
  const [retrying, setRetrying] = useState(false);
  const detail = error instanceof Error ? error.message : String(error);

  const retry = async () => {
    setRetrying(true);
    try {
      await onRetry();
    } finally {
      setRetrying(false);
    }
  };

  return (
    <StatusPage
      status="warning"
      title={t('boot.failedTitle')}
      subTitle={
        <>
          <div>{t('boot.failedDescription')}</div>
          {detail ? (
            <Typography.Text type="secondary">{t('boot.failedDetail', { detail })}</Typography.Text>
          ) : null}
        </>
      }
      extra={
        <Button type="primary" icon={<ReloadOutlined />} loading={retrying} onClick={retry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
