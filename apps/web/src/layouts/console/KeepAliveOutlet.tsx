import { Activity, type ReactNode, useRef } from 'react';
import {
  type Location,
  UNSAFE_LocationContext,
  useLocation,
  useNavigationType,
  useOutlet,
} from 'react-router';
import { PageErrorBoundary } from '../../components/shell/PageErrorBoundary';
import { type KeepAliveEntry, nextKeepAlive } from './keepAlive';

interface CachedPage {
  element: ReactNode;
  /** The location the page last saw; a hidden page keeps seeing its own address, not the active one. */
  location: Location;
}

interface KeepAliveOutletProps {
  /** Keys (pathnames) that may stay cached: the open tabs. */
  keep: ReadonlySet<string>;
  /** The active page may be kept alive once left. */
  cacheable: boolean;
  className?: string;
}

/**
 * An outlet that keeps the pages of open tabs mounted: the active one visible, the others hidden with React's
 * `<Activity>` (state kept, effects paused). Each page reads its own frozen location, so a hidden page does not
 * re-render against another tab's address.
 */
export function KeepAliveOutlet({ keep, cacheable, className }: KeepAliveOutletProps) {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const cache = useRef<KeepAliveEntry<CachedPage>[]>([]);

  cache.current = nextKeepAlive(cache.current, {
    activeKey: location.pathname,
    activeValue: { element: outlet, location },
    cacheable,
    keep,
  });

  return cache.current.map(({ key, value }) => (
    <Activity key={key} mode={key === location.pathname ? 'visible' : 'hidden'}>
      <UNSAFE_LocationContext.Provider value={{ location: value.location, navigationType }}>
        <div className={className} data-page-key={key}>
          <PageErrorBoundary>{value.element}</PageErrorBoundary>
        </div>
      </UNSAFE_LocationContext.Provider>
    </Activity>
  ));
}
