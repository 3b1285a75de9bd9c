import { HOME_PATH } from '@cube/contract';
import { create } from 'zustand';
import { getStore, setStore } from '../lib/storage';
import { onSessionBoundary } from './session';

/**
 * The tab strip of the console. Visited pages become tabs; the list and the
 * current tab persist under the `tagList` / `tag` storage keys. The rules are plain functions so that they can
 * be tested without React; the store only applies them.
 */

export interface Tab {
  /** The page address (pathname); identifies the tab. */
  value: string;
  /** Label as known when the tab opened (a menu name, or the text of `labelKey`). */
  label: string;
  /** i18n key of the label, so that a language switch relabels the tab. */
  labelKey?: string | undefined;
  /** The query string (with `?`) the page was opened with, restored when the tab is clicked. */
  search?: string | undefined;
}

export const HOME_TAB: Tab = { value: HOME_PATH, label: '首页', labelKey: 'route.welcome' };

export function isHomeTab(tab: Pick<Tab, 'value'>): boolean {
  return tab.value === HOME_PATH;
}

/** A page becomes a tab unless its route opts out or its address or name is empty. */
export function shouldOpenTab(tab: Partial<Tab> | undefined, optOut = false): tab is Tab {
  return !optOut && Boolean(tab?.value?.trim()) && Boolean(tab?.label?.trim());
}

/** The list with the home tab first (it is always there), without duplicates. */
export function normalizeTabs(tabs: readonly Tab[] | undefined): Tab[] {
  const seen = new Set<string>();
  const result: Tab[] = [];
  for (const tab of [HOME_TAB, ...(tabs ?? []).filter((item) => !isHomeTab(item))]) {
    if (!tab || typeof tab.value !== 'string' || seen.has(tab.value)) continue;
    seen.add(tab.value);
    result.push(tab);
  }
  return result;
}

/** Adds a tab at the end, or refreshes the label and query of the tab already open for that address. */
export function addTab(tabs: readonly Tab[], tab: Tab): Tab[] {
  const index = tabs.findIndex((item) => item.value === tab.value);
  if (index === -1) return [...tabs, tab];
  const current = tabs[index]!;
  if (current.label === tab.label && current.labelKey === tab.labelKey && current.search === tab.search) {
    return [...tabs];
  }
  return tabs.map((item, i) => (i === index ? { ...item, ...tab } : item));
}

/**
 * With one tab open it cannot be closed; otherwise every tab but the home tab can (first-page mode,
 * which would make the home tab closable, is off).
 */
export function isTabClosable(tabs: readonly Tab[], tab: Pick<Tab, 'value'>): boolean {
  return tabs.length > 1 && !isHomeTab(tab);
}

export interface CloseResult {
  tabs: Tab[];
  /** The tab to show next when the active one was closed; `undefined` when the active tab stays. */
  next: Tab | undefined;
}

/**
 * Closes one tab. Closing the active tab moves to the previous tab, or to the (new) first one when the first
 * was closed. A tab that may not be closed leaves the list as it is.
 */
export function closeTab(tabs: readonly Tab[], value: string, activeValue: string): CloseResult {
  const index = tabs.findIndex((item) => item.value === value);
  if (index === -1 || !isTabClosable(tabs, tabs[index]!)) return { tabs: [...tabs], next: undefined };
  const rest = tabs.filter((_, i) => i !== index);
  if (value !== activeValue) return { tabs: rest, next: undefined };
  return { tabs: rest, next: index === 0 ? rest[0] : rest[index - 1] };
}

/** Keeps the home tab and the given one. */
export function closeOtherTabs(tabs: readonly Tab[], value: string): Tab[] {
  return normalizeTabs(tabs.filter((item) => item.value === value));
}

/** Close all: only the home tab remains (the way then leads to /wel/index). */
export function closeAllTabs(): Tab[] {
  return [HOME_TAB];
}

/** The address a tab opens. */
export function tabHref(tab: Pick<Tab, 'value' | 'search'>): string {
  return `${tab.value}${tab.search ?? ''}`;
}

interface TabsState {
  tabs: Tab[];
  /** Address of the current tab. */
  active: string;
  /** Opens (or refreshes) the tab of the page being shown and makes it current. */
  open: (tab: Tab) => void;
  /** Closes a tab; answers the tab to navigate to when the current one closed. */
  close: (value: string) => Tab | undefined;
  closeOthers: (value: string) => void;
  closeAll: () => void;
  /** Back to the home tab alone (login, logout). */
  reset: () => void;
  /** Re-reads the stored tabs (after boot set the storage prefix). */
  hydrate: () => void;
}

function persist(tabs: Tab[], active: string): void {
  setStore('tagList', tabs);
  setStore('tag', tabs.find((tab) => tab.value === active) ?? HOME_TAB);
}

function readStored(): Pick<TabsState, 'tabs' | 'active'> {
  const tabs = normalizeTabs(getStore<Tab[]>('tagList'));
  const current = getStore<Tab>('tag');
  const active = current && tabs.some((tab) => tab.value === current.value) ? current.value : HOME_TAB.value;
  return { tabs, active };
}

export const useTabsStore = create<TabsState>()((set, get) => ({
  tabs: [HOME_TAB],
  active: HOME_TAB.value,

  open: (tab) => {
    const tabs = addTab(get().tabs, tab);
    persist(tabs, tab.value);
    set({ tabs, active: tab.value });
  },

  close: (value) => {
    const { tabs: current, active } = get();
    const { tabs, next } = closeTab(current, value, active);
    const nextActive = next?.value ?? active;
    persist(tabs, nextActive);
    set({ tabs, active: nextActive });
    return next;
  },

  closeOthers: (value) => {
    const tabs = closeOtherTabs(get().tabs, value);
    persist(tabs, value);
    set({ tabs, active: value });
  },

  closeAll: () => {
    const tabs = closeAllTabs();
    persist(tabs, HOME_TAB.value);
    set({ tabs, active: HOME_TAB.value });
  },

  reset: () => set({ tabs: [HOME_TAB], active: HOME_TAB.value }),

  hydrate: () => set(readStored()),
}));

onSessionBoundary(() => useTabsStore.getState().reset());
