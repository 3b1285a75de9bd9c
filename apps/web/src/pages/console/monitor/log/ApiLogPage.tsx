import { type LogApi, type LogApiStats, logApiEntity } from '@cube/contract';
import { Tag } from 'antd';
import { logApiApi, logApiStats } from '../../../../api/logs';
import { createTimeField, entityFields } from '../../../../components/crud';
import { LogScreen } from './LogScreen';

const statusColor = (status: number) => (status >= 500 ? 'red' : status >= 400 ? 'orange' : 'green');

/** 接口日志: every authenticated API call, with status, duration, caller and redacted parameters. */
const fields = entityFields(logApiEntity, [
  { name: 'title', search: true, table: { width: 200 } },
  { name: 'method', search: true, table: { width: 90 } },
  { name: 'requestUri', search: true, table: { ellipsis: true } },
  {
    name: 'status',
    type: 'number',
    search: true,
    table: {
      width: 90,
      render: (value) => <Tag color={statusColor(Number(value))}>{String(value)}</Tag>,
    },
  },
  { name: 'time', type: 'number', table: { width: 110 } },
  { name: 'createBy', search: true, table: { width: 120 } },
  { name: 'remoteIp', search: true, table: { width: 140 } },
  createTimeField({ label: 'screens.logApi.createTime' }),
]);

export default function ApiLogPage() {
  return (
    <LogScreen<LogApi, LogApiStats>
      entity={logApiEntity}
      api={logApiApi}
      fields={fields}
      stats={logApiStats}
      charts={[
        {
          key: 'perHour',
          title: 'screens.logApi.perHour',
          valueLabel: 'screens.logApi.count',
          wide: true,
        },
        {
          key: 'slowest',
          title: 'screens.logApi.slowest',
          valueLabel: 'screens.logApi.avgMs',
          layout: 'rows',
          color: '#fa8c16',
        },
        {
          key: 'byStatus',
          title: 'screens.logApi.byStatus',
          valueLabel: 'screens.logApi.count',
          layout: 'rows',
          color: '#52c41a',
        },
      ]}
      detail={[
        { name: 'id' },
        { name: 'tenantId' },
        { name: 'title' },
        { name: 'method' },
        { name: 'requestUri' },
        { name: 'methodClass' },
        { name: 'status' },
        { name: 'time' },
        { name: 'createBy' },
        { name: 'userId' },
        { name: 'createTime' },
        { name: 'remoteIp' },
        { name: 'userAgent' },
        { name: 'serviceId' },
        { name: 'serverHost' },
        { name: 'serverIp' },
        { name: 'env' },
        { name: 'params', pre: true },
      ]}
    />
  );
}
