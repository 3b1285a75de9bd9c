import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettingsStore } from '../../stores/settings';
import { HeaderAction } from './HeaderAction';

/** Full-screen toggle; follows Esc and F11 exits too. */
export function FullscreenButton() {
  const { t } = useTranslation();
  const isFullScreen = useSettingsStore((state) => state.isFullScreen);
  const setFullScreen = useSettingsStore((state) => state.setFullScreen);

  useEffect(() => {
    const sync = () => setFullScreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, [setFullScreen]);

  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen?.();
    else void document.documentElement.requestFullscreen?.().catch(() => setFullScreen(false));
  };

  return (
    <HeaderAction title={t(isFullScreen ? 'shell.exitFullScreen' : 'shell.fullScreen')} onClick={toggle}>
      {isFullScreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
    </HeaderAction>
  );
}
