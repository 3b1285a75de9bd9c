import { useQuery } from '@tanstack/react-query';
import { Alert, Modal, Spin, Tabs, Tree } from 'antd';
import type { Key } from 'react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fetchGrantTree,
  fetchRoleTreeKeys,
  grantRoles,
  type RoleRow,
  type TreeNodeData,
} from '../../../../api/authority';
import { useMessageApi } from '../../../../lib/feedback';
import { useMenuStore } from '../../../../stores/menu';

/** Ids of the nodes without children: antd derives the parents' checked and half-checked states itself. */
function leafIds(nodes: readonly TreeNodeData[], into = new Set<string>()): Set<string> {
  for (const node of nodes) {
    if (node.children?.length) leafIds(node.children, into);
    else into.add(String(node.id));
  }
  return into;
}

/** Ids of the scope rules in a scope tree: the leaves under their menu nodes (never the menus themselves). */
function ruleIds(nodes: readonly TreeNodeData[]): Set<string> {
  const into = new Set<string>();
  for (const menu of nodes) for (const rule of menu.children ?? []) into.add(String(rule.id));
  return into;
}

type TreeName = 'menu' | 'dataScope' | 'apiScope';

/**
 * 权限设置 (`role/grant`): three checkbox trees — menus and buttons, data scopes, API scopes — offering
 * exactly what the signed-in user may grant (`menu/grant-tree`), checked with what the chosen roles hold
 * (`menu/role-tree-keys`). Saving replaces all three for every chosen role; the server applies it from the next
 * request, and this browser's own menu reloads in case one of its roles changed.
 */
export function RoleGrantDialog({
  rows,
  onClose,
}: {
  rows: readonly RoleRow[] | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const open = rows !== undefined && rows.length > 0;
  const ids = useMemo(() => (rows ?? []).map((row) => row.id), [rows]);
  const trees = useQuery({
    queryKey: ['role', 'grantTree'],
    queryFn: fetchGrantTree,
    enabled: open,
    gcTime: 0,
  });
  const keys = useQuery({
    queryKey: ['role', 'treeKeys', ids],
    queryFn: () => fetchRoleTreeKeys(ids),
    enabled: open,
    gcTime: 0,
  });
  const [checked, setChecked] = useState<Record<TreeName, string[]>>({
    menu: [],
    dataScope: [],
    apiScope: [],
  });
  const [halfChecked, setHalfChecked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open || !trees.data || !keys.data) return;
    const leaves = leafIds(trees.data.menu);
    setChecked({
      menu: keys.data.menu.filter((id) => leaves.has(id)),
      dataScope: keys.data.dataScope,
      apiScope: keys.data.apiScope,
    });
    // Parents of checked leaves count as granted (the sidebar needs its branches) until the user changes the tree.
    setHalfChecked(keys.data.menu.filter((id) => !leaves.has(id)));
  }, [open, trees.data, keys.data]);

  const save = async () => {
    if (!trees.data) return;
    setSaving(true);
    try {
      const dataRules = ruleIds(trees.data.dataScope);
      const apiRules = ruleIds(trees.data.apiScope);
      await grantRoles({
        roleIds: ids,
        menuIds: [...new Set([...checked.menu, ...halfChecked])],
        dataScopeIds: checked.dataScope.filter((id) => dataRules.has(id)),
        apiScopeIds: checked.apiScope.filter((id) => apiRules.has(id)),
      });
      void message.success(t('screens.role.grantSaved'));
      void useMenuStore.getState().loadMenu();
      onClose();
    } catch {
      // The request client has shown the server's message; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  const tree = (name: TreeName) => {
    const data = trees.data?.[name] ?? [];
    if (data.length === 0) return <Alert type="info" showIcon title={t('screens.role.grantEmpty')} />;
    // Each tree scrolls under the tabs, so the tabs stay in view however long the menu tree is.
    return (
      <div style={{ maxHeight: '52vh', overflowY: 'auto' }}>
        <Tree
          checkable
          defaultExpandAll
          selectable={false}
          treeData={data as never}
          fieldNames={{ title: 'title', key: 'id', children: 'children' }}
          checkedKeys={checked[name]}
          onCheck={(value, info) => {
            const list = (Array.isArray(value) ? value : value.checked).map((key: Key) => String(key));
            setChecked((current) => ({ ...current, [name]: list }));
            if (name === 'menu') setHalfChecked((info.halfCheckedKeys ?? []).map((key) => String(key)));
          }}
        />
      </div>
    );
  };

  const loading = trees.isLoading || keys.isLoading;
  const failed = trees.isError || keys.isError;
  return (
    <Modal
      open={open}
      title={t('screens.role.grantTitle', { names: (rows ?? []).map((row) => row.roleName).join('、') })}
      width={520}
      destroyOnHidden
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('crud.save')}
      cancelText={t('crud.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: loading || failed }}
    >
      {failed ? (
        <Alert type="error" showIcon title={t('screens.role.grantLoadFailed')} />
      ) : loading ? (
        <Spin />
      ) : (
        <Tabs
          items={[
            { key: 'menu', label: t('screens.role.grantMenus'), children: tree('menu') },
            { key: 'dataScope', label: t('screens.role.grantDataScopes'), children: tree('dataScope') },
            { key: 'apiScope', label: t('screens.role.grantApiScopes'), children: tree('apiScope') },
          ]}
        />
      )}
    </Modal>
  );
}
