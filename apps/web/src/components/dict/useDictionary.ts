import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type DictSource, loadDictionary } from '../../api/dictionary';
import { type DictOption, toDictOptions } from '../../lib/dictKeys';
import { useSessionStore } from '../../stores/session';

/** The signed-in tenant, the first half of a dictionary cache key. */
function useTenantId(): string {
  return useSessionStore((state) => state.tenantId ?? state.userInfo?.tenant_id ?? '');
}

export function dictionaryQueryKey(source: DictSource, tenantId: string, code: string) {
  return ['dictionary', source, tenantId, code] as const;
}

/** The items of a dictionary code: from the browser cache when present, else fetched once and cached. */
export function useDictionary(code: string, source: DictSource = 'system') {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: dictionaryQueryKey(source, tenantId, code),
    queryFn: () => loadDictionary(tenantId, code, source),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: code !== '',
  });
}

/** Select options of a dictionary code; `numeric` turns integer keys into numbers. */
export function useDictOptions(
  code: string,
  options: { source?: DictSource; numeric?: boolean } = {},
): { options: DictOption[]; loading: boolean; failed: boolean } {
  const query = useDictionary(code, options.source);
  const numeric = options.numeric ?? false;
  const items = query.data;
  const list = useMemo(() => toDictOptions(items ?? [], numeric), [items, numeric]);
  return { options: list, loading: query.isLoading, failed: query.isError };
}
