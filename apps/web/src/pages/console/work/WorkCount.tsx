import { CheckSquareOutlined, FormOutlined } from '@ant-design/icons';
import { FLOW_MENU_PATHS } from '@cube/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Skeleton, Space, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchWorkCount } from '../../../api/flow-work';
import { menuHref } from '../../../stores/menuRoutes';

export const WORK_COUNT_KEY = ['flow', 'work-count'] as const;

/**
 * 我的事务 on the dashboard: my open tasks and the group tasks I may claim (`work/count`), each leading to its list.
 * Refreshed every minute like the rest of the dashboard, and after a claim or a completion.
 */
export function WorkCountCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const count = useQuery({ queryKey: WORK_COUNT_KEY, queryFn: fetchWorkCount, refetchInterval: 60_000 });
  const item = (value: number, title: string, path: string, icon: React.ReactNode, testId: string) => (
    <Card size="small" style={{ flex: 1, minWidth: 200 }} data-testid={testId}>
      <Space align="center" style={{ width: '100%', justifyContent: 'space-between' }}>
        <Statistic title={title} value={value} prefix={icon} />
        <Button type="link" onClick={() => void navigate(menuHref({ path, code: '', id: '', name: '' }))}>
          {t('screens.work.dashboardOpen')}
        </Button>
      </Space>
    </Card>
  );
  return (
    <Card size="small" title={t('screens.work.dashboardTitle')} aria-label={t('screens.work.dashboardTitle')}>
      {count.isError ? (
        <Alert type="warning" showIcon title={t('screens.work.dashboardFailed')} />
      ) : !count.data ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : (
        <Space wrap style={{ width: '100%' }}>
          {item(
            count.data.todo,
            t('screens.work.dashboardTodo'),
            FLOW_MENU_PATHS.todo,
            <FormOutlined />,
            'work-count-todo',
          )}
          {item(
            count.data.claim,
            t('screens.work.dashboardClaim'),
            FLOW_MENU_PATHS.claim,
            <CheckSquareOutlined />,
            'work-count-claim',
          )}
        </Space>
      )}
    </Card>
  );
}
