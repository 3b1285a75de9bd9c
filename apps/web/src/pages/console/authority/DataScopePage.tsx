import { type DataScope, dataScopeEntity } from '@cube/contract';
import { Tag } from 'antd';
import { dataScopeApi, fetchPageTree } from '../../../api/authority';
import { CrudPage, entityFields, entityPermissions } from '../../../components/crud';
import { i18n } from '../../../lib/i18n';
import { CustomRuleEditor } from './CustomRuleEditor';

/**
 * 数据权限: the pages on the left, the data-scope rules of the chosen page on the right.
 * A custom rule (type 5) is a JSON list of structured conditions, never SQL; the server checks it on save.
 */
const fields = entityFields(dataScopeEntity, [
  {
    name: 'menuId',
    type: 'tree',
    table: false,
    tree: { queryKey: ['menu', 'tree'], load: fetchPageTree },
  },
  { name: 'scopeName', search: true, table: { width: 200 } },
  { name: 'resourceCode', search: true, table: { width: 140 } },
  { name: 'scopeColumn', table: { width: 130 } },
  {
    name: 'scopeType',
    type: 'select',
    initialValue: 1,
    options: [
      { label: 'screens.dataScope.type1', value: 1 },
      { label: 'screens.dataScope.type2', value: 2 },
      { label: 'screens.dataScope.type3', value: 3 },
      { label: 'screens.dataScope.type4', value: 4 },
      { label: 'screens.dataScope.type5', value: 5 },
    ],
    table: {
      width: 150,
      render: (value) => (
        <Tag color="geekblue">{i18n.t(`screens.dataScope.type${Number(value)}` as never)}</Tag>
      ),
    },
  },
  { name: 'scopeField', table: false, initialValue: '*' },
  { name: 'scopeClass', table: false },
  {
    name: 'scopeValue',
    control: CustomRuleEditor,
    span: 24,
    help: 'screens.dataScope.scopeValueHelp',
    table: { ellipsis: true, render: (value) => describeRule(value) },
  },
  { name: 'remark', type: 'textarea', table: false, span: 24 },
]);

/** A custom rule as the list shows it: `category 属于（逗号分隔） 1,2 且 …`. */
function describeRule(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  try {
    const conditions = JSON.parse(value) as Array<{ column: string; operator: string; value: string }>;
    return conditions
      .map((c) =>
        `${c.column} ${i18n.t(`screens.dataScope.op_${c.operator}` as never)} ${c.value ?? ''}`.trim(),
      )
      .join(` ${i18n.t('screens.dataScope.ruleAnd')} `);
  } catch {
    return value;
  }
}

export default function DataScopePage() {
  return (
    <CrudPage<DataScope>
      resource={dataScopeEntity.name}
      api={dataScopeApi}
      fields={fields}
      permissions={entityPermissions(dataScopeEntity)}
      treeFilter={{
        param: 'menuId',
        title: 'screens.dataScope.menus',
        queryKey: ['menu', 'tree'],
        load: fetchPageTree,
      }}
    />
  );
}
