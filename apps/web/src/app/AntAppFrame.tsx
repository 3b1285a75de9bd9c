import { App as AntApp } from 'antd';
import { Outlet } from 'react-router';

/**
 * The antd `<App>` context (modal and notification through `App.useApp()`; toasts come from `useMessageApi()`) for
 * every route but the login page: a route of its own, loaded beside the page's chunk, so that the login's first
 * view does not carry the modal and notification code.
 */
export default function AntAppFrame() {
  return (
    <AntApp>
      <Outlet />
    </AntApp>
  );
}
