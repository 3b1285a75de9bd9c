import { DEFAULT_PAGE_SIZE } from '@cube/contract';
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { CrudApi, CrudTreeSource, TreeRow } from '../../api/crud';

export type Filters = Record<string, string | number>;

/** The rows a CRUD table shows, however the binding lists them. */
export interface CrudRows<T> {
  rows: T[];
  /** Paged lists: the number of rows on all pages. */
  total: number;
  paged: boolean;
  isFetching: boolean;
  isError: boolean;
  /** Loads everything shown again (in a lazy tree, every expanded level). */
  refetch: () => Promise<void>;
  /** Tree tables: the expanded rows. */
  expandedKeys: string[];
  onExpand: (expanded: boolean, id: string) => void;
  /** Tree tables: show these rows' children (e.g. a parent that was just given a child). */
  expand: (ids: readonly string[]) => void;
  /** Paged lists: the page and its size. */
  page: { current: number; size: number };
  setPage: (current: number, size: number) => void;
}

/**
 * Lists a resource for `CrudPage`: page by page (`list`), as a whole tree (`tree.load`), or level by level
 * (`tree.lazy`, children loaded when a row is expanded and loaded again with everything else).
 */
export function useCrudRows<T extends { id: string }>(
  resource: string,
  api: CrudApi<T>,
  filters: Filters,
): CrudRows<T> {
  const queryClient = useQueryClient();
  const source = api.tree;
  const paged = source === undefined;
  const lazy = source?.lazy === true;

  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState<number>(DEFAULT_PAGE_SIZE);
  // Expanded rows belong to one search: another search's rows are other rows, and start folded.
  const filterKey = JSON.stringify(filters);
  const [expansion, setExpansion] = useState<{ filterKey: string; keys: string[] }>({ filterKey, keys: [] });
  // (Set while rendering, so that no level of the old search is asked for with the new filters.)
  if (expansion.filterKey !== filterKey) setExpansion({ filterKey, keys: [] });
  const expandedKeys = expansion.filterKey === filterKey ? expansion.keys : [];
  const setExpandedKeys = (update: (keys: string[]) => string[]) =>
    setExpansion((current) => ({
      filterKey,
      keys: update(current.filterKey === filterKey ? current.keys : []),
    }));

  const list = useQuery({
    queryKey: [resource, 'list', { current, size, ...filters }],
    queryFn: () => api.list!({ current, size, ...filters }),
    placeholderData: keepPreviousData,
    enabled: paged,
  });

  const whole = useQuery({
    queryKey: [resource, 'tree', filters],
    queryFn: () => (source as Extract<CrudTreeSource<T>, { lazy?: false }>).load(filters),
    placeholderData: keepPreviousData,
    enabled: source !== undefined && !lazy,
  });

  // The top level (null) and each expanded row's children. A search asks for the top level without a parent.
  const parents: (string | null)[] = lazy ? [null, ...expandedKeys] : [];
  const searching = Object.keys(filters).length > 0;
  const levels = useQueries({
    queries: parents.map((parent) => ({
      queryKey: [resource, 'lazy', filters, parent],
      queryFn: () => {
        const lazySource = source as Extract<CrudTreeSource<T>, { lazy: true }>;
        const parentId = parent ?? (searching ? undefined : (lazySource.rootId ?? '0'));
        return lazySource.load(parentId, filters);
      },
      placeholderData: parent === null ? keepPreviousData : undefined,
    })),
  });

  // In a whole tree, a search's answer opens fully, so that every match is in view.
  const openedFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (lazy || paged || !searching || !whole.data || whole.isPlaceholderData) return;
    if (openedFor.current === filterKey) return;
    openedFor.current = filterKey;
    setExpansion({ filterKey, keys: parentIds(whole.data as unknown as TreeRow[]) });
  }, [lazy, paged, searching, whole.data, whole.isPlaceholderData, filterKey]);
  if (!searching) openedFor.current = undefined;

  let rows: T[];
  if (paged) rows = list.data?.records ?? [];
  else if (!lazy) rows = tidyTree((whole.data ?? []) as unknown as TreeRow[]) as unknown as T[];
  else {
    const childrenOf = new Map<string, TreeRow[]>();
    expandedKeys.forEach((id, index) => {
      const data = levels[index + 1]?.data;
      if (data) childrenOf.set(id, data as unknown as TreeRow[]);
    });
    rows = graftLevels((levels[0]?.data ?? []) as unknown as TreeRow[], childrenOf) as unknown as T[];
  }

  // Forget expanded rows that are no longer shown (deleted, or under a folded row), once everything has loaded.
  const lazyFetching = levels.some((level) => level.isFetching);
  useEffect(() => {
    if (!lazy || lazyFetching) return;
    const shown = new Set<string>();
    const walk = (nodes: readonly TreeRow[]) => {
      for (const node of nodes) {
        if (!node.children) continue;
        shown.add(node.id);
        if (expandedKeys.includes(node.id)) walk(node.children);
      }
    };
    walk(rows as unknown as TreeRow[]);
    if (expandedKeys.some((id) => !shown.has(id)))
      setExpansion((current) =>
        current.filterKey === filterKey
          ? { filterKey, keys: current.keys.filter((id) => shown.has(id)) }
          : current,
      );
  }, [lazy, lazyFetching, rows, expandedKeys, filterKey]);

  // After deleting the last rows of the last page, show the page that now is the last one.
  useEffect(() => {
    if (
      paged &&
      !list.isPlaceholderData &&
      list.data &&
      list.data.records.length === 0 &&
      list.data.total > 0 &&
      current > 1
    ) {
      setCurrent(Math.max(1, Math.ceil(list.data.total / size)));
    }
  }, [paged, list.data, list.isPlaceholderData, current, size]);

  return {
    rows,
    total: list.data?.total ?? 0,
    paged,
    isFetching: paged ? list.isFetching : lazy ? lazyFetching : whole.isFetching,
    isError: paged ? list.isError : lazy ? levels.some((level) => level.isError) : whole.isError,
    refetch: () => queryClient.invalidateQueries({ queryKey: [resource] }),
    expandedKeys,
    onExpand: (expanded, id) =>
      setExpandedKeys((keys) =>
        expanded ? (keys.includes(id) ? keys : [...keys, id]) : keys.filter((key) => key !== id),
      ),
    expand: (ids) => setExpandedKeys((keys) => [...keys, ...ids.filter((id) => !keys.includes(id))]),
    page: { current, size },
    setPage: (page, pageSize) => {
      if (pageSize !== size) {
        setSize(pageSize);
        setCurrent(1);
      } else {
        setCurrent(page);
      }
    },
  };
}

/** The rows of a tree that have children. */
function parentIds(nodes: readonly TreeRow[]): string[] {
  return nodes.flatMap((node) =>
    node.children && node.children.length > 0 ? [node.id, ...parentIds(node.children)] : [],
  );
}

/** A whole tree as the table takes it: an empty `children` would draw an expand button that opens nothing. */
export function tidyTree(nodes: readonly TreeRow[]): TreeRow[] {
  return nodes.map((node) => {
    const { children, ...rest } = node;
    return children && children.length > 0 ? { ...rest, children: tidyTree(children) } : rest;
  });
}

/**
 * A lazy tree as the table takes it: the loaded children under their rows, and an empty `children` under a row
 * that has children not loaded yet (the table then draws its expand button).
 */
export function graftLevels(
  top: readonly TreeRow[],
  childrenOf: ReadonlyMap<string, readonly TreeRow[]>,
  ancestors: ReadonlySet<string> = new Set(),
): TreeRow[] {
  return top.map((node) => {
    const { children: _ignored, ...rest } = node;
    const loaded = childrenOf.get(node.id);
    // A row that is its own ancestor (bad data) is not opened again.
    if (loaded && loaded.length > 0 && !ancestors.has(node.id))
      return { ...rest, children: graftLevels(loaded, childrenOf, new Set([...ancestors, node.id])) };
    if (node.hasChildren && !loaded) return { ...rest, children: [] };
    return rest;
  });
}
