import { DEFAULT_COLOR, DEFAULT_LANGUAGE, type Language } from '@cube/contract';
import { ConfigProvider, message, type ThemeConfig } from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingOverlay } from '../components/shell/LoadingOverlay';
import { closedByTimer, MessageApiContext, resetMessageApi, setMessageApi } from '../lib/feedback';
import { antdLocaleOf, isLanguage } from '../lib/i18n';
import { withAlpha } from '../lib/themes';
import { useSettingsStore } from '../stores/settings';

const THEME: ThemeConfig = {
  token: {
    colorPrimary: DEFAULT_COLOR,
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
};

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
 * colour, the themed message instance (for the request
 * client and every screen's toasts), and the global loading overlay. The antd `<App>` context (modal, notification) is not here: it is the route frame
 * of every screen but the login page (see `AntAppFrame`), so that the login's first view does not carry that code.
 */
export function UiRoot({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const color = usePrimaryColor();
  const theme = useMemo<ThemeConfig>(
    () => ({ ...THEME, token: { ...THEME.token, colorPrimary: color } }),
    [color],
  );
  const [antdMessageApi, messageHolder] = message.useMessage();
  const messageApi = useMemo(() => closedByTimer(antdMessageApi), [antdMessageApi]);
  useEffect(() => {
    setMessageApi(messageApi);
    return resetMessageApi;
  }, [messageApi]);
  return (
    <ConfigProvider locale={antdLocaleOf(language)} theme={theme}>
      <MessageApiContext.Provider value={messageApi}>
        {messageHolder}
        {children}
        <LoadingOverlay />
      </MessageApiContext.Provider>
    </ConfigProvider>
  );
}
