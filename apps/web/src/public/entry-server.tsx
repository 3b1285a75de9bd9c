import type { PublicPageData } from '@cube/contract';
import { renderToString } from 'react-dom/server';
import { SiteApp } from './SiteApp';
import siteCss from './site.css?inline';

/**
 * The SSR bundle's interface (`vite build --ssr`), loaded by the server's site module: the page's HTML for its
 * data, and the stylesheet the server inlines into every page.
 */
export function render(data: PublicPageData): string {
  return renderToString(<SiteApp data={data} />);
}

export const css: string = siteCss;
