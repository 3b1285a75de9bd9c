import type { MenuNode } from '../api/menu';
import { MENU_OPEN_NEW_WINDOW } from '../api/menu';
import { IFRAME_PREFIX } from '../lib/paths';

/**
 * Pure helpers turning the server menu tree into console addresses: a
 * leaf opens its page at `path + '/index'`; a path that is an external link or an html file opens in the
 * embedded-page route `/myiframe/:routerPath?src=`; `isOpen` 2 opens a new window instead.
 */

export const PAGE_SUFFIX = '/index';
export { IFRAME_PREFIX };

/** A URL test accepts text beginning with http or https. */
export function isExternalUrl(path: string | undefined): boolean {
  return /^https?:\/\//i.test(path?.trim() ?? '');
}

export function isHtmlFile(path: string | undefined): boolean {
  return /\.html?(?:[?#].*)?$/i.test(path?.trim() ?? '');
}

/** The item is shown in the embedded-page route. */
export function isEmbedded(node: Pick<MenuNode, 'path'>): boolean {
  return isExternalUrl(node.path) || isHtmlFile(node.path);
}

export function opensNewWindow(node: Pick<MenuNode, 'isOpen' | 'path'>): boolean {
  return node.isOpen === MENU_OPEN_NEW_WINDOW;
}

export function hasChildren(node: Pick<MenuNode, 'children'>): boolean {
  return Boolean(node.children && node.children.length > 0);
}

/** The `:routerPath` segment of an embedded page: the menu code, else its id. */
export function iframeRouterPath(node: Pick<MenuNode, 'code' | 'id'>): string {
  return encodeURIComponent(node.code || node.id);
}

/** The console address a leaf opens. */
export function menuHref(node: Pick<MenuNode, 'path' | 'code' | 'id' | 'name'>): string {
  const path = node.path?.trim() ?? '';
  if (isEmbedded(node)) {
    const query = new URLSearchParams({ src: path, name: node.name });
    return `${IFRAME_PREFIX}/${iframeRouterPath(node)}?${query.toString()}`;
  }
  const base = path.startsWith('/') ? path : `/${path}`;
  return `${base.replace(/\/+$/, '')}${PAGE_SUFFIX}`;
}

/** Every leaf of the tree, depth first, in menu order. */
export function menuLeaves(nodes: readonly MenuNode[] | undefined): MenuNode[] {
  const result: MenuNode[] = [];
  const visit = (list: readonly MenuNode[]) => {
    for (const node of list) {
      if (hasChildren(node)) visit(node.children!);
      else result.push(node);
    }
  };
  visit(nodes ?? []);
  return result;
}

/** The leaf whose page is at `pathname` (`<path>/index`), when there is one. */
export function findMenuByPagePath(nodes: readonly MenuNode[], pathname: string): MenuNode | undefined {
  if (!pathname.endsWith(PAGE_SUFFIX)) return undefined;
  const path = pathname.slice(0, -PAGE_SUFFIX.length);
  return menuLeaves(nodes).find((node) => !isEmbedded(node) && trimSlash(node.path) === path);
}

/**
 * The leaf whose `group` lists `pathname` (with or without the `/index` suffix): a page that is not in the menu
 * itself but belongs to that item, which the sidebar then shows as selected.
 */
export function findMenuByGroup(nodes: readonly MenuNode[], pathname: string): MenuNode | undefined {
  const path = trimSlash(pathname.endsWith(PAGE_SUFFIX) ? pathname.slice(0, -PAGE_SUFFIX.length) : pathname);
  return menuLeaves(nodes).find((node) =>
    (node.group ?? []).some((entry) => {
      const member = trimSlash(entry);
      return member === path || member === trimSlash(pathname);
    }),
  );
}

/** A leaf whose menu path is exactly `pathname` (someone typed the menu path without `/index`). */
export function findMenuByPath(nodes: readonly MenuNode[], pathname: string): MenuNode | undefined {
  const path = trimSlash(pathname);
  return menuLeaves(nodes).find((node) => !isEmbedded(node) && trimSlash(node.path) === path);
}

/** The leaf embedded at `/myiframe/:routerPath`. */
export function findMenuByRouterPath(nodes: readonly MenuNode[], routerPath: string): MenuNode | undefined {
  return menuLeaves(nodes).find((node) => isEmbedded(node) && (node.code || node.id) === routerPath);
}

function trimSlash(path: string | undefined): string {
  const value = (path ?? '').trim().replace(/\/+$/, '');
  return value.startsWith('/') ? value : `/${value}`;
}

/** The ids of `target` and its ancestors, outermost first (the sidebar opens that branch). */
export function menuAncestry(nodes: readonly MenuNode[], targetId: string): string[] {
  const walk = (list: readonly MenuNode[], trail: string[]): string[] | undefined => {
    for (const node of list) {
      const next = [...trail, node.id];
      if (node.id === targetId) return next;
      if (node.children) {
        const found = walk(node.children, next);
        if (found) return found;
      }
    }
    return undefined;
  };
  return walk(nodes, []) ?? [];
}

function rolesOf(node: MenuNode): string[] {
  const roles = node.meta?.roles;
  if (!roles) return [];
  const list = Array.isArray(roles) ? roles : String(roles).split(',');
  return list.map((role) => role.trim()).filter(Boolean);
}

/**
 * An item carrying `meta.roles` is hidden unless the user holds one of them; a branch whose children
 * are all hidden disappears too.
 */
export function filterMenuByRoles(nodes: readonly MenuNode[], userRoles: readonly string[]): MenuNode[] {
  const held = new Set(userRoles.map((role) => role.trim()).filter(Boolean));
  const result: MenuNode[] = [];
  for (const node of nodes) {
    const required = rolesOf(node);
    if (required.length > 0 && !required.some((role) => held.has(role))) continue;
    if (!hasChildren(node)) {
      result.push(node);
      continue;
    }
    const children = filterMenuByRoles(node.children!, userRoles);
    if (children.length > 0) result.push({ ...node, children });
  }
  return result;
}

/**
 * Menu search: leaves whose name starts with `query`, ignoring case (the label in the current language
 * or the server name). An empty query finds nothing.
 */
export function searchMenuLeaves(
  nodes: readonly MenuNode[],
  query: string,
  labelOf: (node: MenuNode) => string = (node) => node.name,
): MenuNode[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  return menuLeaves(nodes).filter((node) =>
    [labelOf(node), node.name].some((label) => label?.toLowerCase().startsWith(needle)),
  );
}

/** Adds the roots of `next` that `all` does not have yet (the menus of every top menu visited). */
export function mergeMenus(all: readonly MenuNode[], next: readonly MenuNode[]): MenuNode[] {
  const byId = new Map(all.map((node) => [node.id, node]));
  for (const node of next) byId.set(node.id, node);
  return [...byId.values()];
}
