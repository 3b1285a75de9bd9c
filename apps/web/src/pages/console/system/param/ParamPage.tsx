import { type Param, paramApi } from '../../../../api/param';
import { type CrudField, CrudPage, createTimeField } from '../../../../components/crud';

/** System parameters (spec §3, §5): the first screen built on the CRUD framework. */
const fields: CrudField[] = [
  {
    name: 'paramName',
    label: 'screens.param.paramName',
    search: true,
    required: 'screens.param.nameRequired',
    maxLength: 255,
  },
  {
    name: 'paramKey',
    label: 'screens.param.paramKey',
    search: true,
    required: 'screens.param.keyRequired',
    maxLength: 255,
  },
  {
    name: 'paramValue',
    label: 'screens.param.paramValue',
    type: 'textarea',
    search: true,
    required: 'screens.param.valueRequired',
    maxLength: 65_535,
    rows: 6,
    table: { ellipsis: true },
  },
  { name: 'remark', label: 'screens.param.remark', type: 'textarea', maxLength: 1000, table: false },
  createTimeField(),
];

export default function ParamPage() {
  return (
    <CrudPage<Param>
      resource="param"
      api={paramApi}
      fields={fields}
      permissions={{ add: 'param_add', edit: 'param_edit', delete: 'param_delete', view: 'param_view' }}
    />
  );
}
