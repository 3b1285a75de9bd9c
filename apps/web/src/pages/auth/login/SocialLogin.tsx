import { LoginOutlined } from '@ant-design/icons';
import { HOME_PATH, type LoginResult, SocialMessage } from '@cube/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Divider, Form, Input, Modal, Space, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { RequestError } from '../../../api/request';
import {
  fetchSocialProviders,
  isGuest,
  loginBySocial,
  registerGuest,
  socialRenderUrl,
} from '../../../api/signin';
import { useSessionStore } from '../../../stores/session';
import { useRuntimeConfig, useSiteStore } from '../../../stores/site';
import { initialTenantId } from './loginTenant';

interface RegisterValues {
  tenantId?: string;
  name?: string;
  account?: string;
  password?: string;
  password2?: string;
}

/** The registration checks, in order (tenant, account, password, match): the first that fails is the message shown. */
export function registrationProblem(values: RegisterValues, asksTenant: boolean): string | undefined {
  if (asksTenant && !values.tenantId?.trim()) return SocialMessage.TENANT_REQUIRED;
  if (!values.account?.trim()) return SocialMessage.ACCOUNT_REQUIRED;
  if (!values.password) return SocialMessage.PASSWORD_REQUIRED;
  if (values.password !== values.password2) return SocialMessage.PASSWORD_MISMATCH;
  return undefined;
}

/**
 * Third-party login on the login page: one button per enabled provider of the tenant, the return
 * from the provider (`/login?tenantId&source&code&state`, which is traded for a token with `grant_type=social`),
 * and the registration dialog that opens by itself for an identity without a user (user_id empty or negative).
 */
export function SocialLogin() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const config = useRuntimeConfig();
  const siteTenantId = useSiteStore((state) => state.info?.tenantId ?? '');
  const adopt = useSessionStore((state) => state.adopt);
  const tenantId = siteTenantId || initialTenantId(config);
  const [guest, setGuest] = useState<LoginResult>();
  const [finishing, setFinishing] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [form] = Form.useForm<RegisterValues>();
  const started = useRef(false);
  const asksTenant = !siteTenantId;

  const providers = useQuery({
    queryKey: ['auth', 'social-providers', tenantId],
    queryFn: () => fetchSocialProviders(tenantId),
    enabled: config.socialMode,
    retry: false,
  });

  useEffect(() => {
    const error = params.get('socialError');
    if (error) message.error(error);
    const code = params.get('code');
    const state = params.get('state');
    const source = params.get('source');
    if (!code || !state || !source || started.current) return;
    started.current = true;
    setFinishing(true);
    loginBySocial({ tenantId: params.get('tenantId') || tenantId, source, code, state })
      .then(async (result) => {
        if (isGuest(result)) {
          setGuest(result);
          form.setFieldsValue({
            tenantId: result.tenant_id,
            name: result.nick_name || result.account,
            account: result.account,
          });
          return;
        }
        adopt(result);
        message.success(t('login.success'));
        await navigate(HOME_PATH, { replace: true });
      })
      .catch((error: unknown) => {
        message.error(error instanceof Error ? error.message : SocialMessage.PROVIDER_FAILED);
        void navigate('/login', { replace: true });
      })
      .finally(() => setFinishing(false));
  }, [params, tenantId, adopt, form, message, navigate, t]);

  const closeRegistration = () => {
    setGuest(undefined);
    form.resetFields();
    void navigate('/login', { replace: true });
  };

  const submit = async () => {
    const values = form.getFieldsValue();
    const problem = registrationProblem(values, asksTenant);
    if (problem) {
      message.warning(problem);
      return;
    }
    setSubmitting(true);
    try {
      await registerGuest({
        tenantId: (asksTenant ? values.tenantId?.trim() : siteTenantId) || guest?.tenant_id || '',
        name: values.name?.trim() ?? '',
        account: values.account?.trim() ?? '',
        password: values.password ?? '',
        oauthId: guest?.oauth_id ?? '',
      });
      modal.success({ title: SocialMessage.SUBMITTED_TITLE, content: SocialMessage.SUBMITTED });
      // The guest holds no session; "logging out" is leaving the third-party answer behind.
      closeRegistration();
    } catch (error) {
      const msg =
        error instanceof RequestError ? (error.body as { msg?: string } | undefined)?.msg : undefined;
      message.error(msg || SocialMessage.SUBMIT_FAILED);
    } finally {
      setSubmitting(false);
    }
  };

  if (!config.socialMode && !finishing && !guest) return null;
  return (
    <>
      {finishing ? (
        <Spin tip={t('screens.oauthProvider.signingIn')}>
          <div style={{ height: 48 }} />
        </Spin>
      ) : null}
      {config.socialMode && (providers.data?.length ?? 0) > 0 ? (
        <>
          <Divider plain>{t('screens.oauthProvider.loginWith')}</Divider>
          <Space wrap style={{ width: '100%', justifyContent: 'center' }}>
            {providers.data?.map((p) => (
              <Button
                key={p.source}
                icon={<LoginOutlined />}
                href={socialRenderUrl(p.source, tenantId)}
                data-testid={`social-${p.source}`}
              >
                {p.name}
              </Button>
            ))}
          </Space>
        </>
      ) : null}
      <Modal
        open={!!guest}
        title={t('screens.oauthProvider.registerTitle')}
        onCancel={closeRegistration}
        onOk={() => void submit()}
        okText={t('screens.oauthProvider.submit')}
        confirmLoading={submitting}
        destroyOnHidden
        maskClosable={false}
      >
        <p>{t('screens.oauthProvider.registerHint')}</p>
        <Form form={form} name="guestRegister" layout="vertical" requiredMark>
          {asksTenant ? (
            <Form.Item name="tenantId" label={t('screens.oauthProvider.tenantId')} required>
              <Input maxLength={12} />
            </Form.Item>
          ) : null}
          <Form.Item name="name" label={t('screens.oauthProvider.realName')}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="account" label={t('screens.oauthProvider.account')} required>
            <Input maxLength={45} autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" label={t('screens.oauthProvider.password')} required>
            <Input.Password maxLength={64} autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="password2" label={t('screens.oauthProvider.password2')} required>
            <Input.Password maxLength={64} autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
