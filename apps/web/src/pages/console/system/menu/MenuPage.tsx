import { MenuCategory, MenuOpen, menuEntity } from '@cube/contract';
import { Tag } from 'antd';
import { fetchMenuTree, type MenuRow, menuAdminApi } from '../../../../api/menuAdmin';
import { CrudPage, entityFields, entityPermissions } from '../../../../components/crud';
import { IconPicker } from '../../../../components/icon/IconPicker';
import { MenuIcon } from '../../../../components/shell/MenuIcon';
import { i18n } from '../../../../lib/i18n';
import { useMenuStore } from '../../../../stores/menu';

/**
 * 菜单管理: the platform's menu tree, loaded level by level (`menu/lazy-list`), buttons as the
 * children of their page. Labels, validation and button codes come from the contract's `menuEntity`; a save
 * reloads this browser's sidebar, and other sessions read the change on their next menu load.
 */
const fields = entityFields(menuEntity, [
  { name: 'name', search: true, table: { width: 220 } },
  {
    name: 'source',
    control: IconPicker,
    table: {
      width: 80,
      render: (value) => (value ? <MenuIcon source={String(value)} /> : null),
    },
  },
  { name: 'code', search: true, table: { width: 160 } },
  { name: 'alias', search: true, table: { width: 100 } },
  { name: 'path', table: { ellipsis: true } },
  {
    name: 'parentId',
    type: 'tree',
    table: false,
    tree: { queryKey: ['menu', 'tree'], load: fetchMenuTree },
  },
  {
    name: 'category',
    type: 'select',
    initialValue: MenuCategory.menu,
    options: [
      { label: 'screens.menu.categoryMenu', value: MenuCategory.menu },
      { label: 'screens.menu.categoryButton', value: MenuCategory.button },
    ],
    table: {
      width: 90,
      render: (value) =>
        Number(value) === MenuCategory.button ? (
          <Tag color="orange">{i18n.t('screens.menu.categoryButton')}</Tag>
        ) : (
          <Tag color="blue">{i18n.t('screens.menu.categoryMenu')}</Tag>
        ),
    },
  },
  {
    name: 'action',
    type: 'select',
    initialValue: 0,
    table: false,
    options: [
      { label: 'screens.menu.actionNone', value: 0 },
      { label: 'screens.menu.actionToolbar', value: 1 },
      { label: 'screens.menu.actionRow', value: 2 },
      { label: 'screens.menu.actionBoth', value: 3 },
    ],
  },
  {
    name: 'isOpen',
    type: 'switch',
    switchValues: [MenuOpen.yes, MenuOpen.no],
    initialValue: MenuOpen.no,
    help: 'screens.menu.isOpenHelp',
    table: { width: 100 },
  },
  { name: 'sort', type: 'number', precision: 0, initialValue: 1, table: { width: 80 } },
  { name: 'roles', table: false, help: 'screens.menu.rolesHelp' },
  { name: 'routeGroup', table: false, help: 'screens.menu.routeGroupHelp' },
  { name: 'routeQuery', table: false, help: 'screens.menu.routeQueryHelp' },
  { name: 'remark', type: 'textarea', table: false },
]);

/** After a change the signed-in administrator's own sidebar shows it too. */
const api = {
  ...menuAdminApi,
  submit: async (record: Parameters<typeof menuAdminApi.submit>[0]) => {
    const saved = await menuAdminApi.submit(record);
    void useMenuStore.getState().loadMenu();
    return saved;
  },
  remove: async (ids: readonly string[]) => {
    const removed = await menuAdminApi.remove(ids);
    void useMenuStore.getState().loadMenu();
    return removed;
  },
};

export default function MenuPage() {
  return (
    <CrudPage<MenuRow>
      resource={menuEntity.name}
      api={api}
      fields={fields}
      permissions={entityPermissions(menuEntity)}
      actionWidth={240}
      addChild={{
        hidden: (record) => Number(record.category) === MenuCategory.button,
        preset: () => ({ category: MenuCategory.menu }),
      }}
    />
  );
}
