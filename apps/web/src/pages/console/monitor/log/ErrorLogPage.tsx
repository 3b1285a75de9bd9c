import { type LogError, type LogErrorStats, logErrorEntity } from '@cube/contract';
import { logErrorApi, logErrorStats } from '../../../../api/logs';
import { createTimeField, entityFields } from '../../../../components/crud';
import { codeLabel } from '../../../../lib/codeLabels';
import { LogScreen } from './LogScreen';

/** 错误日志: the server's unhandled errors (cube-server) and the browser's uploaded errors (cube-web). */
export const errorLogFields = entityFields(logErrorEntity, [
  {
    name: 'serviceId',
    search: true,
    table: { width: 120, render: (value) => codeLabel('serviceId', value) },
  },
  {
    name: 'exceptionName',
    search: true,
    table: { width: 160, render: (value) => codeLabel('exceptionName', value) },
  },
  { name: 'message', search: true, table: { ellipsis: true } },
  { name: 'requestUri', search: true, table: { ellipsis: true } },
  { name: 'createBy', search: true, table: { width: 120 } },
  { name: 'remoteIp', table: { width: 140 } },
  createTimeField({ label: 'screens.logError.createTime' }),
]);

export default function ErrorLogPage() {
  return (
    <LogScreen<LogError, LogErrorStats>
      entity={logErrorEntity}
      api={logErrorApi}
      fields={errorLogFields}
      stats={logErrorStats}
      charts={[
        {
          key: 'perDay',
          title: 'screens.logError.perDay',
          valueLabel: 'screens.logError.count',
          color: '#f5222d',
        },
        {
          key: 'byName',
          title: 'screens.logError.byName',
          valueLabel: 'screens.logError.count',
          layout: 'rows',
          color: '#f5222d',
        },
      ]}
      detail={[
        { name: 'id' },
        { name: 'tenantId' },
        { name: 'serviceId' },
        { name: 'exceptionName' },
        { name: 'message', pre: true },
        { name: 'method' },
        { name: 'requestUri' },
        { name: 'fileName' },
        { name: 'lineNumber' },
        { name: 'createBy' },
        { name: 'createTime' },
        { name: 'remoteIp' },
        { name: 'userAgent' },
        { name: 'serverHost' },
        { name: 'serverIp' },
        { name: 'env' },
        { name: 'params', pre: true },
        { name: 'stackTrace', pre: true },
      ]}
    />
  );
}
