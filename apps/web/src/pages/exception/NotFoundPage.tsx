import { useTranslation } from 'react-i18next';
import { ExceptionPage } from './ExceptionPage';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return <ExceptionPage status="404" title={t('notFound.title')} description={t('notFound.description')} />;
}
