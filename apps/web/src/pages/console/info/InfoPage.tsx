import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import styles from './InfoPage.module.css';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';

type InfoTab = 'info' | 'password';

/** `/info/index`: personal information and password change (spec §2 "Profile form"); `?tab=password` opens the second tab. */
export default function InfoPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [tab, setTab] = useState<InfoTab>(params.get('tab') === 'password' ? 'password' : 'info');
  return (
    <div className={styles.page}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as InfoTab)}
        items={[
          { key: 'info', label: t('screens.profile.infoTab'), children: <ProfileForm /> },
          { key: 'password', label: t('screens.profile.passwordTab'), children: <PasswordForm /> },
        ]}
      />
    </div>
  );
}
