import {
  DEADLINE_ANCHOR_CODES,
  NOTICE_TYPES,
  type PatentDeadlineRule,
  patentDeadlineRuleEntity,
} from '@cube/contract';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { patentDeadlineRuleApi } from '../../../api/patent';
import { CrudPage, entityFields, entityPermissions } from '../../../components/crud';
import { codeOptions } from './controls';

const yesNo = [
  { value: 1, label: 'crud.yes' as const },
  { value: 0, label: 'crud.no' as const },
];

const fields = entityFields(patentDeadlineRuleEntity, [
  { name: 'ruleCode', search: true, table: { width: 170 } },
  { name: 'kind', search: true, table: { width: 120, ellipsis: true } },
  {
    name: 'noticeType',
    type: 'select',
    options: codeOptions(NOTICE_TYPES, 'screens.patentNotice.types'),
    search: true,
    table: { width: 170, ellipsis: true },
  },
  { name: 'patentTypes', help: 'screens.patentDeadlineRule.patentTypesHelp', table: false },
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
