import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { loadChunk } from '../lib/chunk';

/**
 * Console pages by menu path (style anchors C9 "menus from the server, pages from a registry"). The server's
 * menu tree decides what a user sees; this map decides which code renders a menu's page at `<path>/index`.
 * A menu path missing here shows a clear "page not available" result inside the shell.
 */
type PageModule = () => Promise<{ default: ComponentType }>;

export const pageRegistry: Readonly<Record<string, PageModule>> = {
  '/system/param': () => import('./console/system/param/ParamPage'),
  '/desk/notice': () => import('./console/desk/notice/NoticePage'),
};

const loaded = new Map<string, LazyExoticComponent<ComponentType>>();

/** The lazily loaded page component of a menu path, or `undefined` when no page is registered for it. */
export function registeredPage(menuPath: string): LazyExoticComponent<ComponentType> | undefined {
  const load = pageRegistry[menuPath];
  if (!load) return undefined;
  let component = loaded.get(menuPath);
  if (!component) {
    component = lazy(() => loadChunk(load));
    loaded.set(menuPath, component);
  }
  return component;
}
