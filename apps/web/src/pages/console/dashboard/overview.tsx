import {
  ApartmentOutlined,
  NotificationOutlined,
  ReloadOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Skeleton, Space, Tooltip } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type DashboardOverview, fetchDashboardOverview } from '../../../api/dashboard';
import { BarChart } from '../../../components/charts/BarChart';
import styles from './overview.module.css';

export const OVERVIEW_QUERY_KEY = ['dashboard', 'overview'] as const;
/** The figures are "live": they refresh every minute while the page is open. */
const REFRESH_MS = 60_000;

export function useDashboardOverview() {
  return useQuery({
    queryKey: OVERVIEW_QUERY_KEY,
    queryFn: fetchDashboardOverview,
    refetchInterval: REFRESH_MS,
    staleTime: 10_000,
  });
}

type Overview = ReturnType<typeof useDashboardOverview>;

interface FigureProps {
  label: string;
  value: number;
  icon: ReactNode;
  color: string;
}

function Figure({ label, value, icon, color }: FigureProps) {
  return (
    <div className={styles.figure}>
      <span className={styles.figureIcon} style={{ color, background: `${color}1a` }} aria-hidden>
        {icon}
      </span>
      <div>
        <div className={styles.figureLabel}>{label}</div>
        <div className={styles.figureValue}>{value.toLocaleString()}</div>
      </div>
    </div>
  );
}

/** The refresh button and the time of the last answer. */
export function OverviewRefresh({ overview }: { overview: Overview }) {
  const { t } = useTranslation();
  return (
    <Space size="small">
      {overview.dataUpdatedAt ? (
        <span className={styles.updated}>
          {t('screens.home.updatedAt', { time: dayjs(overview.dataUpdatedAt).format('HH:mm:ss') })}
        </span>
      ) : null}
      <Tooltip title={t('screens.home.refresh')}>
        <Button
          size="small"
          aria-label={t('screens.home.refresh')}
          icon={<ReloadOutlined />}
          loading={overview.isFetching}
          onClick={() => void overview.refetch()}
        />
      </Tooltip>
    </Space>
  );
}

/** Failure notice with a retry (the call reports nothing itself). */
export function OverviewError({ overview }: { overview: Overview }) {
  const { t } = useTranslation();
  if (!overview.isError) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title={t('screens.home.overviewFailed')}
      description={overview.error instanceof Error ? overview.error.message : undefined}
      action={
        <Button size="small" onClick={() => void overview.refetch()}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

/** Counts of users, departments, roles, notices and active sessions. */
export function OverviewFigures({ data }: { data: DashboardOverview | undefined }) {
  const { t } = useTranslation();
  if (!data) return <Skeleton active paragraph={{ rows: 1 }} />;
  return (
    <section className={styles.figures} aria-label={t('screens.home.figures')}>
      <Figure
        label={t('screens.home.users')}
        value={data.userCount}
        icon={<TeamOutlined />}
        color="#409eff"
      />
      <Figure
        label={t('screens.home.depts')}
        value={data.deptCount}
        icon={<ApartmentOutlined />}
        color="#13c2c2"
      />
      <Figure
        label={t('screens.home.roles')}
        value={data.roleCount}
        icon={<SafetyCertificateOutlined />}
        color="#722ed1"
      />
      <Figure
        label={t('screens.home.notices')}
        value={data.noticeCount}
        icon={<NotificationOutlined />}
        color="#fa8c16"
      />
      <Figure
        label={t('screens.home.sessions')}
        value={data.activeSessions}
        icon={<WifiOutlined />}
        color="#52c41a"
      />
    </section>
  );
}

/** `yyyy-MM-dd` → `MM-dd` for the axis. */
function shortDate(date: string): string {
  const parsed = dayjs(date);
  return parsed.isValid() ? parsed.format('MM-DD') : date;
}

export function LoginsChart({ data, height }: { data: DashboardOverview | undefined; height?: number }) {
  const { t } = useTranslation();
  return (
    <Card title={t('screens.home.loginsByDay')} className={styles.card} size="small">
      {data ? (
        <BarChart
          title={t('screens.home.loginsByDay')}
          valueLabel={t('screens.home.loginCount')}
          height={height ?? 180}
          data={data.loginsByDay.map((day) => ({ label: shortDate(day.date), value: day.count }))}
        />
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}

export function UsersByDeptChart({ data, limit }: { data: DashboardOverview | undefined; limit?: number }) {
  const { t } = useTranslation();
  const rows = [...(data?.usersByDept ?? [])].sort((a, b) => b.count - a.count).slice(0, limit ?? 8);
  return (
    <Card title={t('screens.home.usersByDept')} className={styles.card} size="small">
      {data ? (
        <BarChart
          layout="rows"
          color="#13c2c2"
          title={t('screens.home.usersByDept')}
          valueLabel={t('screens.home.userCount')}
          data={rows.map((row) => ({ label: row.deptName, value: row.count }))}
        />
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}

export function RecentNotices({ data }: { data: DashboardOverview | undefined }) {
  const { t } = useTranslation();
  let body: ReactNode;
  if (!data) body = <Skeleton active />;
  else if (data.recentNotices.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('screens.home.noNotices')} />;
  else
    body = (
      <ul className={styles.notices}>
        {data.recentNotices.map((notice) => (
          <li key={notice.id} className={styles.notice}>
            <span className={styles.noticeTitle} title={notice.title}>
              {notice.title}
            </span>
            <time className={styles.noticeTime} dateTime={notice.releaseTime}>
              {notice.releaseTime.slice(0, 10)}
            </time>
          </li>
        ))}
      </ul>
    );
  return (
    <Card title={t('screens.home.recentNotices')} className={styles.card} size="small">
      {body}
    </Card>
  );
}

/** The three panels side by side (wrapping on narrow screens). */
export function OverviewCharts({ data }: { data: DashboardOverview | undefined }) {
  return (
    <div className={styles.charts}>
      <LoginsChart data={data} />
      <UsersByDeptChart data={data} />
      <RecentNotices data={data} />
    </div>
  );
}
