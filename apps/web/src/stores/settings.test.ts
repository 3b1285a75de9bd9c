import { DEFAULT_COLOR, DEFAULT_THEME } from '@cube/contract';
import { describe, expect, it } from 'vitest';
import { getStore } from '../lib/storage';
import { useSettingsStore } from './settings';

describe('settings', () => {
  it('persists the theme and the colour, and ignores invalid stored values', () => {
    const store = useSettingsStore.getState();
    expect(store.themeName).toBe(DEFAULT_THEME);
    expect(store.colorName).toBe(DEFAULT_COLOR);
    store.setTheme('theme-dark');
    store.setColor('#6959CD');
    store.setColor('red');
    expect(getStore('themeName')).toBe('theme-dark');
    expect(getStore('colorName')).toBe('#6959CD');
    useSettingsStore.setState({ themeName: DEFAULT_THEME, colorName: DEFAULT_COLOR });
    useSettingsStore.getState().hydrate();
    expect(useSettingsStore.getState().themeName).toBe('theme-dark');
    expect(useSettingsStore.getState().colorName).toBe('#6959CD');
    window.localStorage.clear();
    useSettingsStore.getState().hydrate();
    expect(useSettingsStore.getState().themeName).toBe(DEFAULT_THEME);
  });
});
