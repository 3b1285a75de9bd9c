import { DownloadOutlined } from '@ant-design/icons';
import { LEAD_EXPORT_PERMISSION, type Lead, leadEntity } from '@cube/contract';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportLeads, findUsers, leadApi } from '../../../../api/lead';
import {
  type CrudControlProps,
  CrudPage,
  createTimeField,
  entityFields,
  entityPermissions,
} from '../../../../components/crud';
import { reportFailure } from '../../../../components/crud/failures';
import { useMessageApi } from '../../../../lib/feedback';
import { userChoiceOptions } from '../../../../lib/userChoices';

/** 跟进人: one of the tenant's users, searched by name as the user types. */
function AssigneeSelect({ value, onChange, disabled, id }: CrudControlProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useDeferredValue(text);
  const users = useQuery({ queryKey: ['lead-assignees', search], queryFn: () => findUsers(search) });
  const options = userChoiceOptions(users.data ?? []);
  return (
    <Select
      id={id}
      showSearch
      allowClear
      disabled={disabled}
      value={(value as string) || undefined}
      onChange={(next) => onChange?.(next ?? '')}
      onSearch={setText}
      filterOption={false}
      loading={users.isFetching}
      options={options}
      placeholder={t('screens.lead.assigneePlaceholder')}
    />
  );
}

const fields = entityFields(leadEntity, [
  { name: 'name', search: true, table: { width: 100 } },
  { name: 'phone', search: true, table: { width: 120 } },
  // Read in the dialog: the list keeps room for what staff act on (message, status, assignee).
  { name: 'company', search: true, table: false },
  { name: 'service', type: 'dict', dict: { code: 'lead_service' }, search: true, table: { width: 100 } },
  {
    name: 'leadStatus',
    type: 'dict',
    dict: { code: 'lead_status', numeric: true },
    search: true,
    initialValue: 1,
    table: { width: 90 },
  },
  {
    name: 'assigneeId',
    type: 'select',
    control: AssigneeSelect,
    table: { width: 90, render: (_value, record) => (record as Lead).assigneeName || '-' },
  },
  createTimeField({ label: 'screens.lead.createTime', table: { width: 160 } }),
  { name: 'message', type: 'textarea', rows: 4, span: 24, table: { width: 240, ellipsis: true } },
  { name: 'notes', type: 'textarea', rows: 4, span: 24, table: false },
  // The visitor's consent to the privacy notice, as the public form stored it: read in the detail, never edited.
  {
    name: 'privacyConsent',
    type: 'select',
    options: [
      { label: 'screens.lead.consentGiven', value: 1 },
      { label: 'screens.lead.consentNone', value: 0 },
    ],
    form: false,
    view: true,
    table: false,
  },
  { name: 'consentTime', type: 'datetime', form: false, view: true, table: false },
]);

/** 客户咨询: what visitors sent through the public site's form, followed up here (status, assignee, notes). */
export default function LeadPage() {
  const message = useMessageApi();
  return (
    <CrudPage<Lead>
      resource={leadEntity.name}
      api={leadApi}
      fields={fields}
      permissions={entityPermissions(leadEntity)}
      toolbarActions={[
        {
          key: 'export',
          label: 'screens.lead.export',
          icon: <DownloadOutlined />,
          permission: LEAD_EXPORT_PERMISSION,
          onClick: async ({ filters }) => {
            try {
              await exportLeads(filters);
            } catch (error) {
              reportFailure(error, message);
            }
          },
        },
      ]}
    />
  );
}
