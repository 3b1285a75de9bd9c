import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { UiRoot } from './UiRoot';

/**
 * The root providers with the antd `<App>` context around `children`, as a screen inside the route frame has them
 * (components tested on their own, the boot failure screen).
 */
export function UiProviders({ children }: { children: ReactNode }) {
  return (
    <UiRoot>
      <AntApp>{children}</AntApp>
    </UiRoot>
  );
}
