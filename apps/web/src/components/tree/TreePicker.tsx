import { useQuery } from '@tanstack/react-query';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { useTranslation } from 'react-i18next';

/** A node as the tree endpoints answer it (`{id, parentId, title, key, value, children}`). */
export interface TreeNodeData {
  id?: string;
  parentId?: string;
  title?: string;
  key?: string;
  value?: string | number;
  children?: TreeNodeData[];
  [field: string]: unknown;
}

export interface TreePickerProps
  extends Omit<TreeSelectProps<string | string[]>, 'treeData' | 'loading' | 'fieldNames'> {
  /** Query-cache key of the tree, e.g. `['dept', 'tree']`. */
  queryKey: readonly unknown[];
  /** Loads the tree (e.g. `GET dept/tree`). */
  load: () => Promise<TreeNodeData[]>;
  /** Which properties hold the label, value and children (default `title`, `id`, `children`). */
  fieldNames?: { label?: string; value?: string; children?: string };
}

/** A tree select over a tree endpoint; several choices when `multiple` (shown as checkboxes). */
export function TreePicker({ queryKey, load, fieldNames, multiple, ...props }: TreePickerProps) {
  const { t } = useTranslation();
  const tree = useQuery({ queryKey, queryFn: load, staleTime: 60_000 });
  const names = { label: 'title', value: 'id', children: 'children', ...fieldNames };
  return (
    <TreeSelect
      allowClear
      showSearch
      treeNodeFilterProp={names.label}
      multiple={multiple}
      treeCheckable={multiple}
      showCheckedStrategy={TreeSelect.SHOW_ALL}
      styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
      {...props}
      loading={tree.isLoading}
      treeData={tree.data ?? []}
      fieldNames={names}
      notFoundContent={tree.isError ? t('crud.loadFailed') : undefined}
    />
  );
}
