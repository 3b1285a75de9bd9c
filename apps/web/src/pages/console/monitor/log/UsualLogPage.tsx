import { type LogUsual, type LogUsualStats, logUsualEntity } from '@cube/contract';
import { logUsualApi, logUsualStats } from '../../../../api/logs';
import { createTimeField, entityFields } from '../../../../components/crud';
import { codeLabel } from '../../../../lib/codeLabels';
import { LogScreen } from './LogScreen';

/** 通用日志: business events (sign-ins, sign-outs, password changes, tenants created …). */
export const usualLogFields = entityFields(logUsualEntity, [
  { name: 'title', search: true, table: { width: 200 } },
  {
    name: 'logId',
    search: true,
    table: { width: 200, render: (value) => codeLabel('usualEvent', value) },
  },
  { name: 'logLevel', search: true, table: { width: 90, render: (value) => codeLabel('logLevel', value) } },
  { name: 'createBy', search: true, table: { width: 120 } },
  { name: 'remoteIp', search: true, table: { width: 140 } },
  { name: 'requestUri', table: { ellipsis: true } },
  createTimeField({ label: 'screens.logUsual.createTime' }),
]);

export default function UsualLogPage() {
  return (
    <LogScreen<LogUsual, LogUsualStats>
      entity={logUsualEntity}
      api={logUsualApi}
      fields={usualLogFields}
      stats={logUsualStats}
      charts={[
        { key: 'perDay', title: 'screens.logUsual.perDay', valueLabel: 'screens.logUsual.count' },
        {
          key: 'byEvent',
          title: 'screens.logUsual.byEvent',
          valueLabel: 'screens.logUsual.count',
          layout: 'rows',
        },
      ]}
      detail={[
        { name: 'id' },
        { name: 'tenantId' },
        { name: 'title' },
        { name: 'logId' },
        { name: 'logLevel' },
        { name: 'createBy' },
        { name: 'userId' },
        { name: 'createTime' },
        { name: 'method' },
        { name: 'requestUri' },
        { name: 'remoteIp' },
        { name: 'userAgent' },
        { name: 'serviceId' },
        { name: 'serverHost' },
        { name: 'serverIp' },
        { name: 'env' },
        { name: 'logData', pre: true },
        { name: 'params', pre: true },
      ]}
    />
  );
}
