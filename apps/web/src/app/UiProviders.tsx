import { DEFAULT_COLOR, DEFAULT_LANGUAGE, type Language } from '@cube/contract';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingOverlay } from '../components/shell/LoadingOverlay';
import { resetMessageApi, setMessageApi } from '../lib/feedback';
import { isLanguage } from '../lib/i18n';
import { withAlpha } from '../lib/themes';
import { useSettingsStore } from '../stores/settings';

const ANTD_LOCALES: Record<Language, Locale> = { zh: zhCN, en: enUS };

const THEME: ThemeConfig = {
  token: {
    colorPrimary: DEFAULT_COLOR,
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
};

/** Hands the themed message instance of the antd `<App>` to code outside React (the request client). */
function MessageBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    setMessageApi(message);
    return resetMessageApi;
  }, [message]);
  return null;
}

/** The chosen primary colour (colour picker) for antd and, as CSS variables, for portals outside the shell. */
function usePrimaryColor(): string {
  const color = useSettingsStore((state) => state.colorName) || DEFAULT_COLOR;
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--shell-primary', color);
    root.setProperty('--shell-primary-soft', withAlpha(color, 0.1));
  }, [color]);
  return color;
}

/**
 * antd configuration: locale following the i18n language (Chinese by default), theme with the chosen primary
 * colour, message/modal context, and the global loading overlay.
 */
export function UiProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const color = usePrimaryColor();
  const theme = useMemo<ThemeConfig>(
    () => ({ ...THEME, token: { ...THEME.token, colorPrimary: color } }),
    [color],
  );
  return (
    <ConfigProvider locale={ANTD_LOCALES[language]} theme={theme}>
      <AntApp>
        <MessageBridge />
        {children}
        <LoadingOverlay />
      </AntApp>
    </ConfigProvider>
  );
}
