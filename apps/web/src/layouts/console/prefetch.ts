import { useEffect } from 'react';
import { sendEarly } from '../../api/earlyCalls';
import type { MenuNode } from '../../api/menu';
import { request } from '../../api/request';
import { prefetchPage, screenEarlyCalls } from '../../pages/registry';
import { isEmbedded, menuLeaves } from '../../stores/menuRoutes';

/** The menu path a leaf's page is registered under (its path without trailing slashes). */
const pagePath = (node: MenuNode): string => (node.path ?? '').trim().replace(/\/+$/, '');

/**
 * Loads the code of a menu leaf's screen ahead of the click: the menu page that resolves it and the page
 * itself. An embedded (iframe) or outside item has no page chunk.
 */
export async function prefetchMenuPage(node: MenuNode): Promise<void> {
  if (isEmbedded(node)) return;
  await Promise.all([import('./MenuRoutePage').catch(() => undefined), prefetchPage(pagePath(node))]);
}

/** Screens whose first data went ahead already (once per page load: a screen opened again has its data cached). */
const sentAhead = new Set<string>();

/**
 * A click on a menu leaf: its screen's code and its first data (`screenEarlyCalls`) start at once, side by side,
 * instead of one after the other (the code, then its render, then its calls). The first time only: a screen opened
 * again is kept alive or has its data cached. Resolves once the calls have left.
 */
export function startMenuPage(node: MenuNode): Promise<void> {
  if (isEmbedded(node)) return Promise.resolve();
  void prefetchMenuPage(node);
  const path = pagePath(node);
  const calls = screenEarlyCalls[path];
  if (!calls || sentAhead.has(path)) return Promise.resolve();
  sentAhead.add(path);
  return sendEarly(request, calls);
}

/** Prefetching waits this long after the menu arrives, so that it never competes with the first screen. */
const PREFETCH_DELAY_MS = 2000;

type IdleHandle = number;
const whenIdle: (run: () => void) => IdleHandle =
  typeof window !== 'undefined' && 'requestIdleCallback' in window
    ? (run) => window.requestIdleCallback(run, { timeout: 5000 })
    : (run) => window.setTimeout(run, 200);
const cancelIdle: (handle: IdleHandle) => void =
  typeof window !== 'undefined' && 'cancelIdleCallback' in window
    ? (handle) => window.cancelIdleCallback(handle)
    : (handle) => window.clearTimeout(handle);

/**
 * Once signed in and the menu is known (and the first screen had its moment), loads the screens of the user's menu
 * one at a time whenever the browser is idle, so that a first visit to any of them waits for its data alone.
 */
export function useIdlePrefetch(menu: readonly MenuNode[]): void {
  useEffect(() => {
    const queue = menuLeaves(menu).filter((node) => !isEmbedded(node));
    if (queue.length === 0) return;
    let handle: IdleHandle | undefined;
    let stopped = false;
    // One screen at a time, each after the previous one arrived, so that prefetching never crowds what the
    // user asks for.
    const next = () => {
      handle = undefined;
      const node = queue.shift();
      if (!node || stopped) return;
      void prefetchMenuPage(node).then(() => {
        if (!stopped) handle = whenIdle(next);
      });
    };
    const delay = window.setTimeout(() => {
      handle = whenIdle(next);
    }, PREFETCH_DELAY_MS);
    return () => {
      stopped = true;
      window.clearTimeout(delay);
      if (handle !== undefined) cancelIdle(handle);
    };
  }, [menu]);
}
