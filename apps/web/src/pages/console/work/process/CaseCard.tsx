import { type FlowInstanceDetail, patentApplicationEntity } from '@cube/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Empty, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { patentApplicationApi } from '../../../../api/patent';
import type { MessageKey } from '../../../../components/crud';
import { useCan } from '../../../../stores/permission';
import { CaseDetail } from '../../patent/CaseDetail';

const hasBusiness = (businessId: string | undefined) => Boolean(businessId && businessId !== '0');

/**
 * Whether the user may open cases. Reading is the 专利案件 menu's grant, which the browser does not hold (the
 * permission set is buttons); the menu's 查看 button goes with it, so that button stands for it here. The server
 * checks again.
 */
export const CASE_READ = patentApplicationEntity.permissions.view ?? patentApplicationEntity.permissions.read;

export const caseKey = (id: string) => [patentApplicationEntity.name, 'detail', id] as const;

/**
 * 案件信息 of a patent flow page: for users who may read cases, the case with its notices, deadlines and fees
 * (recording a notice there adds the deadlines its rules give); for whoever handles the open step (`handler`, the
 * handle page), the case itself — the server lets the step's assignee or candidates read it whatever their case
 * grants; for others what the process recorded.
 */
export function CaseCard({
  businessId,
  instance,
  handler = false,
}: {
  businessId: string;
  instance?: FlowInstanceDetail;
  handler?: boolean;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const mayReadCases = can(CASE_READ);
  const readable = hasBusiness(businessId) && (mayReadCases || handler);
  const record = useQuery({
    queryKey: caseKey(businessId),
    queryFn: () => patentApplicationApi.detail(businessId),
    enabled: readable,
  });
  const title = t('screens.workProcess.caseCard');
  if (!hasBusiness(businessId))
    return (
      <Card size="small" title={title}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('screens.workProcess.noCase')} />
      </Card>
    );
  if (!readable)
    return (
      <Card size="small" title={title}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type="info" showIcon title={t('screens.workProcess.caseUnavailable')} />
          {instance ? <ProcessData instance={instance} /> : null}
        </Space>
      </Card>
    );
  const data = record.data;
  const label = (key: string) => t(`screens.patentApplication.${key}` as MessageKey);
  return (
    <Card size="small" title={title} data-testid="flow-case">
      {record.isError ? (
        <Alert type="warning" showIcon title={t('screens.workProcess.loadFailed')} />
      ) : !data ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'docketNo', label: label('docketNo'), children: data.docketNo },
              {
                key: 'patentType',
                label: label('patentType'),
                children: t(`screens.patentApplication.types.${data.patentType}` as MessageKey),
              },
              { key: 'title', label: label('title'), children: data.title, span: 'filled' },
              { key: 'companyId', label: label('companyId'), children: data.companyName || '-' },
              { key: 'agentUserId', label: label('agentUserId'), children: data.agentName || '-' },
              { key: 'inventors', label: label('inventors'), children: data.inventors || '-' },
              {
                key: 'patentStatus',
                label: label('patentStatus'),
                children: t(`screens.patentApplication.statuses.${data.patentStatus}` as MessageKey),
              },
              { key: 'applicationNo', label: label('applicationNo'), children: data.applicationNo || '-' },
              { key: 'filingDate', label: label('filingDate'), children: data.filingDate || '-' },
            ]}
          />
          {mayReadCases ? <CaseDetail applicationId={businessId} documents={false} /> : null}
        </Space>
      )}
    </Card>
  );
}

/** Process variables the engine keeps for itself or that only carry ids (shown elsewhere by name). */
const HIDDEN_VARIABLES = /(^initiator$|Id$|^pass$|^outcome$)/;

/**
 * The instance's scalar process data (ids left out, known names labelled): for users who may not open the case,
 * and for processes without one. `titled={false}` when the card around it already says 流程数据.
 */
export function ProcessData({ instance, titled = true }: { instance: FlowInstanceDetail; titled?: boolean }) {
  const { t } = useTranslation();
  const entries = Object.entries(instance.variables).filter(
    ([name, value]) => value !== null && value !== '' && !HIDDEN_VARIABLES.test(name),
  );
  const shown = (name: string, value: string | number | boolean) =>
    name === 'patentType'
      ? {
          label: t('screens.patentApplication.patentType'),
          value: t(`screens.patentApplication.types.${value}` as MessageKey),
        }
      : { label: name, value: String(value) };
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      title={titled ? t('screens.workProcess.variables') : undefined}
      items={[
        { key: '__title', label: t('screens.work.title'), children: instance.title || '-' },
        ...entries.map(([name, value]) => {
          const item = shown(name, value as string | number | boolean);
          return { key: name, label: item.label, children: item.value };
        }),
      ]}
    />
  );
}
