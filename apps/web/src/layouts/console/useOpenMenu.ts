import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { MenuNode } from '../../api/menu';
import { isExternalUrl, menuHref, opensNewWindow } from '../../stores/menuRoutes';
import { useSettingsStore } from '../../stores/settings';

/**
 * Opens a menu leaf: `isOpen` 2 in a new window, an external link or html file in the embedded-page route,
 * anything else at `path + '/index'`. On small screens the click also collapses the sidebar (spec §2).
 */
export function useOpenMenu(smallScreen: boolean): (node: MenuNode) => void {
  const navigate = useNavigate();
  const setCollapse = useSettingsStore((state) => state.setCollapse);
  return useCallback(
    (node: MenuNode) => {
      if (smallScreen) setCollapse(true);
      if (opensNewWindow(node)) {
        const href = isExternalUrl(node.path) ? node.path : menuHref(node);
        window.open(href, '_blank', 'noopener');
        return;
      }
      void navigate(menuHref(node));
    },
    [navigate, setCollapse, smallScreen],
  );
}
