import { LoginOutlined } from '@ant-design/icons';
import { HOME_PATH, type LoginResult, SocialMessage } from '@cube/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Divider, Space, Spin } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { fetchSocialProviders, isGuest, loginBySocial, socialRenderUrl } from '../../../api/signin';
import { useMessageApi } from '../../../lib/feedback';
import { useSessionStore } from '../../../stores/session';
import { useRuntimeConfig, useSiteStore } from '../../../stores/site';
import { initialTenantId } from './loginTenant';

/** The registration dialog, loaded only for an identity without a user (its modal code is not in the login's first view). */
const SocialRegisterDialog = lazy(() => import('./SocialRegisterDialog'));

export { registrationProblem } from './socialRegistration';

/**
 * Third-party login on the login page: one button per enabled provider of the tenant, the return
 * from the provider (`/login?tenantId&source&code&state`, which is traded for a token with `grant_type=social`),
 * and the registration dialog that opens by itself for an identity without a user (user_id empty or negative).
 */
export function SocialLogin() {
  const { t } = useTranslation();
  const message = useMessageApi();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const config = useRuntimeConfig();
  const siteTenantId = useSiteStore((state) => state.info?.tenantId ?? '');
  const adopt = useSessionStore((state) => state.adopt);
  const tenantId = siteTenantId || initialTenantId(config);
  const [guest, setGuest] = useState<LoginResult>();
  const [finishing, setFinishing] = useState(false);
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
  }, [params, tenantId, adopt, message, navigate, t]);

  const closeRegistration = () => {
    setGuest(undefined);
    void navigate('/login', { replace: true });
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
      {guest ? (
        <Suspense fallback={null}>
          <SocialRegisterDialog
            guest={guest}
            tenantId={siteTenantId}
            asksTenant={asksTenant}
            onClose={closeRegistration}
          />
        </Suspense>
      ) : null}
    </>
  );
}
