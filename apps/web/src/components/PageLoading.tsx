import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './PageLoading.module.css';

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <Spin size="large" description={t('common.loading')} />
    </div>
  );
}
