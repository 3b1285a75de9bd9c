import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { IdentityLinks } from './IdentityLinks';
import styles from './InfoPage.module.css';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';

type InfoTab = 'info' | 'password' | 'identity';
const TABS: readonly InfoTab[] = ['info', 'password', 'identity'];

/**
 * `/info/index`: personal information and password change (the profile form), and the linked third-party
 * accounts; `?tab=password` or `?tab=identity` opens that tab (a link comes back to the latter).
 */
export default function InfoPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [tab, setTab] = useState<InfoTab>(TABS.find((k) => k === params.get('tab')) ?? 'info');
  return (
    <div className={styles.page}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as InfoTab)}
        items={[
          { key: 'info', label: t('screens.profile.infoTab'), children: <ProfileForm /> },
          { key: 'password', label: t('screens.profile.passwordTab'), children: <PasswordForm /> },
          { key: 'identity', label: t('screens.oauthProvider.identityTab'), children: <IdentityLinks /> },
        ]}
      />
    </div>
  );
}
