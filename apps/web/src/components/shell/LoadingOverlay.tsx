import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLoadingStore } from '../../stores/loading';
import styles from './shell.module.css';

/** The full-screen '处理中，请稍后...' overlay, up while an operation started with `withLoading` runs. */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const pending = useLoadingStore((state) => state.pending);
  if (pending === 0) return null;
  return (
    <div className={styles.loadingOverlay} role="alert" aria-busy>
      <Spin size="large" />
      <span>{t('shell.processing')}</span>
    </div>
  );
}
