import { type Datasource, datasourceEntity } from '@cube/contract';
import { Input } from 'antd';
import { datasourceApi } from '../../../../api/datasource';
import {
  type CrudControlProps,
  CrudPage,
  createTimeField,
  entityFields,
  entityPermissions,
} from '../../../../components/crud';

/** The password field: a password input; the saved password reads back as a mask, which a save leaves unchanged. */
function PasswordInput({ value, onChange, disabled, id }: CrudControlProps) {
  return (
    <Input.Password
      id={id}
      disabled={disabled}
      value={(value as string) ?? ''}
      onChange={(event) => onChange?.(event.target.value)}
      autoComplete="new-password"
      visibilityToggle={false}
    />
  );
}

const fields = entityFields(datasourceEntity, [
  { name: 'name', search: true, table: { width: 180 } },
  { name: 'driverClass', initialValue: 'org.postgresql.Driver', table: false },
  { name: 'url', search: true, span: 24, help: 'screens.datasource.urlHelp', table: { ellipsis: true } },
  { name: 'username', table: { width: 120 } },
  {
    name: 'password',
    control: PasswordInput,
    help: 'screens.datasource.passwordHelp',
    table: false,
    view: false,
  },
  { name: 'poolSize', type: 'number', initialValue: 5, table: { width: 100 } },
  { name: 'remark', type: 'textarea', span: 24, table: false },
  createTimeField({ search: false, table: { width: 170 } }),
]);

/**
 * 数据源管理 (platform administrator only): the PostgreSQL databases tenants can be bound to (租户管理 →
 * 数据源配置). A save connects first and is refused when the database cannot be reached.
 */
export default function DatasourcePage() {
  return (
    <CrudPage<Datasource>
      resource={datasourceEntity.name}
      api={datasourceApi}
      fields={fields}
      permissions={entityPermissions(datasourceEntity)}
    />
  );
}
