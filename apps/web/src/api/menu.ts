import type { R } from '@cube/contract';
import { request } from './request';

export const MENU_ROUTES_URL = '/api/cube-system/menu/routes';
export const MENU_BUTTONS_URL = '/api/cube-system/menu/buttons';
export const TOP_MENU_URL = '/api/cube-system/menu/top-menu';

/** Menu `isOpen` value of an external link opened in a new window. */
export const MENU_OPEN_NEW_WINDOW = 2;

/** A node of `GET menu/routes` (docs/console-api.md). */
export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias?: string;
  path: string;
  /**
   * The icon as a BladeX client reads it: an image address, an icon-font class, or empty (the default icon); this
   * console's own icon name (`setting`, `tool`, …) comes in `meta.icon`.
   */
  source?: string;
  sort?: number;
  category?: number;
  action?: number;
  isOpen?: number;
  /** Optional route meta; `roles` hides the item unless the user holds one of them. */
  meta?: { i18n?: string; roles?: string[] | string; keepAlive?: boolean; icon?: string } | null;
  query?: string | Record<string, unknown> | null;
  /** Further console paths that select this item in the sidebar (the menu node's `group`). */
  group?: string[] | null;
  /** Owner tenant of the row (menus are platform rows: `000000`). */
  tenantId?: string;
  children?: MenuNode[];
  hasChildren?: boolean;
}

/** The icon a menu node is drawn with here: its own icon name, else its `source`. */
export const menuNodeIcon = (node: Pick<MenuNode, 'source' | 'meta'>): string | undefined =>
  node.meta?.icon || node.source;

/** A header top menu (`GET menu/top-menu`). */
export interface TopMenu {
  id: string;
  code: string;
  name: string;
  source?: string;
  path?: string;
  sort?: number;
}

/** The part of a `menu/buttons` node the permission set is built from (see stores/permission). */
export interface PermissionNode {
  code?: string | null | undefined;
  children?: readonly PermissionNode[] | null | undefined;
}

export interface ButtonNode extends PermissionNode {
  id: string;
  code: string;
  name: string;
  children?: ButtonNode[];
}

/** `GET menu/routes?topMenuId=`: the sidebar tree of the signed-in user (all menus without a top menu). */
export async function fetchMenuRoutes(topMenuId?: string): Promise<MenuNode[]> {
  const { data } = await request.get<R<MenuNode[]>>(MENU_ROUTES_URL, {
    params: topMenuId ? { topMenuId } : {},
  });
  return data.data ?? [];
}

/** `GET menu/buttons`: the tree of menus owning granted buttons; leaves are the permission codes. */
export async function fetchMenuButtons(): Promise<ButtonNode[]> {
  const { data } = await request.get<R<ButtonNode[]>>(MENU_BUTTONS_URL);
  return data.data ?? [];
}

/** `GET menu/top-menu`: the header's horizontal menu. */
export async function fetchTopMenus(): Promise<TopMenu[]> {
  const { data } = await request.get<R<TopMenu[]>>(TOP_MENU_URL);
  return data.data ?? [];
}
