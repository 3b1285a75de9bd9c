import { DEFAULT_COLOR, THEMES } from '@cube/contract';
import { describe, expect, it } from 'vitest';
import { resolveTheme, shellThemeConfig, withAlpha } from './themes';

describe('themes', () => {
  it('has the 11 themes, each with its own sidebar or header look', () => {
    expect(THEMES).toHaveLength(11);
    const looks = THEMES.map((name) => {
      const theme = resolveTheme(name, DEFAULT_COLOR);
      return `${theme.siderBg}|${theme.headerBg}|${theme.logoBg}|${theme.selectedBg}`;
    });
    expect(new Set(looks).size).toBe(THEMES.length);
  });

  it('uses the chosen colour as primary, selected item and antd token source', () => {
    const theme = resolveTheme('theme-hey', '#11A983');
    expect(theme.primary).toBe('#11A983');
    expect(theme.headerBg).toBe('#11A983');
    expect(resolveTheme('theme-white', '#11A983').selectedBg).toBe(withAlpha('#11A983', 0.12));
    expect(shellThemeConfig(resolveTheme('theme-lte', DEFAULT_COLOR)).token?.borderRadius).toBe(2);
  });

  it('turns hex colours into rgba', () => {
    expect(withAlpha('#409EFF', 0.5)).toBe('rgba(64, 158, 255, 0.5)');
    expect(withAlpha('#fff', 1)).toBe('rgba(255, 255, 255, 1)');
    expect(withAlpha('nope', 1)).toBe('nope');
  });
});
