import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DictSource } from '../../api/dictionary';
import { type DictKey, dictLabel } from '../../lib/dictKeys';
import { useDictionary, useDictOptions } from './useDictionary';

export interface DictSelectProps extends Omit<SelectProps<DictKey | DictKey[]>, 'options' | 'loading'> {
  /** Dictionary code, e.g. `notice`. */
  code: string;
  /** `system` (`dict/dictionary`, default) or `biz` (`dict-biz/dictionary`). */
  source?: DictSource;
  /** Turn integer keys into numbers, for integer columns. */
  numeric?: boolean;
}

/** A select over the items of a dictionary code (read from the browser cache first, else fetched and cached). */
export function DictSelect({ code, source, numeric, ...props }: DictSelectProps) {
  const { t } = useTranslation();
  const { options, loading, failed } = useDictOptions(code, {
    source: source ?? 'system',
    numeric: numeric ?? false,
  });
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      {...props}
      loading={loading}
      options={options}
      status={failed ? 'warning' : props.status}
      notFoundContent={failed ? t('crud.dict.loadFailed') : undefined}
    />
  );
}

/** The label of a dictionary value, or the value itself while loading or when it is no key. */
export function DictText({ code, source, value }: { code: string; source?: DictSource; value: unknown }) {
  const { t } = useTranslation();
  const { data } = useDictionary(code, source);
  if (value === null || value === undefined || value === '') return <>{t('common.empty')}</>;
  return <>{dictLabel(data, value) ?? String(value)}</>;
}
