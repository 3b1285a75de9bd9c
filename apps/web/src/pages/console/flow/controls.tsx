import {
  dictKeyOfCategory,
  FLOW_BUILTINS,
  FLOW_DICT_CODE,
  flowCategoryOf,
  PLATFORM_TENANT_ID,
} from '@cube/contract';
import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../../components/crud';
import { useDictionary } from '../../../components/dict/useDictionary';
import { useSessionStore } from '../../../stores/session';

/** Options whose labels are the translation keys `<prefix>.<code>` (the CrudPage's select fields take keys). */
export function codeOptions(codes: readonly (string | number)[], prefix: string) {
  return codes.map((code) => ({ value: code, label: `${prefix}.${code}` as MessageKey }));
}

/**
 * The process types a definition can be filed under: the `flow` business dictionary as `flow_<dictKey>`,
 * or the three built-in categories while the dictionary is empty or loading.
 */
export function useFlowCategories(): { value: string; label: string }[] {
  const { data } = useDictionary(FLOW_DICT_CODE, 'biz');
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    if (data && data.length > 0)
      return data.map((item) => ({ value: flowCategoryOf(item.dictKey), label: item.dictValue }));
    // The built-in names are translated like the patent-flow routes (`flow.flow_<n>`).
    return FLOW_BUILTINS.map((builtin) => {
      const key = `flow.${builtin.category}`;
      return { value: builtin.category, label: i18n.exists(key) ? t(key as never) : builtin.name };
    });
  }, [data, t, i18n]);
}

/** A select of process types (values `flow_<dictKey>`). */
export function CategorySelect(props: Omit<SelectProps<string>, 'options'>) {
  const options = useFlowCategories();
  return <Select allowClear showSearch={{ optionFilterProp: 'label' }} {...props} options={options} />;
}

/** The name of a `flow_<dictKey>` category, or the category itself when the dictionary has no such key. */
export function CategoryText({ value }: { value: string }) {
  const options = useFlowCategories();
  if (!value) return <>-</>;
  return <>{options.find((option) => option.value === value)?.label ?? value}</>;
}

/**
 * The list filter `category` of the CRUD kit's search form holds a dictionary key (a `dict` field); the flow
 * endpoints filter by the whole `flow_<key>` category.
 */
export function categoryFilter(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  return dictKeyOfCategory(value) ? value : flowCategoryOf(value);
}

/** Whether the signed-in user belongs to the platform tenant (common definitions are theirs to deploy). */
export function useIsPlatform(): boolean {
  return useSessionStore((state) => (state.tenantId ?? state.userInfo?.tenant_id) === PLATFORM_TENANT_ID);
}
