import type { Messages } from '../../zh-CN';
import { logFields } from './logFields';

export const logApi: Messages['screens']['logApi'] = {
  ...logFields,
  type: 'Log type',
  title: 'API',
  methodClass: 'Route',
  status: 'Status',
  time: 'Duration (ms)',
  userId: 'User ID',
  perHour: 'Requests per hour (last 24 hours)',
  slowest: 'Slowest routes (mean ms, last 24 hours)',
  byStatus: 'Status classes (last 24 hours)',
  count: 'Requests',
  avgMs: 'Mean duration (ms)',
};
