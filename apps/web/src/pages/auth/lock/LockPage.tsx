import { LockOutlined, LogoutOutlined, UnlockOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Form, Input } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../../components/BrandLogo';
import { useLogout } from '../../../components/LogoutButton';
import { DEFAULT_AVATAR } from '../../../components/shell/UserDropdown';
import { useMessageApi } from '../../../lib/feedback';
import { useLockStore } from '../../../stores/lock';
import { useSessionStore } from '../../../stores/session';
import { useBranding } from '../../../stores/site';
import styles from './LockPage.module.css';

function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The lock screen: who is signed in and a password field; the lock password unlocks and returns
 * to the current tab (the routing guard makes that move once the lock is gone). Signing out from here is also possible.
 */
export default function LockPage() {
  const { t } = useTranslation();
  const message = useMessageApi();
  const { productTitle } = useBranding();
  const user = useSessionStore((state) => state.userInfo);
  const [form] = Form.useForm<{ password: string }>();
  const [error, setError] = useState(false);
  const now = useClock();
  const name = user?.nick_name || user?.real_name || user?.user_name || user?.account || '';

  const unlock = ({ password }: { password: string }) => {
    if (!useLockStore.getState().unlock(password)) {
      setError(true);
      form.setFields([{ name: 'password', errors: [t('lock.wrongPassword')] }]);
      return;
    }
  };

  const signOut = useLogout(() => void message.success(t('lock.signedOut')));

  return (
    <div className={styles.page}>
      <div className={styles.brand}>
        <BrandLogo size={28} />
        <span>{productTitle}</span>
      </div>
      <div className={styles.clock}>
        <div className={styles.time}>{dayjs(now).format('HH:mm:ss')}</div>
        <div className={styles.date}>{dayjs(now).format(t('lock.dateFormat'))}</div>
      </div>
      <div className={`${styles.card} ${error ? styles.shake : ''}`} onAnimationEnd={() => setError(false)}>
        <Avatar
          size={76}
          src={user?.avatar || DEFAULT_AVATAR}
          icon={<UserOutlined />}
          className={styles.avatar}
        />
        <div className={styles.name}>{name}</div>
        <div className={styles.hint}>
          <LockOutlined /> {t('lock.locked')}
        </div>
        <Form form={form} onFinish={unlock} className={styles.form}>
          <Form.Item name="password" rules={[{ required: true, message: t('lock.passwordRequired') }]}>
            <Input.Password
              size="large"
              autoFocus
              prefix={<LockOutlined />}
              placeholder={t('lock.unlockPlaceholder')}
              aria-label={t('lock.password')}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block icon={<UnlockOutlined />}>
            {t('lock.unlock')}
          </Button>
        </Form>
        <Button type="link" icon={<LogoutOutlined />} onClick={signOut} className={styles.logout}>
          {t('lock.signOut')}
        </Button>
      </div>
    </div>
  );
}
