import { useTranslation } from 'react-i18next';
import { ExceptionPage } from './ExceptionPage';

export default function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <ExceptionPage
      status="403"
      title={t('exception.forbiddenTitle')}
      description={t('exception.forbidden')}
    />
  );
}
