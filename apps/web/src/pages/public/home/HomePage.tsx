import { ApartmentOutlined, ArrowRightOutlined, AuditOutlined, GlobalOutlined } from '@ant-design/icons';
import { HOME_PATH, LOGIN_PATH } from '@cube/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSessionStore } from '../../../stores/session';
import { useBranding } from '../../../stores/site';
import styles from './HomePage.module.css';

/** Public landing page (the router shows it inside layouts/PublicLayout); the full public website comes later. */
export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { indexTitle } = useBranding();
  const signedIn = useSessionStore((state) => Boolean(state.token));
  const features = [
    { icon: <GlobalOutlined />, title: t('home.featureSiteTitle'), text: t('home.featureSiteText') },
    { icon: <ApartmentOutlined />, title: t('home.featureConsoleTitle'), text: t('home.featureConsoleText') },
    { icon: <AuditOutlined />, title: t('home.featureWorkflowTitle'), text: t('home.featureWorkflowText') },
  ];

  return (
    <>
      <section className={styles.hero}>
        <div className={styles.heroInner}>
          <p className={styles.eyebrow}>{indexTitle}</p>
          <h1 className={styles.headline}>{t('home.headline')}</h1>
          <p className={styles.intro}>{t('home.intro')}</p>
          <Button
            type="primary"
            size="large"
            icon={<ArrowRightOutlined />}
            iconPlacement="end"
            onClick={() => void navigate(signedIn ? HOME_PATH : LOGIN_PATH)}
          >
            {signedIn ? t('home.enterConsole') : t('home.login')}
          </Button>
        </div>
      </section>
      <section className={styles.features}>
        {features.map((feature) => (
          <article key={feature.title} className={styles.feature}>
            <span className={styles.featureIcon}>{feature.icon}</span>
            <h2 className={styles.featureTitle}>{feature.title}</h2>
            <p className={styles.featureText}>{feature.text}</p>
          </article>
        ))}
      </section>
    </>
  );
}
