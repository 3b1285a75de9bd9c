import { Cascader } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RegionRow, regionChildren } from '../../api/region';

export interface RegionOption {
  value: string;
  label: string;
  isLeaf: boolean;
  loading?: boolean;
  children?: RegionOption[];
}

export interface RegionCascaderProps {
  /** The chosen codes from the province down (`['33', '3301', '330106']`), or the same comma-joined. */
  value?: unknown;
  /** Called with the codes in the shape the value came in (an array unless a comma-joined text was given). */
  onChange?: (value: unknown) => void;
  /** How deep one may choose: 1 province, 2 city, 3 county (default), up to 5. */
  depth?: number;
  /** Accept a choice at any level, not only the last (antd `changeOnSelect`). */
  changeOnSelect?: boolean;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
}

const toCodes = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === 'string' && value ? value.split(',') : [];

const optionOf = (row: RegionRow, level: number, depth: number): RegionOption => ({
  value: row.code,
  label: row.name,
  isLeaf: !row.hasChildren || level >= depth,
});

/**
 * A cascading region picker for forms: provinces first, each level loaded from `region/select?code=` when it is
 * opened. A value that is already set (an edit form) has its path loaded level by level so its names show.
 * Works as a CrudPage field control (`control: RegionCascader`) or in any antd form.
 */
export function RegionCascader({
  value,
  onChange,
  depth = 3,
  changeOnSelect,
  disabled,
  placeholder,
  id,
}: RegionCascaderProps) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<RegionOption[]>([]);
  const current = useRef<RegionOption[]>([]);
  current.current = options;
  const codes = toCodes(value);
  const pathKey = codes.join(',');

  useEffect(() => {
    const path = pathKey ? pathKey.split(',') : [];
    // Nothing to load when the levels of the value are already here (a choice made in this picker).
    let level: RegionOption[] | undefined = current.current;
    for (const code of path.slice(0, -1)) level = level?.find((o) => o.value === code)?.children;
    if (current.current.length > 0 && (path.length <= 1 || level !== undefined)) return undefined;
    let cancelled = false;
    const load = async () => {
      const top = (await regionChildren()).map((r) => optionOf(r, 1, depth));
      let nodes = top;
      for (let i = 0; i < path.length - 1 && i + 1 < depth; i++) {
        const parent = nodes.find((o) => o.value === path[i]);
        if (!parent || parent.isLeaf) break;
        parent.children = (await regionChildren(parent.value)).map((r) => optionOf(r, i + 2, depth));
        nodes = parent.children;
      }
      if (!cancelled) setOptions(top);
    };
    load().catch((error: unknown) => console.error('[region] load failed', error));
    return () => {
      cancelled = true;
    };
  }, [pathKey, depth]);

  const loadData = async (selected: RegionOption[]) => {
    const target = selected[selected.length - 1];
    if (!target || target.children) return;
    target.loading = true;
    setOptions((current) => [...current]);
    try {
      target.children = (await regionChildren(target.value)).map((r) =>
        optionOf(r, selected.length + 1, depth),
      );
      if (target.children.length === 0) target.isLeaf = true;
    } finally {
      target.loading = false;
      setOptions((current) => [...current]);
    }
  };

  return (
    <Cascader
      id={id}
      options={options}
      loadData={(selected) => void loadData(selected as RegionOption[])}
      value={codes}
      disabled={disabled}
      changeOnSelect={changeOnSelect}
      placeholder={placeholder ?? t('screens.region.pickerPlaceholder')}
      onChange={(next) => {
        const chosen = ((next ?? []) as Array<string | number>).map(String);
        onChange?.(typeof value === 'string' ? chosen.join(',') : chosen);
      }}
      allowClear
      style={{ width: '100%' }}
    />
  );
}
