import { AppstoreOutlined, DashboardOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { DATE_TIME_FORMAT } from '@cube/contract';
import { Alert, Avatar, Card, Descriptions, type DescriptionsProps, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { nameWithCode } from '../../../lib/codeLabels';
import { menuLabel } from '../../../lib/labels';
import { useMenuStore } from '../../../stores/menu';
import { isExternalUrl, menuHref, menuLeaves, opensNewWindow } from '../../../stores/menuRoutes';
import {
  OverviewCharts,
  OverviewError,
  OverviewFigures,
  OverviewRefresh,
  useDashboardOverview,
} from '../dashboard/overview';
import { useIdentity } from './identity';
import styles from './WelcomePage.module.css';

const INFO_PATH = '/info/index';
const DASHBOARD_PATH = '/wel/dashboard';
const SELF_CHECK_PATH = '/test/index';
/** Quick links shown at most (the menu has them all). */
const MAX_MENU_LINKS = 10;

interface QuickLink {
  key: string;
  label: string;
  to: string;
  icon: ReactNode;
  newWindow?: boolean;
}

/** The profile and dashboard pages, then the menu pages the user can open. */
function useQuickLinks(): QuickLink[] {
  const { t } = useTranslation();
  const menu = useMenuStore((state) => state.menuAll);
  const fixed: QuickLink[] = [
    { key: 'info', label: t('screens.home.profileLink'), to: INFO_PATH, icon: <UserOutlined /> },
    {
      key: 'dashboard',
      label: t('screens.home.dashboardLink'),
      to: DASHBOARD_PATH,
      icon: <DashboardOutlined />,
    },
    {
      key: 'self-check',
      label: t('screens.home.selfCheckLink'),
      to: SELF_CHECK_PATH,
      icon: <SafetyOutlined />,
    },
  ];
  const fromMenu = menuLeaves(menu)
    .slice(0, MAX_MENU_LINKS)
    .map<QuickLink>((node) => ({
      key: `menu-${node.id}`,
      label: menuLabel(node),
      // An item opened in a new window goes to its outside address directly.
      to: opensNewWindow(node) && isExternalUrl(node.path) ? node.path.trim() : menuHref(node),
      icon: <AppstoreOutlined />,
      newWindow: opensNewWindow(node),
    }));
  return [...fixed, ...fromMenu];
}

/** The console home (`/wel/index`): who is signed in, quick links, and the tenant's live figures. */
export default function WelcomePage() {
  const { t } = useTranslation();
  const overview = useDashboardOverview();
  const identity = useIdentity(overview.data?.tenantName);
  const links = useQuickLinks();
  const { user, name, tenantId, tenantName } = identity;

  const empty = t('common.empty');
  const items: DescriptionsProps['items'] = [
    { key: 'name', label: t('welcome.name'), children: name || empty },
    { key: 'account', label: t('welcome.account'), children: identity.account || empty },
    {
      key: 'tenant',
      label: t('welcome.tenant'),
      children: tenantName ? nameWithCode(tenantName, tenantId) : tenantId || empty,
    },
    {
      key: 'role',
      label: t('welcome.role'),
      children: identity.roles.length ? (
        <Space size={[4, 4]} wrap>
          {identity.roles.map((role) => (
            <Tag key={role} color="blue">
              {role}
            </Tag>
          ))}
        </Space>
      ) : (
        empty
      ),
    },
    { key: 'dept', label: t('screens.home.dept'), children: identity.depts.join('、') || empty },
    {
      key: 'loginTime',
      label: t('welcome.loginTime'),
      children: identity.signedInAt ? dayjs(identity.signedInAt).format(DATE_TIME_FORMAT) : empty,
    },
  ];

  return (
    <div className={styles.page}>
      <section className={styles.greeting}>
        <div className={styles.greetingMain}>
          <Avatar size={56} src={user?.avatar || undefined} icon={<UserOutlined />} />
          <div>
            <h1 className={styles.greetingTitle}>{t('welcome.greeting', { name })}</h1>
            <p className={styles.greetingText}>{t('welcome.description')}</p>
          </div>
        </div>
        <OverviewRefresh overview={overview} />
      </section>

      {identity.passwordMustChange ? (
        <Alert
          type="warning"
          showIcon
          title={t('welcome.passwordMustChange')}
          action={<Link to={`${INFO_PATH}?tab=password`}>{t('screens.profile.passwordTab')}</Link>}
        />
      ) : null}

      <div className={styles.top}>
        <Card title={t('screens.home.identity')} className={styles.card} size="small">
          <Descriptions column={{ xs: 1, sm: 1, md: 2 }} items={items} />
        </Card>
        <Card title={t('screens.home.quickLinks')} className={styles.card} size="small">
          <nav className={styles.links} aria-label={t('screens.home.quickLinks')}>
            {links.map((link) =>
              link.newWindow ? (
                <a
                  key={link.key}
                  className={styles.link}
                  href={link.to}
                  target="_blank"
                  rel="noopener noreferrer"
                  title={link.label}
                >
                  {link.icon}
                  <span className={styles.linkLabel}>{link.label}</span>
                </a>
              ) : (
                <Link key={link.key} className={styles.link} to={link.to} title={link.label}>
                  {link.icon}
                  <span className={styles.linkLabel}>{link.label}</span>
                </Link>
              ),
            )}
          </nav>
        </Card>
      </div>

      <OverviewError overview={overview} />
      {overview.data || overview.isPending ? (
        <>
          <OverviewFigures data={overview.data} />
          <OverviewCharts data={overview.data} />
        </>
      ) : null}
    </div>
  );
}
