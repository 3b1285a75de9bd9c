import { BASE_FONT_PX, BREAKPOINTS } from '@cube/contract';
import { useEffect, useState } from 'react';

/**
 * Layout levels and root font scaling. Level 3 at 1200 px and wider, 2 from 992, 1 from 768, 0 below.
 * At 1200 px or less the root font size follows the width from the 16 px base (16 × width / 1200), shrinking
 * by at most a factor of two (never under 8 px); wider screens keep 16 px.
 */

export type LayoutLevel = 0 | 1 | 2 | 3;

export function layoutLevel(width: number): LayoutLevel {
  if (width >= BREAKPOINTS.lg) return 3;
  if (width >= BREAKPOINTS.md) return 2;
  if (width >= BREAKPOINTS.sm) return 1;
  return 0;
}

/** Root font size in px for a viewport `width`. */
export function rootFontSize(width: number): number {
  if (!(width > 0) || width > BREAKPOINTS.lg) return BASE_FONT_PX;
  const scale = Math.max(width / BREAKPOINTS.lg, 1 / 2);
  return Math.round(BASE_FONT_PX * scale * 100) / 100;
}

/** Small screens (level 0–1): the sidebar overlays the page and a menu click also collapses it. */
export function isSmallScreen(level: LayoutLevel): boolean {
  return level <= 1;
}

function viewportWidth(): number {
  return document.documentElement.clientWidth || window.innerWidth;
}

/** The current layout level; keeps the root font size in step with the width. */
export function useLayoutLevel(): LayoutLevel {
  const [level, setLevel] = useState<LayoutLevel>(() => layoutLevel(viewportWidth()));
  useEffect(() => {
    const apply = () => {
      const width = viewportWidth();
      document.documentElement.style.fontSize = `${rootFontSize(width)}px`;
      setLevel(layoutLevel(width));
    };
    apply();
    window.addEventListener('resize', apply);
    window.addEventListener('orientationchange', apply);
    return () => {
      window.removeEventListener('resize', apply);
      window.removeEventListener('orientationchange', apply);
      document.documentElement.style.removeProperty('font-size');
    };
  }, []);
  return level;
}
