import type { ThemeName } from '@cube/contract';
import type { ThemeConfig } from 'antd';
import type { CSSProperties } from 'react';

/**
 * The 11 console themes. Each one sets the colours of the sidebar, logo and header, the page
 * background and the corner radius; the primary colour comes from the colour picker (default #409EFF).
 * `PRIMARY` in a palette stands for that colour.
 */
const PRIMARY = 'primary';

interface Palette {
  /** Sidebar background (a colour or a gradient). */
  siderBg: string;
  /** Background of opened sub menus inside a dark sidebar. */
  subMenuBg: string;
  siderText: string;
  siderTextActive: string;
  /** Background of the selected item. */
  selectedBg: string;
  selectedText: string;
  logoBg: string;
  logoText: string;
  headerBg: string;
  headerText: string;
  /** Header bottom line. */
  headerBorder: string;
  layoutBg: string;
  radius: number;
  /** The sidebar menu uses antd's dark menu. */
  dark: boolean;
  /** The header is dark: its top menu uses antd's dark menu. */
  headerDark: boolean;
}

const dark = (overrides: Partial<Palette>): Palette => ({
  siderBg: '#001529',
  subMenuBg: '#000c17',
  siderText: 'rgba(255, 255, 255, 0.72)',
  siderTextActive: '#ffffff',
  selectedBg: PRIMARY,
  selectedText: '#ffffff',
  logoBg: '#002140',
  logoText: '#ffffff',
  headerBg: '#ffffff',
  headerText: 'rgba(0, 0, 0, 0.78)',
  headerBorder: '#f0f0f0',
  layoutBg: '#f0f2f5',
  radius: 6,
  dark: true,
  headerDark: false,
  ...overrides,
});

const light = (overrides: Partial<Palette>): Palette => ({
  ...dark({}),
  siderBg: '#ffffff',
  subMenuBg: '#ffffff',
  siderText: 'rgba(0, 0, 0, 0.78)',
  siderTextActive: PRIMARY,
  selectedBg: 'tint',
  selectedText: PRIMARY,
  logoBg: '#ffffff',
  logoText: 'rgba(0, 0, 0, 0.88)',
  dark: false,
  ...overrides,
});

export const THEME_PALETTES: Record<ThemeName, Palette> = {
  default: dark({ siderBg: '#20222a', subMenuBg: '#1a1c22', logoBg: '#20222a', layoutBg: '#f0f2f5' }),
  'theme-white': light({ layoutBg: '#f5f7fa', headerBorder: '#ebeef5' }),
  'theme-dark': dark({
    headerDark: true,
    siderBg: '#191a23',
    subMenuBg: '#121319',
    logoBg: '#191a23',
    headerBg: '#191a23',
    headerText: 'rgba(255, 255, 255, 0.85)',
    headerBorder: '#191a23',
    layoutBg: '#e9ebf0',
    radius: 4,
  }),
  'theme-star': dark({
    headerDark: true,
    siderBg: 'linear-gradient(180deg, #1c1f4a 0%, #3b1d60 55%, #5b2a86 100%)',
    subMenuBg: 'rgba(0, 0, 0, 0.18)',
    logoBg: 'transparent',
    selectedBg: 'rgba(255, 255, 255, 0.18)',
    headerBg: 'linear-gradient(90deg, #1c1f4a 0%, #5b2a86 100%)',
    headerText: 'rgba(255, 255, 255, 0.9)',
    headerBorder: 'transparent',
    layoutBg: '#f1eff8',
    radius: 8,
  }),
  'theme-bule': dark({}),
  'theme-iview': dark({
    siderBg: '#1c2438',
    subMenuBg: '#151b2b',
    logoBg: '#1c2438',
    selectedBg: '#0f1421',
    selectedText: PRIMARY,
    siderTextActive: '#ffffff',
    layoutBg: '#f5f7f9',
    radius: 4,
  }),
  'theme-vip': dark({
    headerDark: true,
    siderBg: '#1d1d1f',
    subMenuBg: '#141416',
    siderText: 'rgba(233, 213, 171, 0.75)',
    siderTextActive: '#f2d99b',
    selectedBg: 'linear-gradient(90deg, #caa55a, #e9cf8f)',
    selectedText: '#1d1d1f',
    logoBg: '#141416',
    logoText: '#e9cf8f',
    headerBg: '#1d1d1f',
    headerText: '#e9cf8f',
    headerBorder: '#1d1d1f',
    layoutBg: '#f6f3ee',
  }),
  'theme-cool': light({
    headerDark: true,
    headerBg: 'linear-gradient(90deg, #3a7bd5 0%, #00b4db 100%)',
    headerText: '#ffffff',
    headerBorder: 'transparent',
    logoBg: 'linear-gradient(90deg, #3a7bd5 0%, #3a86d8 100%)',
    logoText: '#ffffff',
    layoutBg: '#eef2f7',
    radius: 10,
  }),
  'theme-d2': light({
    siderBg: '#ebf1f6',
    subMenuBg: '#e3ebf2',
    siderText: '#2f3d4a',
    selectedBg: '#d5e3ef',
    logoBg: '#ebf1f6',
    logoText: '#2f3d4a',
    headerBg: '#ebf1f6',
    headerText: '#2f3d4a',
    headerBorder: '#dde6ee',
    layoutBg: '#f5f8fb',
    radius: 4,
  }),
  'theme-hey': dark({
    headerDark: true,
    siderBg: '#263040',
    subMenuBg: '#1f2835',
    selectedBg: 'rgba(255, 255, 255, 0.1)',
    selectedText: '#ffffff',
    logoBg: '#1f2835',
    headerBg: PRIMARY,
    headerText: '#ffffff',
    headerBorder: 'transparent',
    layoutBg: '#f3f5f8',
  }),
  'theme-lte': dark({
    headerDark: true,
    siderBg: '#222d32',
    subMenuBg: '#2c3b41',
    siderText: '#b8c7ce',
    selectedBg: '#1e282c',
    selectedText: '#ffffff',
    logoBg: '#367fa9',
    headerBg: '#3c8dbc',
    headerText: '#ffffff',
    headerBorder: 'transparent',
    layoutBg: '#ecf0f5',
    radius: 2,
  }),
};

/** `#RRGGBB` (or `#RGB`) with an alpha, as `rgba()`. */
export function withAlpha(hex: string, alpha: number): string {
  const value = hex.replace('#', '');
  const full =
    value.length === 3
      ? value
          .split('')
          .map((c) => c + c)
          .join('')
      : value;
  const n = Number.parseInt(full, 16);
  if (Number.isNaN(n) || full.length !== 6) return hex;
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

export interface ResolvedTheme extends Palette {
  primary: string;
}

export function resolveTheme(name: ThemeName, primary: string): ResolvedTheme {
  const palette = THEME_PALETTES[name] ?? THEME_PALETTES['theme-bule'];
  const resolve = (value: string) =>
    value === PRIMARY ? primary : value === 'tint' ? withAlpha(primary, 0.12) : value;
  const resolved = Object.fromEntries(
    Object.entries(palette).map(([key, value]) => [key, typeof value === 'string' ? resolve(value) : value]),
  ) as unknown as Palette;
  return { ...resolved, primary };
}

/** CSS variables the shell stylesheet reads. */
export function themeCssVars(theme: ResolvedTheme): CSSProperties {
  return {
    '--shell-sider-bg': theme.siderBg,
    '--shell-sider-text': theme.siderText,
    '--shell-logo-bg': theme.logoBg,
    '--shell-logo-text': theme.logoText,
    '--shell-header-bg': theme.headerBg,
    '--shell-header-text': theme.headerText,
    '--shell-header-border': theme.headerBorder,
    '--shell-layout-bg': theme.layoutBg,
    '--shell-primary': theme.primary,
    '--shell-primary-soft': withAlpha(theme.primary, 0.1),
    '--shell-selected-bg': theme.selectedBg,
    '--shell-selected-text': theme.selectedText,
  } as CSSProperties;
}

/** antd tokens of the console area: radius and page background, plus the sidebar menu's colours. */
export function shellThemeConfig(theme: ResolvedTheme): ThemeConfig {
  const solid = (value: string, fallback: string) => (value.includes('gradient') ? fallback : value);
  return {
    token: { borderRadius: theme.radius, colorBgLayout: theme.layoutBg },
    components: {
      Menu: theme.dark
        ? {
            darkItemBg: 'transparent',
            darkSubMenuItemBg: theme.subMenuBg,
            darkPopupBg: solid(theme.siderBg, '#1c1f4a'),
            darkItemColor: theme.siderText,
            darkItemHoverColor: theme.siderTextActive,
            darkItemSelectedBg: solid(theme.selectedBg, theme.primary),
            darkItemSelectedColor: theme.selectedText,
          }
        : {
            itemBg: 'transparent',
            subMenuItemBg: theme.subMenuBg,
            popupBg: solid(theme.siderBg, '#ffffff'),
            itemColor: theme.siderText,
            itemHoverColor: theme.siderTextActive,
            itemSelectedBg: solid(theme.selectedBg, withAlpha(theme.primary, 0.12)),
            itemSelectedColor: theme.selectedText,
            itemActiveBg: withAlpha(theme.primary, 0.08),
          },
    },
  };
}
