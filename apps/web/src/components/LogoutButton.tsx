import { LogoutOutlined } from '@ant-design/icons';
import { LOGIN_PATH } from '@cube/contract';
import { App, Button, type ButtonProps } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSessionStore } from '../stores/session';

/** Logout after the confirmation '退出系统, 是否继续?', then the login page. */
/** `afterLogout` runs once the session is gone, before the move to the login page. */
export function useLogout(afterLogout?: () => void): () => void {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useSessionStore((state) => state.logout);

  return useCallback(() => {
    modal.confirm({
      title: t('common.tip'),
      content: t('logout.confirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await logout();
        afterLogout?.();
        await navigate(LOGIN_PATH, { replace: true });
      },
    });
  }, [modal, t, navigate, logout, afterLogout]);
}

export function LogoutButton(props: Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation();
  const confirmLogout = useLogout();
  return (
    <Button icon={<LogoutOutlined />} onClick={confirmLogout} {...props}>
      {props.children ?? t('welcome.logout')}
    </Button>
  );
}
