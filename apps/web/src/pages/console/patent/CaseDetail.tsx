import {
  DEADLINE_STATUSES,
  NOTICE_TYPES,
  PATENT_STATUSES,
  PATENT_TYPES,
  type PatentApplication,
  type PatentDeadline,
  type PatentFee,
  type PatentNotice,
  patentApplicationEntity,
  patentDeadlineEntity,
  patentFeeEntity,
  patentNoticeEntity,
  RECEIPT_RULE_CODES,
} from '@cube/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { caseScoped, patentDeadlineApi, patentFeeApi, patentNoticeApi } from '../../../api/patent';
import { CrudPage, createTimeField, entityFields, entityPermissions } from '../../../components/crud';
import { CaseDocuments } from './CaseDocuments';
import { CompanySelect, codeOptions, UserSelect } from './controls';

export const caseFields = entityFields(patentApplicationEntity, [
  { name: 'docketNo', search: true, table: { width: 100 } },
  {
    name: 'patentType',
    type: 'select',
    options: codeOptions(PATENT_TYPES, 'screens.patentApplication.types'),
    search: true,
    table: { width: 90 },
  },
  { name: 'title', search: true, table: { width: 160, ellipsis: true } },
  {
    name: 'companyId',
    type: 'select',
    control: CompanySelect,
    table: { width: 150, ellipsis: true, render: (_v, r) => (r as PatentApplication).companyName || '-' },
    // The view dialog shows the name the server resolved (below), not the id.
    view: false,
  },
  {
    name: 'companyName',
    label: 'screens.patentApplication.companyId',
    form: false,
    table: false,
    view: true,
  },
  { name: 'inventors', table: false },
  {
    name: 'agentUserId',
    type: 'select',
    control: UserSelect,
    // The list keeps room for the status (the dashboard groups by agent); the view dialog shows the name.
    table: false,
    view: false,
  },
  {
    name: 'agentName',
    label: 'screens.patentApplication.agentUserId',
    form: false,
    table: false,
    view: true,
  },
  { name: 'applicationNo', search: true, table: { width: 130 } },
  { name: 'filingDate', type: 'date', table: false },
  {
    name: 'patentStatus',
    type: 'select',
    options: codeOptions(PATENT_STATUSES, 'screens.patentApplication.statuses'),
    initialValue: 'drafting',
    search: true,
    table: { width: 100 },
  },
  { name: 'remark', type: 'textarea', table: false },
  createTimeField({ search: false, table: false }),
]);

const noticeFields = entityFields(patentNoticeEntity, [
  {
    name: 'noticeType',
    type: 'select',
    options: codeOptions(NOTICE_TYPES, 'screens.patentNotice.types'),
    table: { width: 200 },
  },
  { name: 'noticeNo', table: { width: 110 } },
  { name: 'dispatchDate', type: 'date', table: { width: 110 } },
  { name: 'enteredDate', type: 'date', table: false },
  {
    name: 'receiptRule',
    type: 'select',
    options: codeOptions(RECEIPT_RULE_CODES, 'screens.patentNotice.rules'),
    help: 'screens.patentNotice.receiptRuleHelp',
    table: { width: 170 },
  },
  { name: 'receiptDate', form: false, table: { width: 110 } },
  {
    name: 'periodMonths',
    type: 'number',
    min: 0,
    max: 12,
    precision: 0,
    initialValue: 0,
    help: 'screens.patentNotice.periodMonthsHelp',
    table: false,
  },
  { name: 'remark', type: 'textarea', table: false },
]);

const deadlineFields = entityFields(patentDeadlineEntity, [
  { name: 'kind', table: { width: 160 } },
  { name: 'officialDue', type: 'date', table: { width: 110 } },
  { name: 'internalDue', type: 'date', table: { width: 110 } },
  { name: 'periodEnd', form: false, table: false },
  { name: 'ruleCode', form: false, table: false },
  {
    name: 'deadlineStatus',
    type: 'select',
    options: codeOptions(DEADLINE_STATUSES, 'screens.patentDeadline.statuses'),
    initialValue: 'open',
    table: { width: 80 },
  },
  {
    name: 'ownerUserId',
    type: 'select',
    control: UserSelect,
    table: { width: 90, render: (_v, r) => (r as PatentDeadline).ownerName || '-' },
  },
  { name: 'doneDate', type: 'date', table: false },
  { name: 'remark', type: 'textarea', table: false },
]);

const feeFields = entityFields(patentFeeEntity, [
  { name: 'feeType', table: { width: 140 } },
  { name: 'feeYear', type: 'number', min: 0, max: 30, precision: 0, initialValue: 0, table: false },
  { name: 'amountDue', type: 'number', min: 0, precision: 2, initialValue: 0, table: { width: 100 } },
  {
    name: 'reductionPct',
    type: 'number',
    min: 0,
    max: 100,
    precision: 0,
    initialValue: 0,
    table: { width: 100 },
  },
  { name: 'dueDate', type: 'date', table: { width: 110 } },
  { name: 'paidDate', type: 'date', table: { width: 110 } },
  { name: 'amountPaid', type: 'number', min: 0, precision: 2, initialValue: 0, table: { width: 100 } },
  { name: 'receiptNo', table: false },
  { name: 'remark', type: 'textarea', table: false },
]);

/**
 * A case's notices, deadlines and fees, and its step documents: recording a notice adds the deadlines its rules
 * give. Shown in 专利案件's side panel and on the case's flow pages (我的事务), which show the documents in a card
 * of their own (`documents={false}` here).
 */
export function CaseDetail({
  applicationId,
  documents = true,
}: {
  applicationId: string;
  documents?: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = applicationId;
  const apis = useMemo(
    () => ({
      notice: caseScoped<PatentNotice>(patentNoticeApi, id),
      deadline: caseScoped<PatentDeadline>(patentDeadlineApi, id),
      fee: caseScoped<PatentFee>(patentFeeApi, id),
    }),
    [id],
  );
  return (
    <Tabs
      // A notice recorded on the first tab changes the other two: they are read again when shown.
      onChange={() => {
        void queryClient.invalidateQueries({ queryKey: [`patentDeadline:${id}`] });
        void queryClient.invalidateQueries({ queryKey: [`patentFee:${id}`] });
      }}
      items={[
        {
          key: 'notices',
          label: t('screens.patentApplication.tabNotices'),
          children: (
            <CrudPage<PatentNotice>
              resource={`patentNotice:${id}`}
              api={apis.notice}
              fields={noticeFields}
              permissions={entityPermissions(patentNoticeEntity)}
              dialogWidth={720}
            />
          ),
        },
        {
          key: 'deadlines',
          label: t('screens.patentApplication.tabDeadlines'),
          children: (
            <CrudPage<PatentDeadline>
              resource={`patentDeadline:${id}`}
              api={apis.deadline}
              fields={deadlineFields}
              permissions={entityPermissions(patentDeadlineEntity)}
              dialogWidth={720}
            />
          ),
        },
        {
          key: 'fees',
          label: t('screens.patentApplication.tabFees'),
          children: (
            <CrudPage<PatentFee>
              resource={`patentFee:${id}`}
              api={apis.fee}
              fields={feeFields}
              permissions={entityPermissions(patentFeeEntity)}
              dialogWidth={720}
            />
          ),
        },
        ...(documents
          ? [
              {
                key: 'documents',
                label: t('screens.patentDocument.title'),
                children: <CaseDocuments applicationId={id} framed={false} />,
              },
            ]
          : []),
      ]}
    />
  );
}
