/**
 * The keep-alive cache of the console content area: the pages of visited tabs stay mounted (hidden) so that
 * their state survives tab switches. Pure, so that the
 * rules can be tested apart from React.
 */
export interface KeepAliveEntry<T> {
  key: string;
  value: T;
  /** The page may stay mounted once it is left. */
  cacheable: boolean;
}

export interface KeepAliveInput<T> {
  /** Key (pathname) of the page being shown. */
  activeKey: string;
  /** Its latest element. */
  activeValue: T;
  /** The active page may be kept once left. */
  cacheable: boolean;
  /** Keys allowed to stay cached (the open tabs); the active key always stays. */
  keep: ReadonlySet<string>;
  /** At most this many pages are kept; the least recently shown go first. */
  max?: number;
}

export const KEEP_ALIVE_MAX = 20;

/**
 * The next cache: the active page is (re)placed last — the most recently shown — and every entry whose key is
 * no longer kept (a closed tab, a non-cacheable page that was left) is dropped. Entry order is otherwise stable,
 * so React keeps each page's state.
 */
export function nextKeepAlive<T>(
  entries: readonly KeepAliveEntry<T>[],
  input: KeepAliveInput<T>,
): KeepAliveEntry<T>[] {
  const max = input.max ?? KEEP_ALIVE_MAX;
  const result = entries.filter(
    (entry) => entry.key !== input.activeKey && entry.cacheable && input.keep.has(entry.key),
  );
  const active = { key: input.activeKey, value: input.activeValue, cacheable: input.cacheable };
  const existing = entries.findIndex((entry) => entry.key === input.activeKey);
  // Keep the active page where it was so that switching tabs never re-orders (and re-mounts) anything.
  const ordered =
    existing === -1
      ? [...result, active]
      : insertAt(result, active, positionAmong(entries, existing, result));
  while (ordered.length > max) {
    const index = ordered.findIndex((entry) => entry.key !== input.activeKey);
    if (index === -1) break;
    ordered.splice(index, 1);
  }
  return ordered;
}

function positionAmong<T>(
  entries: readonly KeepAliveEntry<T>[],
  index: number,
  remaining: readonly KeepAliveEntry<T>[],
): number {
  const before = new Set(entries.slice(0, index).map((entry) => entry.key));
  return remaining.filter((entry) => before.has(entry.key)).length;
}

function insertAt<T>(list: readonly KeepAliveEntry<T>[], item: KeepAliveEntry<T>, index: number) {
  return [...list.slice(0, index), item, ...list.slice(index)];
}
