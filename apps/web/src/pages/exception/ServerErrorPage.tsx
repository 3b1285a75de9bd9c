import { useTranslation } from 'react-i18next';
import { ExceptionPage } from './ExceptionPage';

export default function ServerErrorPage() {
  const { t } = useTranslation();
  return (
    <ExceptionPage
      status="500"
      title={t('exception.serverErrorTitle')}
      description={t('exception.serverError')}
    />
  );
}
