import type { LoginResult } from '@cube/contract';
import { create } from 'zustand';
import { fetchBizDictionary } from '../api/lookup';
import { fetchMenuButtons, fetchMenuRoutes, fetchTopMenus, type MenuNode, type TopMenu } from '../api/menu';
import { getStore, setStore } from '../lib/storage';
import { loadCompanyList } from './companies';
import { filterMenuByRoles, mergeMenus } from './menuRoutes';
import { buildPermissionSet, clearPermission, hydratePermission, setPermission } from './permission';
import { onSessionBoundary, useSessionStore } from './session';

/**
 * The signed-in user's menus: the sidebar tree of the chosen top menu (`menu`), every menu loaded
 * this session (`menuAll`, which the router resolves pages against), the header's top menus, and the patent-flow
 * routes of the `flow` business dictionary. Button permissions are fetched right after the menu.
 */

export type MenuStatus = 'idle' | 'loading' | 'ready' | 'error';

/** A patent-flow entry of the `flow` dictionary: `routeKey` = `code_dictKey`, `routeValue` = remark. */
export interface FlowRoute {
  routeKey: string;
  routeValue: string;
  /** The entry's label. */
  name: string;
}

export const FLOW_DICT_CODE = 'flow';

interface MenuState {
  menu: MenuNode[];
  menuAll: MenuNode[];
  topMenus: TopMenu[];
  /** The chosen top menu; empty for "all menus". */
  topMenuId: string;
  status: MenuStatus;
  /**
   * The server's menu has answered (or failed) in this page's life: before that a menu kept in storage may lack
   * a page granted since, so an address it does not know is not yet unknown.
   */
  settled: boolean;
  flowRoutes: FlowRoute[];
  /** Loads the sidebar (of `topMenuId`, default the current one), then the button permissions. */
  loadMenu: (topMenuId?: string) => Promise<void>;
  loadTopMenus: () => Promise<void>;
  loadFlowRoutes: () => Promise<void>;
  /** Everything the shell needs after sign-in or a department/role switch. */
  loadAll: () => Promise<void>;
  /**
   * {@link loadAll} once per session in this page's life: the login form starts it with the token answer, in
   * parallel with the welcome page's code, and the console shell's mount then joins the same requests.
   */
  loadAllOnce: () => Promise<void>;
  reset: () => void;
  hydrate: () => void;
}

/** The role aliases of the signed-in user (login answer `role_name`, comma separated). */
export function userRoles(user: Pick<LoginResult, 'role_name'> | undefined): string[] {
  return (user?.role_name ?? '')
    .split(',')
    .map((role) => role.trim())
    .filter(Boolean);
}

export function toFlowRoutes(
  entries: ReadonlyArray<{ code: string; dictKey: string; dictValue?: string; remark?: string }>,
): FlowRoute[] {
  return entries
    .filter((entry) => entry.remark?.trim())
    .map((entry) => ({
      routeKey: `${entry.code}_${entry.dictKey}`,
      routeValue: entry.remark!.trim(),
      name: entry.dictValue ?? entry.dictKey,
    }));
}

const INITIAL = {
  menu: [] as MenuNode[],
  menuAll: [] as MenuNode[],
  topMenus: [] as TopMenu[],
  topMenuId: '',
  status: 'idle' as MenuStatus,
  settled: false,
  flowRoutes: [] as FlowRoute[],
};

/** Requests of an older session or top menu must not overwrite newer answers. */
let generation = 0;
/** The session's {@link MenuState.loadAll} under way or done (forgotten at a session boundary). */
let loadedOnce: Promise<void> | undefined;

export const useMenuStore = create<MenuState>()((set, get) => ({
  ...INITIAL,

  loadMenu: async (topMenuId) => {
    const id = topMenuId ?? get().topMenuId;
    const mine = ++generation;
    set({ topMenuId: id, status: get().menuAll.length > 0 ? 'ready' : 'loading' });
    try {
      const routes = filterMenuByRoles(
        await fetchMenuRoutes(id || undefined),
        userRoles(useSessionStore.getState().userInfo),
      );
      if (mine !== generation) return;
      // Without a top menu the answer is every menu of the user; with one, it adds to those seen so far.
      const menuAll = id ? mergeMenus(get().menuAll, routes) : routes;
      setStore('menu', routes);
      setStore('menuAll', menuAll);
      set({ menu: routes, menuAll, status: 'ready', settled: true });
      // Button permissions are fetched after the menu, and stored.
      const buttons = await fetchMenuButtons();
      if (mine !== generation) return;
      setPermission(buildPermissionSet(buttons));
    } catch (error) {
      if (mine !== generation) return;
      console.warn('[menu] the menu could not be loaded', error);
      set({ status: get().menuAll.length > 0 ? 'ready' : 'error', settled: true });
    }
  },

  loadTopMenus: async () => {
    try {
      set({ topMenus: await fetchTopMenus() });
    } catch (error) {
      console.warn('[menu] the top menu could not be loaded', error);
    }
  },

  loadFlowRoutes: async () => {
    try {
      const flowRoutes = toFlowRoutes(await fetchBizDictionary(FLOW_DICT_CODE));
      setStore('flowRoutes', flowRoutes);
      set({ flowRoutes });
    } catch (error) {
      console.warn('[menu] the flow routes could not be loaded', error);
    }
  },

  loadAll: async () => {
    const all = Promise.all([
      get().loadMenu(''),
      get().loadTopMenus(),
      get().loadFlowRoutes(),
      loadCompanyList(),
    ]).then(() => undefined);
    loadedOnce = all;
    await all;
  },

  loadAllOnce: () => {
    loadedOnce ??= get().loadAll();
    return loadedOnce;
  },

  reset: () => {
    generation++;
    loadedOnce = undefined;
    clearPermission();
    set(INITIAL);
  },

  hydrate: () => {
    const menu = getStore<MenuNode[]>('menu');
    const menuAll = getStore<MenuNode[]>('menuAll');
    const flowRoutes = getStore<FlowRoute[]>('flowRoutes');
    set({
      menu: Array.isArray(menu) ? menu : [],
      menuAll: Array.isArray(menuAll) ? menuAll : [],
      status: Array.isArray(menuAll) && menuAll.length > 0 ? 'ready' : 'idle',
      settled: false,
      flowRoutes: Array.isArray(flowRoutes) ? flowRoutes : [],
    });
    hydratePermission();
  },
}));

onSessionBoundary(() => useMenuStore.getState().reset());
