import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MenuNode } from '../../api/menu';
import { isEmbedded, isExternalUrl, menuHref, opensNewWindow } from '../../stores/menuRoutes';
import { useSettingsStore } from '../../stores/settings';
import { startMenuPage } from './prefetch';

/**
 * What a click on a menu leaf does:
 * - `navigate`: a console page (`path + '/index'`) or the embedded-page route for an external link or html file;
 * - `confirmExternal`: `isOpen` 2 with an http(s) address — a new window, once the user has confirmed (opening
 *   outside content always asks first);
 * - `newWindow`: `isOpen` 2 on a console page — the same site in a new window, nothing outside to confirm;
 * - `invalidUrl`: `isOpen` 2 with an address that looks like a link but is not http(s) (`ftp://…`, `www.…`):
 *   refused with '请检查url是否正确！' instead of being opened as a console path.
 */
export type MenuOpenAction =
  | { kind: 'navigate'; href: string }
  | { kind: 'confirmExternal'; url: string }
  | { kind: 'newWindow'; href: string }
  | { kind: 'invalidUrl' };

/** A console page's address with the menu's `query`, as Saber opens it. */
function withQuery(node: MenuNode, href: string): string {
  const query = node.query;
  if (isEmbedded(node) || !query || typeof query !== 'object') return href;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null) params.set(key, String(value));
  const text = params.toString();
  return text ? `${href}?${text}` : href;
}

export function menuOpenAction(node: MenuNode): MenuOpenAction {
  if (!opensNewWindow(node)) return { kind: 'navigate', href: withQuery(node, menuHref(node)) };
  const path = node.path?.trim() ?? '';
  if (isExternalUrl(path)) return { kind: 'confirmExternal', url: path };
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || /^www\./i.test(path) || path.startsWith('//'))
    return { kind: 'invalidUrl' };
  return { kind: 'newWindow', href: withQuery(node, menuHref(node)) };
}

/**
 * Opens a menu leaf as {@link menuOpenAction} says. On small screens the click also collapses the sidebar.
 */
export function useOpenMenu(smallScreen: boolean): (node: MenuNode) => void {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const setCollapse = useSettingsStore((state) => state.setCollapse);
  return useCallback(
    (node: MenuNode) => {
      if (smallScreen) setCollapse(true);
      const action = menuOpenAction(node);
      switch (action.kind) {
        case 'navigate':
          void startMenuPage(node);
          void navigate(action.href);
          return;
        case 'newWindow':
          window.open(action.href, '_blank', 'noopener');
          return;
        case 'invalidUrl':
          void message.error(t('crud.validation.url'));
          return;
        case 'confirmExternal':
          modal.confirm({
            title: t('shell.externalLinkTitle'),
            content: t('shell.externalLinkConfirm', { url: action.url }),
            okText: t('common.confirm'),
            cancelText: t('crud.cancel'),
            onOk: () => {
              window.open(action.url, '_blank', 'noopener');
            },
          });
          return;
      }
    },
    [navigate, setCollapse, smallScreen, modal, message, t],
  );
}
