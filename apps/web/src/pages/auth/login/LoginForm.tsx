import { ApartmentOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { fetchCaptcha } from '../../../api/auth';
import { useMessageApi } from '../../../lib/feedback';
import { afterLoginPath } from '../../../lib/loginRedirect';
import { loadMd5 } from '../../../lib/md5';
import { useMenuStore } from '../../../stores/menu';
import { useSessionStore } from '../../../stores/session';
import { useRuntimeConfig, useSiteStore } from '../../../stores/site';
import styles from './LoginPage.module.css';
import { asksForTenant, initialTenantId, loginTenantId } from './loginTenant';

interface LoginFormValues {
  tenantId?: string;
  username: string;
  password: string;
  code?: string;
}

/** The captcha row, loaded only where the site asks for a captcha (CaptchaField.tsx). */
const CaptchaField = lazy(() => import('./CaptchaField'));

const CAPTCHA_QUERY_KEY = ['auth', 'captcha'] as const;

export function LoginForm() {
  const { t } = useTranslation();
  const message = useMessageApi();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [form] = Form.useForm<LoginFormValues>();
  const config = useRuntimeConfig();
  const siteTenantId = useSiteStore((state) => state.info?.tenantId ?? '');
  const login = useSessionStore((state) => state.login);
  const [submitting, setSubmitting] = useState(false);

  const showTenant = asksForTenant(config, siteTenantId);
  const captcha = useQuery({
    queryKey: CAPTCHA_QUERY_KEY,
    queryFn: fetchCaptcha,
    enabled: config.captchaMode,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });

  /** The user started signing in: the hash code loads while they type. */
  const startSigningIn = () => {
    void loadMd5().catch(() => undefined);
  };

  const refreshCaptcha = () => {
    form.setFieldValue('code', '');
    void captcha.refetch();
  };

  const submit = async (values: LoginFormValues) => {
    startSigningIn();
    setSubmitting(true);
    try {
      const result = await login({
        tenantId: loginTenantId(config, siteTenantId, values.tenantId),
        username: values.username.trim(),
        password: values.password,
        captcha: config.captchaMode
          ? { key: captcha.data?.key ?? '', code: values.code?.trim() ?? '' }
          : undefined,
      });
      // The menu (the welcome page's side menu, the routes) is asked for now, beside the welcome page's code; an
      // account that must first replace its password sees only that form, and asks for nothing else.
      if (!result.password_must_change) void useMenuStore.getState().loadAllOnce();
      message.success(t('login.success'));
      await navigate(afterLoginPath(search), { replace: true });
    } catch (error) {
      message.error(error instanceof Error ? error.message : t('request.unknownError'));
      if (config.captchaMode) refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<LoginFormValues>
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      initialValues={{ tenantId: initialTenantId(config) }}
      onFinish={submit}
      onFocus={startSigningIn}
      autoComplete="on"
      className={styles.form}
    >
      {showTenant ? (
        <Form.Item
          name="tenantId"
          label={t('login.tenantId')}
          rules={[{ required: true, whitespace: true, message: t('login.tenantIdRequired') }]}
        >
          <Input
            name="tenantId"
            prefix={<ApartmentOutlined />}
            placeholder={t('login.tenantIdRequired')}
            autoComplete="organization"
            maxLength={32}
          />
        </Form.Item>
      ) : null}
      <Form.Item
        name="username"
        label={t('login.username')}
        rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
      >
        <Input
          name="username"
          prefix={<UserOutlined />}
          placeholder={t('login.usernameRequired')}
          autoComplete="username"
          maxLength={64}
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('login.password')}
        rules={[{ required: true, message: t('login.passwordRequired') }]}
      >
        <Input.Password
          name="password"
          prefix={<LockOutlined />}
          placeholder={t('login.passwordRequired')}
          autoComplete="current-password"
          maxLength={64}
        />
      </Form.Item>
      {config.captchaMode ? (
        <Suspense fallback={null}>
          <CaptchaField
            image={captcha.data?.image}
            loading={captcha.isFetching}
            failed={captcha.isError}
            onRefresh={refreshCaptcha}
          />
        </Suspense>
      ) : null}
      <Form.Item className={styles.submitItem}>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('login.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
