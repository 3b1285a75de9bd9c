import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { type MenuNode, menuNodeIcon } from '../../api/menu';
import { MenuIcon } from '../../components/shell/MenuIcon';
import { menuLabel } from '../../lib/labels';
import {
  findMenuByGroup,
  findMenuByPagePath,
  findMenuByRouterPath,
  hasChildren,
  IFRAME_PREFIX,
  menuAncestry,
} from '../../stores/menuRoutes';
import { prefetchMenuPage } from './prefetch';

type MenuItem = Required<MenuProps>['items'][number];

function toItems(nodes: readonly MenuNode[]): MenuItem[] {
  return nodes.map((node) => ({
    key: node.id,
    icon: <MenuIcon source={menuNodeIcon(node)} />,
    label: <span title={menuLabel(node)}>{menuLabel(node)}</span>,
    // A leaf's screen starts loading when the pointer comes over it, ahead of the click.
    ...(hasChildren(node)
      ? { children: toItems(node.children!) }
      : { onMouseEnter: () => void prefetchMenuPage(node) }),
  }));
}

function findNode(nodes: readonly MenuNode[], id: string): MenuNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = node.children ? findNode(node.children, id) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** The leaf of the sidebar tree shown at the current address. */
function useSelectedNode(menu: readonly MenuNode[]): MenuNode | undefined {
  const { pathname } = useLocation();
  return useMemo(() => {
    if (pathname.startsWith(`${IFRAME_PREFIX}/`)) {
      return findMenuByRouterPath(menu, decodeURIComponent(pathname.slice(IFRAME_PREFIX.length + 1)));
    }
    return findMenuByPagePath(menu, pathname) ?? findMenuByGroup(menu, pathname);
  }, [menu, pathname]);
}

interface SideMenuProps {
  menu: readonly MenuNode[];
  collapsed: boolean;
  dark: boolean;
  onOpen: (node: MenuNode) => void;
}

/** The sidebar menu tree: one branch open at a time, following the page being shown. */
export function SideMenu({ menu, collapsed, dark, onOpen }: SideMenuProps) {
  const { i18n } = useTranslation();
  const selected = useSelectedNode(menu);
  const [openKeys, setOpenKeys] = useState<string[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  const items = useMemo(() => toItems(menu), [menu, i18n.language]);

  useEffect(() => {
    if (selected) setOpenKeys(menuAncestry(menu, selected.id).slice(0, -1));
  }, [menu, selected]);

  const onOpenChange: MenuProps['onOpenChange'] = (keys) => {
    const latest = keys.find((key) => !openKeys.includes(key));
    // The menu tree opens one branch at a time — opening a branch closes its siblings.
    setOpenKeys(latest ? menuAncestry(menu, latest) : keys);
  };

  return (
    <Menu
      mode="inline"
      theme={dark ? 'dark' : 'light'}
      items={items}
      inlineIndent={20}
      inlineCollapsed={collapsed}
      selectedKeys={selected ? [selected.id] : []}
      {...(collapsed ? {} : { openKeys })}
      onOpenChange={onOpenChange}
      onClick={({ key }) => {
        const node = findNode(menu, key);
        if (node && !hasChildren(node)) onOpen(node);
      }}
    />
  );
}
