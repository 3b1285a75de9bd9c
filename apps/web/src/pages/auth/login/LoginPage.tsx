import { ApartmentOutlined, AuditOutlined, SafetyOutlined } from '@ant-design/icons';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/BrandLogo';
import { useBranding } from '../../../stores/site';
import { LoginForm } from './LoginForm';
import styles from './LoginPage.module.css';

export default function LoginPage() {
  const { t } = useTranslation();
  const { productTitle, loginTitle, backgroundUrl } = useBranding();
  const headline = loginTitle === productTitle ? t('home.headline') : loginTitle;
  const brandStyle: CSSProperties | undefined = backgroundUrl
    ? {
        backgroundImage: `linear-gradient(135deg, rgba(24, 72, 184, 0.82), rgba(64, 158, 255, 0.6)), url(${JSON.stringify(backgroundUrl)})`,
      }
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
          {t('login.copyright', { year: new Date().getFullYear(), name: productTitle })}
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
          <LoginForm />
        </div>
      </main>
    </div>
  );
}
