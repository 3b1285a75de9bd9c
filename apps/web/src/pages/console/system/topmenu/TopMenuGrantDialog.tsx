import type { TopMenuRecord } from '@cube/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Modal, Spin, Tree } from 'antd';
import type { Key } from 'react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fetchGrantTopTree,
  fetchTopTreeKeys,
  grantTopMenus,
  type TreeNodeData,
} from '../../../../api/menuAdmin';
import { useMessageApi } from '../../../../lib/feedback';
import { useMenuStore } from '../../../../stores/menu';

/** Ids of the nodes that have no children: antd derives the parents' checked and half-checked states itself. */
function leafIds(nodes: readonly TreeNodeData[], into = new Set<string>()): Set<string> {
  for (const node of nodes) {
    if (node.children?.length) leafIds(node.children, into);
    else into.add(String(node.id));
  }
  return into;
}

/**
 * 菜单配置 (`topmenu/grant`): the pages the caller may hand on, as a checkbox tree; saving replaces the
 * pages of every chosen top menu with the checked ones (parents included, so the sidebar keeps its branches).
 * The header and the sidebar of this browser reload at once.
 */
export function TopMenuGrantDialog({
  rows,
  onClose,
}: {
  rows: readonly TopMenuRecord[] | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const open = rows !== undefined && rows.length > 0;
  const ids = useMemo(() => (rows ?? []).map((row) => row.id), [rows]);
  const tree = useQuery({ queryKey: ['topmenu', 'grantTree'], queryFn: fetchGrantTopTree, enabled: open });
  const keys = useQuery({
    queryKey: ['topmenu', 'treeKeys', ids],
    queryFn: () => fetchTopTreeKeys(ids),
    enabled: open,
    gcTime: 0,
  });
  const [checked, setChecked] = useState<string[]>([]);
  const [halfChecked, setHalfChecked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open || !tree.data || !keys.data) return;
    const leaves = leafIds(tree.data);
    setChecked(keys.data.filter((id) => leaves.has(id)));
    setHalfChecked([]);
  }, [open, tree.data, keys.data]);

  const save = async () => {
    setSaving(true);
    try {
      await grantTopMenus(ids, [...new Set([...checked, ...halfChecked])]);
      void message.success(t('screens.topmenu.settingSaved'));
      const menu = useMenuStore.getState();
      void menu.loadTopMenus();
      void menu.loadMenu();
      onClose();
    } catch {
      // The request client has shown the server's message; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  const loading = tree.isLoading || keys.isLoading;
  const failed = tree.isError || keys.isError;
  return (
    <Modal
      open={open}
      title={t('screens.topmenu.settingTitle', { names: (rows ?? []).map((row) => row.name).join('、') })}
      width={420}
      destroyOnHidden
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('crud.save')}
      cancelText={t('crud.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: loading || failed }}
      styles={{ body: { maxHeight: '60vh', overflowY: 'auto' } }}
    >
      {failed ? (
        <Alert type="error" showIcon title={t('screens.topmenu.settingLoadFailed')} />
      ) : loading ? (
        <Spin />
      ) : (
        <Tree
          checkable
          defaultExpandAll
          selectable={false}
          treeData={tree.data as never}
          fieldNames={{ title: 'title', key: 'id', children: 'children' }}
          checkedKeys={checked}
          onCheck={(value, info) => {
            const list = Array.isArray(value) ? value : value.checked;
            setChecked(list.map((key: Key) => String(key)));
            setHalfChecked((info.halfCheckedKeys ?? []).map((key) => String(key)));
          }}
        />
      )}
    </Modal>
  );
}
