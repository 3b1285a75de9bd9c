import { ApartmentOutlined, MobileOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { SmsMessage } from '@cube/contract';
import { Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { RequestError } from '../../../api/request';
import { loginBySms, sendSmsCode } from '../../../api/signin';
import { useMessageApi } from '../../../lib/feedback';
import { afterLoginPath } from '../../../lib/loginRedirect';
import { useMenuStore } from '../../../stores/menu';
import { useSessionStore } from '../../../stores/session';
import { useRuntimeConfig, useSiteStore } from '../../../stores/site';
import styles from './LoginPage.module.css';
import { asksForTenant, initialTenantId, loginTenantId } from './loginTenant';

interface PhoneValues {
  tenantId?: string;
  phone: string;
  code: string;
}

const RESEND_SECONDS = 60;

/** 手机号登录: a six-digit code by SMS, then `grant_type=sms_code`. */
export function PhoneLogin() {
  const { t } = useTranslation();
  const message = useMessageApi();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [form] = Form.useForm<PhoneValues>();
  const config = useRuntimeConfig();
  const siteTenantId = useSiteStore((state) => state.info?.tenantId ?? '');
  const adopt = useSessionStore((state) => state.adopt);
  const [wait, setWait] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const showTenant = asksForTenant(config, siteTenantId);
  const k = (key: string) => t(`screens.oauthProvider.${key}` as never);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const tenantOf = () => loginTenantId(config, siteTenantId, form.getFieldValue('tenantId'));

  const send = async () => {
    try {
      await form.validateFields(['phone', ...(showTenant ? ['tenantId'] : [])]);
    } catch {
      return;
    }
    try {
      await sendSmsCode(tenantOf(), form.getFieldValue('phone').trim());
      message.success(SmsMessage.SENT);
      setWait(RESEND_SECONDS);
    } catch (error) {
      const msg =
        error instanceof RequestError ? (error.body as { msg?: string } | undefined)?.msg : undefined;
      message.error(msg || t('request.unknownError'));
    }
  };

  const submit = async (values: PhoneValues) => {
    setSubmitting(true);
    try {
      const result = await loginBySms({
        tenantId: tenantOf(),
        phone: values.phone.trim(),
        code: values.code.trim(),
      });
      adopt(result);
      if (!result.password_must_change) void useMenuStore.getState().loadAllOnce();
      message.success(t('login.success'));
      await navigate(afterLoginPath(search), { replace: true });
    } catch (error) {
      message.error(error instanceof Error ? error.message : t('request.unknownError'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<PhoneValues>
      form={form}
      name="phoneLogin"
      layout="vertical"
      size="large"
      requiredMark={false}
      initialValues={{ tenantId: initialTenantId(config) }}
      onFinish={submit}
      className={styles.form}
    >
      {showTenant ? (
        <Form.Item
          name="tenantId"
          label={t('login.tenantId')}
          rules={[{ required: true, whitespace: true, message: t('login.tenantIdRequired') }]}
        >
          <Input prefix={<ApartmentOutlined />} maxLength={32} />
        </Form.Item>
      ) : null}
      <Form.Item
        name="phone"
        label={k('phone')}
        rules={[{ required: true, pattern: /^1[3-9]\d{9}$/, message: SmsMessage.PHONE_INVALID }]}
      >
        <Input prefix={<MobileOutlined />} maxLength={11} autoComplete="tel" />
      </Form.Item>
      <Form.Item label={k('smsCode')} required>
        <div className={styles.captchaRow}>
          <Form.Item
            name="code"
            noStyle
            rules={[{ required: true, pattern: /^\d{6}$/, message: k('smsCodeRequired') }]}
          >
            <Input prefix={<SafetyCertificateOutlined />} maxLength={6} autoComplete="one-time-code" />
          </Form.Item>
          <Button onClick={() => void send()} disabled={wait > 0}>
            {wait > 0 ? `${wait}s` : k('sendCode')}
          </Button>
        </div>
      </Form.Item>
      <Form.Item className={styles.submitItem}>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('login.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
