import { DICT_CACHE_PREFIX } from '@cube/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useMenuStore } from '../../../../stores/menu';

/**
 * Dictionaries are kept in browser storage by tenant and code, read before any request. After this browser
 * changes an entry, every cached dictionary is dropped (both storages, every tenant and code: they are re-read
 * once) and the selects and flow routes loaded in this tab are asked for again, so the change shows here at once.
 */
export async function forgetDictionaries(queryClient: QueryClient): Promise<void> {
  const prefix = `${DICT_CACHE_PREFIX}-`;
  for (const storage of [window.sessionStorage, window.localStorage]) {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (key): key is string => key?.startsWith(prefix) === true,
    );
    for (const key of keys) storage.removeItem(key);
  }
  await queryClient.invalidateQueries({ queryKey: ['dictionary'] });
  await useMenuStore.getState().loadFlowRoutes();
}
