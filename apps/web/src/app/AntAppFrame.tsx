import { App as AntApp, ConfigProvider } from 'antd';
import { Outlet } from 'react-router';
import { usePrefersReducedMotion } from '../lib/reducedMotion';
import './reducedMotion.css';

/**
 * The antd `<App>` context (modal and notification through `App.useApp()`; toasts come from `useMessageApi()`) for
 * every route but the login page: a route of its own, loaded beside the page's chunk, so that the login's first
 * view does not carry the modal and notification code.
 *
 * Here too, for the same reason, the console follows the system's reduced-motion setting: antd's motion is off for
 * every screen, its dialogs, drawers, menus and confirmations (inherited by the nested theme providers), and the
 * console's own transitions stop (`reducedMotion.css`). The login page and the root's toasts keep their motion.
 */
export default function AntAppFrame() {
  const reducedMotion = usePrefersReducedMotion();
  const frame = (
    <AntApp>
      <Outlet />
    </AntApp>
  );
  return reducedMotion ? (
    <ConfigProvider theme={{ token: { motion: false } }}>{frame}</ConfigProvider>
  ) : (
    frame
  );
}
