import type { NavigateFunction } from 'react-router';
import { useTabsStore } from '../../../../stores/tabs';

/**
 * Leaves a finished business page for a list: the list opens, and
 * the page's own tab closes, so a handled task's page is not left behind to be submitted twice.
 */
export async function leaveFor(navigate: NavigateFunction, from: string, to: string): Promise<void> {
  await navigate(to);
  useTabsStore.getState().close(from);
}
