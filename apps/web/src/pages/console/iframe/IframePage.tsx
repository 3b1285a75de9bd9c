import { ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Result, Spin, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { useMenuStore } from '../../../stores/menu';
import { findMenuByRouterPath, isExternalUrl, isHtmlFile } from '../../../stores/menuRoutes';
import { useSessionStore } from '../../../stores/session';
import styles from './IframePage.module.css';

/** The address to embed: an http(s) URL, or a site-relative html file. Anything else is refused. */
export function embeddableSrc(src: string | null | undefined): string | undefined {
  const value = src?.trim();
  if (!value) return undefined;
  if (isExternalUrl(value)) return value;
  if (value.startsWith('/') && !value.startsWith('//') && isHtmlFile(value)) return value;
  return undefined;
}

/**
 * `/myiframe/:routerPath`: embeds an external page or an html file, from the `src` query or, failing
 * that, from the menu whose code is `routerPath`. An invalid address shows '请检查url是否正确！'.
 */
export default function IframePage() {
  const { t } = useTranslation();
  const { routerPath = '' } = useParams();
  const { search } = useLocation();
  const menuAll = useMenuStore((state) => state.menuAll);
  const signedIn = useSessionStore((state) => Boolean(state.token));
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);

  const src = useMemo(() => {
    const fromQuery = new URLSearchParams(search).get('src');
    return embeddableSrc(fromQuery ?? findMenuByRouterPath(menuAll, routerPath)?.path);
  }, [search, menuAll, routerPath]);

  if (!src) {
    return <Result status="warning" title={t('iframe.invalidTitle')} subTitle={t('iframe.invalidUrl')} />;
  }

  return (
    <div className={signedIn ? styles.framed : styles.fullPage}>
      <div className={styles.toolbar}>
        <span className={styles.address} title={src}>
          {src}
        </span>
        <Tooltip title={t('iframe.reload')}>
          <Button
            size="small"
            type="text"
            icon={<ReloadOutlined />}
            aria-label={t('iframe.reload')}
            onClick={() => {
              setLoading(true);
              setReloads((value) => value + 1);
            }}
          />
        </Tooltip>
        <Tooltip title={t('iframe.openNewWindow')}>
          <Button
            size="small"
            type="text"
            icon={<ExportOutlined />}
            aria-label={t('iframe.openNewWindow')}
            href={src}
            target="_blank"
            rel="noopener noreferrer"
          />
        </Tooltip>
      </div>
      <div className={styles.body}>
        {loading ? (
          <div className={styles.loading}>
            <Spin />
          </div>
        ) : null}
        <iframe
          key={reloads}
          className={styles.frame}
          src={src}
          title={routerPath}
          onLoad={() => setLoading(false)}
          referrerPolicy="no-referrer"
          // Another site's page may not take over the console (no top navigation); the site's own html files
          // are trusted.
          {...(isExternalUrl(src)
            ? { sandbox: 'allow-scripts allow-same-origin allow-forms allow-popups allow-downloads' }
            : {})}
        />
      </div>
    </div>
  );
}
