import { type Param, paramEntity } from '@cube/contract';
import { paramApi } from '../../../../api/param';
import { CrudPage, createTimeField, entityFields, entityPermissions } from '../../../../components/crud';

/** System parameters: labels, validation and button codes come from the contract's `paramEntity`. */
const fields = entityFields(paramEntity, [
  { name: 'paramName', search: true },
  { name: 'paramKey', search: true },
  { name: 'paramValue', type: 'textarea', search: true, rows: 6, table: { ellipsis: true } },
  { name: 'remark', type: 'textarea', table: false },
  createTimeField(),
]);

export default function ParamPage() {
  return (
    <CrudPage<Param>
      resource={paramEntity.name}
      api={paramApi}
      fields={fields}
      permissions={entityPermissions(paramEntity)}
    />
  );
}
