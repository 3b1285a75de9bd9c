import { BgColorsOutlined, CheckOutlined } from '@ant-design/icons';
import { THEMES, type ThemeName } from '@cube/contract';
import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveTheme } from '../../lib/themes';
import { useSettingsStore } from '../../stores/settings';
import { HeaderAction } from './HeaderAction';
import styles from './shell.module.css';

/** A miniature console in the theme's colours. */
function ThemePreview({ name, color }: { name: ThemeName; color: string }) {
  const theme = resolveTheme(name, color);
  return (
    <div className={styles.themePreview} style={{ background: theme.layoutBg }} aria-hidden>
      <div className={styles.themePreviewSider} style={{ background: theme.siderBg }}>
        <span style={{ background: theme.logoBg }} />
        <i style={{ background: theme.selectedBg }} />
        <i style={{ background: theme.siderText, opacity: 0.35 }} />
        <i style={{ background: theme.siderText, opacity: 0.35 }} />
      </div>
      <div className={styles.themePreviewMain}>
        <div className={styles.themePreviewHeader} style={{ background: theme.headerBg }} />
        <div className={styles.themePreviewCard} />
      </div>
    </div>
  );
}

/** The theme chooser: the 11 themes, persisted. */
export function ThemeDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const themeName = useSettingsStore((state) => state.themeName);
  const color = useSettingsStore((state) => state.colorName);
  const setTheme = useSettingsStore((state) => state.setTheme);

  return (
    <>
      <HeaderAction title={t('theme.title')} onClick={() => setOpen(true)}>
        <BgColorsOutlined />
      </HeaderAction>
      <Modal title={t('theme.title')} open={open} footer={null} width={720} onCancel={() => setOpen(false)}>
        <div className={styles.themeGrid}>
          {THEMES.map((name) => (
            <button
              type="button"
              key={name}
              aria-pressed={name === themeName}
              className={[styles.themeCard, name === themeName ? styles.themeCardActive : '']
                .filter(Boolean)
                .join(' ')}
              onClick={() => setTheme(name)}
            >
              <ThemePreview name={name} color={color} />
              <span className={styles.themeName}>
                {name === themeName ? <CheckOutlined /> : null}
                {t(`theme.names.${name}` as 'theme.names.default')}
              </span>
            </button>
          ))}
        </div>
      </Modal>
    </>
  );
}
