import { ArrowLeftOutlined, HomeOutlined } from '@ant-design/icons';
import { HOME_PATH } from '@cube/contract';
import { Button, Space } from 'antd';
import type { ResultStatusType } from 'antd/es/result';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StatusPage } from '../../components/StatusPage';
import { PUBLIC_HOME_PATH } from '../../lib/paths';
import { useSessionStore } from '../../stores/session';

interface ExceptionPageProps {
  status: Extract<ResultStatusType, '403' | '404' | '500'>;
  title: string;
  description: string;
}

/** Full-page 403 / 404 / 500 result: back, and home (the console home when signed in). */
export function ExceptionPage({ status, title, description }: ExceptionPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hasToken = useSessionStore((state) => Boolean(state.token));
  return (
    <StatusPage
      status={status}
      title={title}
      subTitle={description}
      extra={
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(-1)}>
            {t('exception.back')}
          </Button>
          <Button
            type="primary"
            icon={<HomeOutlined />}
            onClick={() => void navigate(hasToken ? HOME_PATH : PUBLIC_HOME_PATH)}
          >
            {t('common.backHome')}
          </Button>
        </Space>
      }
    />
  );
}
