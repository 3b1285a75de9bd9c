import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import { menuLabelKey, translatedLabel } from '../lib/labels';
import { useMenuStore } from '../stores/menu';
import { findMenuByPagePath, findMenuByRouterPath, IFRAME_PREFIX } from '../stores/menuRoutes';
import type { RouteHandle } from './guard';

/**
 * What the shell knows about the page being shown: its label (document title and tab), whether it becomes a
 * tab and whether it is kept alive. Static routes carry a title key; menu pages take the menu's name (translated
 * when the locale has `menu.<code>`); embedded pages the `name` query or their menu.
 */
export interface PageMeta {
  label: string;
  labelKey?: string | undefined;
  tab: boolean;
  keepAlive: boolean;
}

export function useDeepestHandle(): RouteHandle | undefined {
  const matches = useMatches();
  return matches.at(-1)?.handle as RouteHandle | undefined;
}

export function usePageMeta(): PageMeta | undefined {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const handle = useDeepestHandle();
  const menuAll = useMenuStore((state) => state.menuAll);
  const tab = handle?.tab !== false;
  const keepAlive = handle?.keepAlive !== false;

  if (handle?.titleKey) return { label: t(handle.titleKey), labelKey: handle.titleKey, tab, keepAlive };
  if (handle?.kind === 'menu') {
    const node = findMenuByPagePath(menuAll, pathname);
    return node ? { label: node.name, labelKey: menuLabelKey(node), tab, keepAlive } : undefined;
  }
  if (handle?.kind === 'iframe') {
    const routerPath = decodeURIComponent(pathname.slice(IFRAME_PREFIX.length + 1));
    const node = findMenuByRouterPath(menuAll, routerPath);
    if (node) return { label: node.name, labelKey: menuLabelKey(node), tab, keepAlive };
    const name = new URLSearchParams(search).get('name');
    return name ? { label: name, tab, keepAlive } : undefined;
  }
  return undefined;
}

/** The translated page label for the document title (follows language changes). */
export function usePageLabel(): string | undefined {
  useTranslation();
  const meta = usePageMeta();
  return meta ? translatedLabel(meta.label, meta.labelKey) : undefined;
}
