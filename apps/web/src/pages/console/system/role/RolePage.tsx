import { SettingOutlined } from '@ant-design/icons';
import { ROLE_GRANT_CODE, roleEntity } from '@cube/contract';
import { useState } from 'react';
import { fetchRoleTree, type RoleRow, roleApi } from '../../../../api/authority';
import { CrudPage, entityFields, entityPermissions } from '../../../../components/crud';
import { RoleGrantDialog } from './RoleGrantDialog';

/** 角色管理: the tenant's role tree; 权限设置 grants menus, data scopes and API scopes. */
const fields = entityFields(roleEntity, [
  { name: 'roleName', search: true, table: { width: 240 } },
  { name: 'roleAlias', search: true },
  {
    name: 'parentId',
    type: 'tree',
    table: false,
    tree: { queryKey: ['role', 'tree'], load: fetchRoleTree },
  },
  { name: 'sort', type: 'number', precision: 0, initialValue: 1, table: { width: 100 } },
]);

export default function RolePage() {
  const [granting, setGranting] = useState<readonly RoleRow[]>();
  return (
    <>
      <CrudPage<RoleRow>
        resource={roleEntity.name}
        api={roleApi}
        fields={fields}
        permissions={entityPermissions(roleEntity)}
        actionWidth={300}
        addChild
        toolbarActions={[
          {
            key: 'grant',
            label: 'screens.role.grant',
            icon: <SettingOutlined />,
            permission: ROLE_GRANT_CODE,
            selection: 'multiple',
            onClick: ({ selectedRows }) => setGranting(selectedRows),
          },
        ]}
        rowActions={[
          {
            key: 'grant',
            label: 'screens.role.grant',
            icon: <SettingOutlined />,
            permission: ROLE_GRANT_CODE,
            onClick: ({ record }) => setGranting([record]),
          },
        ]}
      />
      <RoleGrantDialog rows={granting} onClose={() => setGranting(undefined)} />
    </>
  );
}
