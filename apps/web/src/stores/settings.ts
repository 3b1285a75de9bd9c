import { DEFAULT_COLOR, DEFAULT_THEME, type Language, THEMES, type ThemeName } from '@cube/contract';
import { create } from 'zustand';
import { isLanguage, switchLanguage } from '../lib/i18n';
import { getStore, setStore } from '../lib/storage';

/**
 * Console look and chrome state: theme and colour (persisted under `themeName` and
 * `colorName`), sidebar collapse, full screen, the menu search overlay, and the language choice (persisted under
 * `language`).
 */

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** `#RGB` or `#RRGGBB`. */
export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value);
}

interface SettingsState {
  themeName: ThemeName;
  colorName: string;
  isCollapse: boolean;
  isFullScreen: boolean;
  /** The menu search overlay is open. */
  isSearch: boolean;
  setTheme: (theme: ThemeName) => void;
  setColor: (color: string) => void;
  setCollapse: (collapsed: boolean) => void;
  toggleCollapse: () => void;
  setFullScreen: (fullScreen: boolean) => void;
  setSearch: (open: boolean) => void;
  /** Switches the UI language and remembers it. */
  setLanguage: (language: Language) => void;
  hydrate: () => void;
}

export const useSettingsStore = create<SettingsState>()((set) => ({
  themeName: DEFAULT_THEME,
  colorName: DEFAULT_COLOR,
  isCollapse: false,
  isFullScreen: false,
  isSearch: false,

  setTheme: (themeName) => {
    setStore('themeName', themeName);
    set({ themeName });
  },
  setColor: (colorName) => {
    if (!isHexColor(colorName)) return;
    setStore('colorName', colorName);
    set({ colorName });
  },
  setCollapse: (isCollapse) => set({ isCollapse }),
  toggleCollapse: () => set((state) => ({ isCollapse: !state.isCollapse })),
  setFullScreen: (isFullScreen) => set({ isFullScreen }),
  setSearch: (isSearch) => set({ isSearch }),
  setLanguage: (language) => {
    setStore('language', language);
    void switchLanguage(language);
  },
  hydrate: () => {
    const theme = getStore<string>('themeName');
    const color = getStore<string>('colorName');
    set({
      themeName: isThemeName(theme) ? theme : DEFAULT_THEME,
      colorName: isHexColor(color) ? color : DEFAULT_COLOR,
    });
  },
}));

/** The stored language, when there is a valid one. */
export function storedLanguage(): Language | undefined {
  const language = getStore<string>('language');
  return isLanguage(language) ? language : undefined;
}
