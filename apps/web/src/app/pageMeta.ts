import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import type { MenuNode } from '../api/menu';
import { i18n } from '../lib/i18n';
import { useMenuStore } from '../stores/menu';
import type { RouteHandle } from './guard';
import { findMenuByPagePath, findMenuByRouterPath, IFRAME_PREFIX } from './menuRoutes';

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

/** The i18n key of a menu's label, when the locale has one (`meta.i18n`, else `menu.<code>`). */
export function menuLabelKey(node: Pick<MenuNode, 'code' | 'meta'>): string | undefined {
  const candidates = [node.meta?.i18n ? `menu.${node.meta.i18n}` : '', node.code ? `menu.${node.code}` : ''];
  return candidates.find((key) => key && i18n.exists(key));
}

/** A menu's label in the current language. */
export function menuLabel(node: Pick<MenuNode, 'code' | 'meta' | 'name'>): string {
  const key = menuLabelKey(node);
  return key ? i18n.t(key as never) : node.name;
}

/** The label of a tab or page: its i18n key when set, else the stored label. */
export function translatedLabel(label: string, labelKey: string | undefined): string {
  return labelKey && i18n.exists(labelKey) ? i18n.t(labelKey as never) : label;
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
