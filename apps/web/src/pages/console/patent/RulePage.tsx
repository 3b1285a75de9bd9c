import {
  DEADLINE_ANCHOR_CODES,
  NOTICE_TYPES,
  PATENT_TYPES,
  type PatentDeadlineRule,
  patentDeadlineRuleEntity,
} from '@cube/contract';
import { Alert, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { patentDeadlineRuleApi } from '../../../api/patent';
import { type CrudControlProps, CrudPage, entityFields, entityPermissions } from '../../../components/crud';
import { codeOptions } from './controls';

/** The patent types a rule applies to, chosen by name; the record keeps the codes comma-joined (empty: all). */
function PatentTypesControl({ value, onChange, disabled, id }: CrudControlProps) {
  const { t } = useTranslation();
  const chosen = typeof value === 'string' && value !== '' ? value.split(',') : [];
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      disabled={disabled}
      value={chosen}
      onChange={(next: string[]) => onChange?.(next.join(','))}
      options={PATENT_TYPES.map((code) => ({
        value: code,
        label: t(`screens.patentApplication.types.${code}`),
      }))}
    />
  );
}

/**
 * The rule's name (期限事项) is what the list shows; its code (规则编号, APP_FEE) is an identifier the rule's author
 * types and searches by, so it stays, smaller, under the name.
 */
function RuleName({ name, code }: { name: unknown; code: unknown }) {
  return (
    <>
      <div>{String(name ?? '')}</div>
      {code ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {String(code)}
        </Typography.Text>
      ) : null}
    </>
  );
}

const yesNo = [
  { value: 1, label: 'crud.yes' as const },
  { value: 0, label: 'crud.no' as const },
];

const fields = entityFields(patentDeadlineRuleEntity, [
  {
    name: 'kind',
    search: true,
    table: { width: 200, render: (value, record) => <RuleName name={value} code={record.ruleCode} /> },
  },
  { name: 'ruleCode', search: true, table: false },
  {
    name: 'noticeType',
    type: 'select',
    options: codeOptions(NOTICE_TYPES, 'screens.patentNotice.types'),
    search: true,
    table: { width: 170, ellipsis: true },
  },
  {
    name: 'patentTypes',
    help: 'screens.patentDeadlineRule.patentTypesHelp',
    control: PatentTypesControl,
    table: false,
  },
  {
    name: 'anchor',
    type: 'select',
    options: codeOptions(DEADLINE_ANCHOR_CODES, 'screens.patentDeadlineRule.anchors'),
    // In the dialog: the anchors' names are long, and the periods and sign-off matter more in the list.
    table: false,
  },
  {
    name: 'offsetMonths',
    type: 'number',
    min: 0,
    max: 240,
    precision: 0,
    initialValue: 0,
    table: { width: 70 },
  },
  {
    name: 'offsetDays',
    type: 'number',
    min: 0,
    max: 366,
    precision: 0,
    initialValue: 0,
    table: { width: 70 },
  },
  {
    name: 'internalWorkdays',
    type: 'number',
    min: 0,
    max: 60,
    precision: 0,
    initialValue: 5,
    table: { width: 100 },
  },
  { name: 'usesNoticePeriod', type: 'select', options: yesNo, initialValue: 0, table: false },
  { name: 'feeType', table: false },
  { name: 'enabled', type: 'select', options: yesNo, initialValue: 1, search: true, table: false },
  { name: 'signedOff', type: 'select', options: yesNo, initialValue: 0, search: true, table: { width: 100 } },
  { name: 'note', type: 'textarea', table: false },
]);

/** 期限规则: which notice starts which period; every seeded rule awaits an attorney's sign-off. */
export default function RulePage() {
  const { t } = useTranslation();
  return (
    <>
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        message={t('screens.patentDeadlineRule.signOffWarning')}
      />
      <CrudPage<PatentDeadlineRule>
        resource={patentDeadlineRuleEntity.name}
        api={patentDeadlineRuleApi}
        fields={fields}
        permissions={entityPermissions(patentDeadlineRuleEntity)}
      />
    </>
  );
}
