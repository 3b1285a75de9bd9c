import { ApartmentOutlined, AuditOutlined, SafetyOutlined } from '@ant-design/icons';
import { Radio } from 'antd';
import type { CSSProperties } from 'react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/BrandLogo';
import { useBranding } from '../../../stores/site';
import { LoginForm } from './LoginForm';
import styles from './LoginPage.module.css';
import { SocialLogin } from './SocialLogin';

/** The SMS form, loaded when the user switches to it: the first view carries the password form only. */
const PhoneLogin = lazy(() => import('./PhoneLogin').then((module) => ({ default: module.PhoneLogin })));

export default function LoginPage() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'account' | 'phone'>('account');
  const { productTitle, loginTitle, backgroundUrl, primaryColor, icp, copyright } = useBranding();
  const headline = loginTitle === productTitle ? t('home.headline') : loginTitle;
  // The tenant's brand colour (site settings) tints the brand panel, as it does the public site.
  const tint = primaryColor ? `linear-gradient(135deg, ${primaryColor}, ${primaryColor}b3)` : undefined;
  const brandStyle: CSSProperties | undefined = backgroundUrl
    ? {
        backgroundImage: `${tint ?? 'linear-gradient(135deg, rgba(24, 72, 184, 0.82), rgba(64, 158, 255, 0.6))'}, url(${JSON.stringify(backgroundUrl)})`,
      }
    : tint
      ? { backgroundImage: tint }
      : undefined;
  const features = [
    { icon: <SafetyOutlined />, text: t('login.brandFeatureTenants') },
    { icon: <ApartmentOutlined />, text: t('login.brandFeatureOrganization') },
    { icon: <AuditOutlined />, text: t('login.brandFeatureWorkflow') },
  ];

  return (
    <div className={styles.page}>
      <aside className={styles.brand} style={brandStyle}>
        <div className={styles.brandOverlay} />
        <Link to="/" className={styles.brandHeader}>
          <BrandLogo size={40} />
          <span className={styles.brandName}>{productTitle}</span>
        </Link>
        <div className={styles.brandBody}>
          <h1 className={styles.brandHeadline}>{headline}</h1>
          <p className={styles.brandSlogan}>{t('app.slogan')}</p>
          <ul className={styles.featureList}>
            {features.map((feature) => (
              <li key={feature.text} className={styles.feature}>
                <span className={styles.featureIcon}>{feature.icon}</span>
                {feature.text}
              </li>
            ))}
          </ul>
        </div>
        <footer className={styles.brandFooter}>
          {copyright ?? t('login.copyright', { year: new Date().getFullYear(), name: productTitle })}
          {icp ? (
            <>
              {' · '}
              <a
                href="https://beian.miit.gov.cn/"
                target="_blank"
                rel="noopener noreferrer"
                style={{ color: 'inherit' }}
              >
                {icp}
              </a>
            </>
          ) : null}
        </footer>
      </aside>

      <main className={styles.panel}>
        <div className={styles.card}>
          <div className={styles.compactBrand}>
            <BrandLogo size={36} />
            <span className={styles.compactBrandName}>{loginTitle}</span>
          </div>
          <h2 className={styles.cardTitle}>{t('login.heading')}</h2>
          <p className={styles.cardSubtitle}>{t('login.subheading')}</p>
          {/* Password or phone: a plain switch, the password form stays the default. */}
          <Radio.Group
            value={mode}
            onChange={(event) => setMode(event.target.value as 'account' | 'phone')}
            optionType="button"
            block
            style={{ marginBottom: 16 }}
            options={[
              { value: 'account', label: t('screens.oauthProvider.tabAccount') },
              { value: 'phone', label: t('screens.oauthProvider.tabPhone') },
            ]}
          />
          {mode === 'account' ? (
            <LoginForm />
          ) : (
            <Suspense fallback={null}>
              <PhoneLogin />
            </Suspense>
          )}
          <SocialLogin />
        </div>
      </main>
    </div>
  );
}
