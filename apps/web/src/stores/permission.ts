import { useCallback } from 'react';
import { create } from 'zustand';
import type { PermissionNode } from '../api/menu';
import { getStore, removeStore, setStore } from '../lib/storage';

/**
 * Button permissions: `GET /api/cube-system/menu/buttons` answers a tree of the
 * menus owning granted buttons; the codes of its leaves form the permission set `{code: true}`, stored under the
 * `permission` key and loaded after the menu. Pages ask {@link useCan} (in components) or {@link can} (elsewhere)
 * whether to show a button. This is display only: the server re-checks every call.
 */

export type PermissionSet = Readonly<Record<string, true>>;

/** Flattens the buttons tree: every leaf's non-empty code becomes `code: true`; inner nodes only recurse. */
export function buildPermissionSet(nodes: readonly PermissionNode[] | null | undefined): PermissionSet {
  const result: Record<string, true> = {};
  const visit = (list: readonly PermissionNode[]) => {
    for (const node of list) {
      if (node.children && node.children.length > 0) visit(node.children);
      else if (node.code) result[node.code] = true;
    }
  };
  visit(nodes ?? []);
  return result;
}

interface PermissionState {
  permission: PermissionSet;
  /** True once the set has been fetched (or read back from storage) for this session. */
  loaded: boolean;
}

export const usePermissionStore = create<PermissionState>()(() => ({ permission: {}, loaded: false }));

/** Stores and publishes a new permission set (after `menu/buttons`). */
export function setPermission(permission: PermissionSet): void {
  setStore('permission', permission);
  usePermissionStore.setState({ permission, loaded: true });
}

/** Re-reads the stored set (after boot set the storage prefix, or after a reload). */
export function hydratePermission(): void {
  const stored = getStore<PermissionSet>('permission');
  usePermissionStore.setState({ permission: stored ?? {}, loaded: stored !== undefined });
}

/** Forgets the set (logout). */
export function clearPermission(): void {
  removeStore('permission');
  usePermissionStore.setState({ permission: {}, loaded: false });
}

/** Whether the signed-in user holds the button permission `code`; outside React. */
export function can(code: string): boolean {
  return usePermissionStore.getState().permission[code] === true;
}

/** The permission check for components; re-renders when the set changes. */
export function useCan(): (code: string) => boolean {
  const permission = usePermissionStore((state) => state.permission);
  return useCallback((code: string) => permission[code] === true, [permission]);
}
