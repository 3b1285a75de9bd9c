import { Alert, Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../components/BrandLogo';
import { useLogout } from '../../components/LogoutButton';
import { PasswordForm } from '../../pages/console/info/PasswordForm';

/**
 * The forced first-password change, on its own: while the account must replace its initial password the server
 * answers nothing else, so the console shell (menus, bell, figures) is not mounted and asks for nothing. Once the
 * change succeeds the reminder clears and the shell mounts and loads the menus.
 */
export function FirstPassword() {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'var(--ant-color-bg-layout, #f0f2f5)',
        padding: 16,
      }}
    >
      <Card
        style={{ width: 440, maxWidth: '100%' }}
        title={
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
            <BrandLogo size={24} />
            {t('welcome.passwordMustChange')}
          </span>
        }
        extra={
          <Button type="link" onClick={logout}>
            {t('welcome.logout')}
          </Button>
        }
      >
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('welcome.passwordMustChangeHint')}
        />
        <PasswordForm />
      </Card>
    </main>
  );
}
