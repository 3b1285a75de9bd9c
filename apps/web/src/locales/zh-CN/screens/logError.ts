import { logFields } from './logFields';

export const logError = {
  ...logFields,
  stackTrace: '堆栈信息',
  exceptionName: '异常名称',
  message: '异常信息',
  fileName: '文件名',
  lineNumber: '行号',
  perDay: '近 7 天每日错误数',
  byName: '近 7 天最多的异常',
  count: '错误数',
};
