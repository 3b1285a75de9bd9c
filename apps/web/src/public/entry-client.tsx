import type { PublicPageData } from '@cube/contract';
import { hydrateRoot } from 'react-dom/client';
import { SiteApp } from './SiteApp';

// The page data the server rendered from, passed as a non-executed JSON script (the CSP allows no inline code).
const root = document.getElementById('site-root');
const json = document.getElementById('site-data')?.textContent;
if (root && json) hydrateRoot(root, <SiteApp data={JSON.parse(json) as PublicPageData} />);
