import type { RuntimeConfig, SiteInfo } from '@cube/contract';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { type Branding, brandingOf } from '../lib/branding';

interface SiteState {
  /** The boot call's answer; set before the app mounts. */
  info: SiteInfo | undefined;
  setInfo: (info: SiteInfo) => void;
}

export const useSiteStore = create<SiteState>()((set) => ({
  info: undefined,
  setInfo: (info) => set({ info }),
}));

export function getRuntimeConfig(): RuntimeConfig | undefined {
  return useSiteStore.getState().info?.config;
}

/** The runtime configuration; only valid below the boot gate, which guarantees the site info. */
export function useRuntimeConfig(): RuntimeConfig {
  const config = useSiteStore((state) => state.info?.config);
  if (!config) throw new Error('Site information is not loaded yet');
  return config;
}

/** Titles, logo and background of the site, falling back to the product name of the current language. */
export function useBranding(): Branding {
  const info = useSiteStore((state) => state.info);
  const { t } = useTranslation();
  return brandingOf(info, t('app.name'));
}
