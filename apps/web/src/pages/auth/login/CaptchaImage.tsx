import { ReloadOutlined } from '@ant-design/icons';
import { Spin, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './LoginPage.module.css';

interface CaptchaImageProps {
  image: string | undefined;
  loading: boolean;
  failed: boolean;
  onRefresh: () => void;
}

/** The captcha picture; clicking it asks for a new one. */
export function CaptchaImage({ image, loading, failed, onRefresh }: CaptchaImageProps) {
  const { t } = useTranslation();
  let content = null;
  if (loading && !image) content = <Spin size="small" />;
  else if (failed || !image) {
    content = (
      <span className={styles.captchaFailed}>
        <ReloadOutlined /> {t('login.captchaLoadFailed')}
      </span>
    );
  } else content = <img src={image} alt={t('login.captchaAlt')} className={styles.captchaImage} />;

  return (
    <Tooltip title={t('login.captchaRefresh')}>
      <button
        type="button"
        className={styles.captchaButton}
        onClick={onRefresh}
        aria-label={t('login.captchaRefresh')}
        data-testid="captcha-refresh"
      >
        {content}
      </button>
    </Tooltip>
  );
}
