import { ReloadOutlined } from '@ant-design/icons';
import { DEADLINE_STATUS_LABELS, type PatentDeadline } from '@cube/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchDeadlineDashboard } from '../../../api/patent';

/** 期限看板: open deadlines due this week, those overdue, and the open load of each agent. */
export default function DeadlinePage() {
  const { t } = useTranslation();
  const board = useQuery({ queryKey: ['patentDeadline', 'dashboard'], queryFn: fetchDeadlineDashboard });
  const data = board.data;
  const columns = [
    { dataIndex: 'officialDue', title: t('screens.patentDeadline.officialDue'), width: 110 },
    { dataIndex: 'internalDue', title: t('screens.patentDeadline.internalDue'), width: 110 },
    { dataIndex: 'docketNo', title: t('screens.patentDeadline.docketNo'), width: 110 },
    { dataIndex: 'title', title: t('screens.patentDeadline.title'), ellipsis: true },
    { dataIndex: 'kind', title: t('screens.patentDeadline.kind'), width: 160 },
    { dataIndex: 'ownerName', title: t('screens.patentDeadline.ownerUserId'), width: 100 },
    {
      dataIndex: 'deadlineStatus',
      title: t('screens.patentDeadline.deadlineStatus'),
      width: 80,
      render: (v: string) =>
        v in DEADLINE_STATUS_LABELS ? t(`screens.patentDeadline.statuses.${v}` as never) : v,
    },
  ];
  const empty = {
    emptyText: (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('screens.patentDashboard.empty')} />
    ),
  };
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="patent-dashboard">
      <Space>
        <Typography.Text type="secondary">
          {data ? t('screens.patentDashboard.today', { today: data.today }) : ''}
        </Typography.Text>
        <Button icon={<ReloadOutlined />} onClick={() => void board.refetch()} loading={board.isFetching}>
          {t('screens.patentDashboard.refresh')}
        </Button>
      </Space>
      <Row gutter={16}>
        <Col xs={24} xl={16}>
          <Card
            size="small"
            title={
              <Space>
                {t('screens.patentDashboard.week', { from: data?.weekStart ?? '', to: data?.weekEnd ?? '' })}
                <Tag color="blue">{data?.dueThisWeek.length ?? 0}</Tag>
              </Space>
            }
            style={{ marginBottom: 16 }}
          >
            <Table<PatentDeadline>
              rowKey="id"
              size="small"
              loading={board.isFetching}
              dataSource={data?.dueThisWeek ?? []}
              columns={columns}
              pagination={false}
              locale={empty}
            />
          </Card>
          <Card
            size="small"
            title={
              <Space>
                {t('screens.patentDashboard.overdue')}
                <Tag color="red">{data?.overdue.length ?? 0}</Tag>
              </Space>
            }
          >
            <Table<PatentDeadline>
              rowKey="id"
              size="small"
              loading={board.isFetching}
              dataSource={data?.overdue ?? []}
              columns={columns}
              pagination={false}
              locale={empty}
            />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card size="small" title={t('screens.patentDashboard.byAgent')}>
            <Table
              rowKey={(r) => r.ownerUserId || 'none'}
              size="small"
              loading={board.isFetching}
              dataSource={data?.byAgent ?? []}
              pagination={false}
              locale={empty}
              columns={[
                { dataIndex: 'ownerName', title: t('screens.patentDashboard.agent') },
                { dataIndex: 'open', title: t('screens.patentDashboard.open'), width: 70 },
                { dataIndex: 'dueThisWeek', title: t('screens.patentDashboard.dueThisWeek'), width: 80 },
                {
                  dataIndex: 'overdue',
                  title: t('screens.patentDashboard.overdueCount'),
                  width: 70,
                  render: (n: number) => (n > 0 ? <Tag color="red">{n}</Tag> : n),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
