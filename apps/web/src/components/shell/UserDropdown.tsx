import {
  ApartmentOutlined,
  DashboardOutlined,
  DownOutlined,
  IdcardOutlined,
  LogoutOutlined,
  NodeIndexOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { FLOW_PROCESS_BASE } from '@cube/contract';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { i18n } from '../../lib/i18n';
import { type FlowRoute, useMenuStore } from '../../stores/menu';
import { useSessionStore } from '../../stores/session';
import { useRuntimeConfig } from '../../stores/site';
import { useLogout } from '../LogoutButton';
import { DeptSwitchDialog } from './DeptSwitchDialog';
import styles from './shell.module.css';

export const DASHBOARD_PATH = '/wel/dashboard';
export const INFO_PATH = '/info/index';
export const DEFAULT_AVATAR = '/img/default-avatar.svg';

/** A flow entry's label: `flow.<routeKey>` when the locale has it, else the dictionary label. */
function flowLabel(route: FlowRoute): string {
  const key = `flow.${route.routeKey}`;
  return i18n.exists(key) ? i18n.t(key as never) : route.name;
}

/**
 * The address a flow route leads to. A remark that is a route segment (`invention`) opens the start
 * form of its category, `/work/process/<remark>/form` (the newest definition the user may start); a remark that is
 * a console path is opened as such (a bare menu path is sent on to its `/index` page).
 */
export function flowHref(route: FlowRoute): string {
  const value = route.routeValue.trim();
  return value.startsWith('/') ? value : `${FLOW_PROCESS_BASE}/${value}/form`;
}

/**
 * Avatar and name with the account menu: dashboard, personal info, the patent-flow
 * entries (only when the `flow` dictionary has routes), department switch (switch mode only), logout.
 */
export function UserDropdown({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirmLogout = useLogout();
  const { switchMode } = useRuntimeConfig();
  const user = useSessionStore((state) => state.userInfo);
  const flowRoutes = useMenuStore((state) => state.flowRoutes);
  const [switching, setSwitching] = useState(false);
  const name = user?.nick_name || user?.real_name || user?.user_name || user?.account || '';

  const items: MenuProps['items'] = [
    { key: 'dashboard', icon: <DashboardOutlined />, label: t('userMenu.dashboard') },
    { key: 'info', icon: <IdcardOutlined />, label: t('userMenu.info') },
    ...(flowRoutes.length > 0
      ? [
          { type: 'divider' as const },
          ...flowRoutes.map((route) => ({
            key: `flow:${route.routeKey}`,
            icon: <NodeIndexOutlined />,
            label: flowLabel(route),
          })),
        ]
      : []),
    ...(switchMode
      ? [{ key: 'switchDept', icon: <ApartmentOutlined />, label: t('userMenu.switchDept') }]
      : []),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('userMenu.logout'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'dashboard') void navigate(DASHBOARD_PATH);
    else if (key === 'info') void navigate(INFO_PATH);
    else if (key === 'switchDept') setSwitching(true);
    else if (key === 'logout') confirmLogout();
    else if (key.startsWith('flow:')) {
      const route = flowRoutes.find((item) => `flow:${item.routeKey}` === key);
      if (route) void navigate(flowHref(route));
    }
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} placement="bottomRight" trigger={['click', 'hover']}>
        <button type="button" className={styles.user} aria-label={t('userMenu.account')}>
          <Avatar size={30} src={user?.avatar || DEFAULT_AVATAR} icon={<UserOutlined />} />
          {compact ? null : <span className={styles.userName}>{name}</span>}
          {compact ? null : <DownOutlined className={styles.userCaret} />}
        </button>
      </Dropdown>
      {switchMode ? <DeptSwitchDialog open={switching} onClose={() => setSwitching(false)} /> : null}
    </>
  );
}
