import { SettingOutlined } from '@ant-design/icons';
import { TOP_MENU_SETTING_CODE, type TopMenuRecord, topMenuEntity } from '@cube/contract';
import { useState } from 'react';
import { topMenuApi } from '../../../../api/menuAdmin';
import { CrudPage, createTimeField, entityFields, entityPermissions } from '../../../../components/crud';
import { IconPicker } from '../../../../components/icon/IconPicker';
import { MenuIcon } from '../../../../components/shell/MenuIcon';
import { useMenuStore } from '../../../../stores/menu';
import { TopMenuGrantDialog } from './TopMenuGrantDialog';

/** 顶部菜单: the tenant's header menu; 菜单配置 links pages to the chosen top menus. */
const fields = entityFields(topMenuEntity, [
  { name: 'name', search: true },
  { name: 'code', search: true },
  {
    name: 'source',
    control: IconPicker,
    table: { width: 90, render: (value) => (value ? <MenuIcon source={String(value)} /> : null) },
  },
  { name: 'path', table: { ellipsis: true } },
  { name: 'sort', type: 'number', precision: 0, initialValue: 1, table: { width: 90 } },
  createTimeField({ search: false, form: false, table: { width: 170 } }),
]);

/** The header shows a change of this browser's tenant at once. */
const api = {
  ...topMenuApi,
  submit: async (record: Parameters<typeof topMenuApi.submit>[0]) => {
    const saved = await topMenuApi.submit(record);
    void useMenuStore.getState().loadTopMenus();
    return saved;
  },
  remove: async (ids: readonly string[]) => {
    const removed = await topMenuApi.remove(ids);
    void useMenuStore.getState().loadTopMenus();
    return removed;
  },
};

export default function TopMenuPage() {
  const [granting, setGranting] = useState<readonly TopMenuRecord[]>();
  return (
    <>
      <CrudPage<TopMenuRecord>
        resource={topMenuEntity.name}
        api={api}
        fields={fields}
        permissions={entityPermissions(topMenuEntity)}
        actionWidth={260}
        toolbarActions={[
          {
            key: 'setting',
            label: 'screens.topmenu.setting',
            icon: <SettingOutlined />,
            permission: TOP_MENU_SETTING_CODE,
            selection: 'multiple',
            onClick: ({ selectedRows }) => setGranting(selectedRows),
          },
        ]}
        rowActions={[
          {
            key: 'setting',
            label: 'screens.topmenu.setting',
            icon: <SettingOutlined />,
            permission: TOP_MENU_SETTING_CODE,
            onClick: ({ record }) => setGranting([record]),
          },
        ]}
      />
      <TopMenuGrantDialog rows={granting} onClose={() => setGranting(undefined)} />
    </>
  );
}
