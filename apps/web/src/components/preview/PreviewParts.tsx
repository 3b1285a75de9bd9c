import { Alert, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './FilePreview.module.css';

/** The spinner shown while a file downloads or is being read. */
export function PreviewLoading() {
  const { t } = useTranslation();
  return (
    <div className={styles.loading}>
      <Spin description={t('crud.preview.loading')} />
    </div>
  );
}

/** An old binary Office file (.doc / .xls): no browser can show it, so the user is told to download or convert it. */
export function LegacyOfficeNotice({ name, format }: { name: string; format: 'doc' | 'xls' }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      title={name}
      description={t(format === 'doc' ? 'crud.preview.legacyDoc' : 'crud.preview.legacyXls')}
    />
  );
}
