import type { Messages } from '../../zh-CN';
import { logFields } from './logFields';

export const logError: Messages['screens']['logError'] = {
  ...logFields,
  stackTrace: 'Stack trace',
  exceptionName: 'Exception',
  message: 'Message',
  fileName: 'File',
  lineNumber: 'Line',
  perDay: 'Errors per day (last 7 days)',
  byName: 'Most frequent exceptions (last 7 days)',
  count: 'Errors',
};
