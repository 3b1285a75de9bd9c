import type { Messages } from '../../zh-CN';
import { logFields } from './logFields';

export const logUsual: Messages['screens']['logUsual'] = {
  ...logFields,
  logLevel: 'Level',
  logId: 'Event code',
  title: 'Event',
  logData: 'Event data',
  userId: 'User ID',
  perDay: 'Events per day (last 7 days)',
  byEvent: 'Most frequent events (last 7 days)',
  count: 'Count',
};
