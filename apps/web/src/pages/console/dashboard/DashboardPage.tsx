import { FLOW_PERMISSIONS } from '@cube/contract';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../stores/permission';
import { useSessionStore } from '../../../stores/session';
import frame from '../ConsolePage.module.css';
import { WorkCountCard } from '../work/WorkCount';
import styles from './DashboardPage.module.css';
import {
  LoginsChart,
  OverviewError,
  OverviewFigures,
  OverviewRefresh,
  RecentNotices,
  UsersByDeptChart,
  useDashboardOverview,
} from './overview';

/** `/wel/dashboard` (hidden from the menu): the tenant's overview with larger charts. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const overview = useDashboardOverview();
  const can = useCan();
  // 我的事务 for whoever may handle or claim tasks (button codes: the permission set holds buttons).
  const works = can(FLOW_PERMISSIONS.todoHandle) || can(FLOW_PERMISSIONS.claimSign);
  const tenantId = useSessionStore((state) => state.userInfo?.tenant_id ?? state.tenantId ?? '');
  const data = overview.data;
  const tenant = data?.tenantName ? `${data.tenantName}（${data.tenantId}）` : tenantId;

  return (
    <div className={frame.page}>
      <header className={frame.header}>
        <div>
          <h1 className={frame.title}>{t('screens.home.dashboardLink')}</h1>
          <p className={frame.subtitle}>
            {t('welcome.tenant')}：{tenant || t('common.empty')}
          </p>
        </div>
        <OverviewRefresh overview={overview} />
      </header>
      {works ? <WorkCountCard /> : null}
      <OverviewError overview={overview} />
      {data || overview.isPending ? (
        <>
          <OverviewFigures data={data} />
          <div className={styles.wide}>
            <LoginsChart data={data} height={260} />
            <UsersByDeptChart data={data} limit={20} />
          </div>
          <RecentNotices data={data} />
        </>
      ) : null}
    </div>
  );
}
