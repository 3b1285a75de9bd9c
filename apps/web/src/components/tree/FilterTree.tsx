import { SearchOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Input, Spin, Tree, type TreeDataNode } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TreeNodeData } from './TreePicker';

export interface FilterTreeProps {
  /** Query-cache key of the tree, e.g. `['dept', 'tree']`. */
  queryKey: readonly unknown[];
  /** The whole tree, or with `loadChildren` its top level. */
  load: () => Promise<TreeNodeData[]>;
  /** Lazy trees: the children of a node whose `hasChildren` is true. */
  loadChildren?: ((parentId: string) => Promise<TreeNodeData[]>) | undefined;
  /** Which properties hold the label, value and children (default `title`, `id`, `children`). */
  fieldNames?: { label?: string; value?: string; children?: string } | undefined;
  /** The chosen node's value. */
  selected: string | undefined;
  /** A node was chosen, or (choosing it again) let go. */
  onSelect: (value: string | undefined, label: string | undefined) => void;
  /** Accessible name of the tree. */
  label: string;
}

/** Keeps the nodes whose title contains `keyword` (any case) and the nodes on the way to them. */
export function filterNodes(nodes: readonly TreeDataNode[], keyword: string): TreeDataNode[] {
  const wanted = keyword.trim().toLowerCase();
  if (wanted === '') return [...nodes];
  const kept: TreeDataNode[] = [];
  for (const node of nodes) {
    const children = node.children ? filterNodes(node.children, keyword) : [];
    if (String(node.title).toLowerCase().includes(wanted) || children.length > 0)
      kept.push({ ...node, children: children.length > 0 ? children : node.children });
  }
  return kept;
}

/**
 * A tree to choose one node from, with a keyword box over it (e.g. the departments beside a user list). Choosing
 * the chosen node again lets it go. The top level opens at first; a keyword opens every match.
 */
export function FilterTree({
  queryKey,
  load,
  loadChildren,
  fieldNames,
  selected,
  onSelect,
  label,
}: FilterTreeProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const names = { label: 'title', value: 'id', children: 'children', ...fieldNames };
  const tree = useQuery({ queryKey, queryFn: load, staleTime: 60_000 });
  const [loaded, setLoaded] = useState<Record<string, TreeNodeData[]>>({});
  const [keyword, setKeyword] = useState('');

  const toNodes = (nodes: readonly TreeNodeData[], path: ReadonlySet<string>): TreeDataNode[] =>
    nodes.map((node) => {
      const key = String(node[names.value] ?? node.id ?? '');
      const own = node[names.children] as TreeNodeData[] | undefined;
      const nested = own && own.length > 0 ? own : loaded[key];
      // A node met again below itself (bad data) is not opened again.
      const children = nested && !path.has(key) ? toNodes(nested, new Set([...path, key])) : undefined;
      return {
        key,
        title: String(node[names.label] ?? ''),
        children: children && children.length > 0 ? children : undefined,
        isLeaf: loadChildren ? !(children?.length || (node.hasChildren === true && !loaded[key])) : undefined,
      };
    });

  if (tree.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('crud.loadFailed')}
        action={
          <Button size="small" onClick={() => void tree.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (!tree.data) {
    return (
      <div style={{ padding: 24, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  }
  const nodes = toNodes(tree.data, new Set());
  const shown = filterNodes(nodes, keyword);
  return (
    <>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('crud.treeKeyword')}
        aria-label={t('crud.treeKeyword')}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        style={{ marginBottom: 8 }}
      />
      {shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Tree
          // A keyword opens every match; without one the top level is open.
          key={keyword.trim() ? `keyword-${keyword.trim()}` : 'all'}
          aria-label={label}
          blockNode
          treeData={shown}
          selectedKeys={selected === undefined ? [] : [selected]}
          defaultExpandAll={keyword.trim() !== ''}
          defaultExpandedKeys={keyword.trim() ? undefined : nodes.map((node) => node.key)}
          loadData={
            loadChildren
              ? async (node) => {
                  const key = String(node.key);
                  if (loaded[key]) return;
                  const children = await queryClient.fetchQuery({
                    queryKey: [...queryKey, 'children', key],
                    queryFn: () => loadChildren(key),
                    staleTime: 60_000,
                  });
                  setLoaded((all) => ({ ...all, [key]: children }));
                }
              : undefined
          }
          onSelect={(keys, info) =>
            keys.length > 0
              ? onSelect(String(keys[0]), String(info.node.title))
              : onSelect(undefined, undefined)
          }
        />
      )}
    </>
  );
}
