import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia?.(QUERY);
  list?.addEventListener?.('change', onChange);
  return () => list?.removeEventListener?.('change', onChange);
}

const current = (): boolean => window.matchMedia?.(QUERY)?.matches ?? false;

/**
 * Whether the user's system asks for reduced motion (WCAG 2.3.3). antd animates dialogs, drawers, menus and
 * toasts unless its `motion` token is off, and ignores the media query itself; the console follows it, so that
 * these open and close at once for people whom movement distracts or makes unwell.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, current, () => false);
}
